import Composition
import Foundation
import LibAV

extension AVVideoComposition.ColorProperties {
    /// The dynamic range an export of `composition` encoded with `codec` writes, as on Apple's platforms: HDR in the
    /// transfer these properties name (HLG or PQ), or where they name none, in the sources' when one is HDR; SDR BT.709
    /// when they name BT.709, when no source is HDR, and always with H.264 and the other 8-bit codecs (HDR is
    /// written as 10-bit HEVC). nil is SDR. Throws for what cannot be written: P3, SMPTE C or BT.601 output, BT.2020
    /// SDR, HDR with BT.709 primaries or matrix, or HDR asked of a codec other than HEVC.
    func dynamicRange(codec: ExportSettings.VideoCodec,
                      composition: MutableComposition) throws(AVError) -> ExportSettings.DynamicRange? {
        try check(primaries, "colorPrimaries", [AVVideoColorPrimaries_ITU_R_709_2, AVVideoColorPrimaries_ITU_R_2020])
        try check(transfer, "colorTransferFunction", [AVVideoTransferFunction_ITU_R_709_2,
                                                      AVVideoTransferFunction_ITU_R_2100_HLG,
                                                      AVVideoTransferFunction_SMPTE_ST_2084_PQ])
        try check(matrix, "colorYCbCrMatrix", [AVVideoYCbCrMatrix_ITU_R_709_2, AVVideoYCbCrMatrix_ITU_R_2020])
        let named: ExportSettings.DynamicRange? = switch transfer {
        case AVVideoTransferFunction_ITU_R_2100_HLG: .hlg
        case AVVideoTransferFunction_SMPTE_ST_2084_PQ: .pq
        case AVVideoTransferFunction_ITU_R_709_2: .sdr
        default: nil
        }
        let narrow = primaries == AVVideoColorPrimaries_ITU_R_709_2 || matrix == AVVideoYCbCrMatrix_ITU_R_709_2
        let wide = primaries == AVVideoColorPrimaries_ITU_R_2020 || matrix == AVVideoYCbCrMatrix_ITU_R_2020
        switch named {
        case .hlg?, .pq?:
            guard !narrow else { throw Self.refuse("HDR (\(transfer!)) is written in BT.2020; leave colorPrimaries "
                                                   + "and colorYCbCrMatrix nil or set them to ITU_R_2020") }
            guard codec == .hevc else {
                throw Self.refuse("HDR (\(transfer!)) is written as 10-bit HEVC; use an HEVC preset, such as "
                                  + "AVAssetExportPresetHEVCHighestQuality")
            }
            return named
        case .sdr?:
            guard !wide else { throw Self.refuse("SDR is written in BT.709, not BT.2020") }
            return nil
        default:
            if narrow { return nil }
            guard codec == .hevc, Self.hasHDRSource(composition) else {
                guard !wide else { throw Self.refuse("SDR is written in BT.709, not BT.2020") }
                return nil
            }
            return .hdr
        }
    }

    /// Throws unless `value` (the property `name`) is nil or one of `written`.
    private func check(_ value: String?, _ name: String, _ written: [String]) throws(AVError) {
        guard let value, !written.contains(value) else { return }
        throw Self.refuse("\(name) '\(value)' is not written here; the values written are nil (the sources'), "
                          + written.map { "'\($0)'" }.joined(separator: " and "))
    }

    /// Whether a video source of `composition` is HDR (HLG or PQ), by its probed stream.
    private static func hasHDRSource(_ composition: MutableComposition) -> Bool {
        let files = Set(composition.tracks(withMediaType: .video).flatMap(\.segments).compactMap(\.sourceURL)
            .filter(\.isFileURL).map(\.path))
        return files.contains { path in
            guard let stream = try? MediaProbe().probe(path: path).primaryVideo else { return false }
            return ColorDescription(probed: stream).isHDR
        }
    }

    /// The error for colour properties the export cannot write.
    private static func refuse(_ problem: String) -> AVError {
        AVError(.invalidVideoComposition, .color(problem: problem))
    }
}
