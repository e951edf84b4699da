import Composition
import YAML

extension PresetLibrary {
    /// How many pixels wide and high one colour sample of a pixel format covers: (2, 2) for 4:2:0, (2, 1) for
    /// 4:2:2, (1, 1) for formats without chroma subsampling.
    static func chromaBlock(of pixelFormat: String) -> (width: Int, height: Int) {
        let name = pixelFormat.lowercased()
        if name.contains("420") || ["nv12", "nv21", "p010le", "p016le"].contains(name) { return (2, 2) }
        if name.contains("422") || ["nv16", "yuyv422", "uyvy422", "y210le"].contains(name) { return (2, 1) }
        if name.contains("411") { return (4, 1) }
        if name.contains("410") { return (4, 2) }
        return (1, 1)
    }

    /// The pixel format the encoder is fed: the preset's, except for pictures (JPEG takes `yuvj420p`, PNG `rgb24`).
    static func encodedPixelFormat(_ video: ExportSettings.Video) -> String {
        switch video.codec {
        case .mjpeg: "yuvj420p"
        case .png: "rgb24"
        default: video.pixelFormat
        }
    }

    /// An error when the size does not fit whole colour samples of the pixel format (an odd width in 4:2:0, which
    /// the encoder refuses at render time), placed at the key of `fields` that made it so.
    static func checkSize(_ video: ExportSettings.Video, fields: [String: YAMLNode], in node: YAMLNode,
                          reader: inout NodeReader) {
        // Reported where the size or format is set, not again in every preset built on it.
        guard ["width", "height", "pixel_format", "codec"].contains(where: { fields[$0] != nil }) else { return }
        let format = encodedPixelFormat(video)
        let block = chromaBlock(of: format)
        for (key, value, step) in [("width", video.width, block.width), ("height", video.height, block.height)]
        where value % step != 0 {
            let lower = value - value % step
            let suggestion = lower >= 16 ? "\(lower) or \(lower + step)" : "\(lower + step)"
            let multiple = step == 2 ? "even" : "a multiple of \(step)"
            let at = fields[key] ?? fields["pixel_format"] ?? fields["codec"] ?? node
            reader.error("'\(key)' \(value) is not \(multiple), which pixel format '\(format)' needs (each colour sample covers \(block.width)x\(block.height) pixels); use \(suggestion)", at: at)
            return
        }
    }
}

extension PresetLibrary {
    /// Resolves every preset in `defined` (a manifest's own, by name) so their mistakes are reported even when no
    /// output uses them; a preset reached through an earlier one's `base` chain is not resolved again (a loop is
    /// reported once).
    func check(_ defined: [String: YAMLNode], source: YAMLSource, diagnostics: inout DiagnosticList) {
        var reader = NodeReader(source: source)
        var covered = Set<String>()
        for (name, node) in defined.sorted(by: { $0.key < $1.key }) where !covered.contains(name) {
            _ = settings(named: name, at: node, reader: &reader)
            var next: String? = name
            while let current = next, covered.insert(current).inserted { next = entries[current]?.node["base"]?.string }
        }
        diagnostics.append(contentsOf: reader.diagnostics)
    }
}
