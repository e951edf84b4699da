import YAML

/// Finds keys that are valid on their own but would do nothing where they are written, and reports each as an
/// error at its value: a key that is accepted must have an effect.
///
/// The rules (docs/manifest.md, "Keys that would do nothing"): with `tracks:`, the clip-sequence keys `intro`,
/// `outro`, `transition` and `snap` are errors, and `layers:` needs `tracks:`; a soundtrack's `duck_*` tuning needs `duck`;
/// an overlay's `margin` and its region's `x` / `y` are replaced by `anchor` placement, and `fade` by `opacity`
/// ramps; a title is placed by one of `position`, `anchor` or `region`; a muted clip has no `volume`; text that does
/// not shrink (`fit: none`) has no `min_size`.
enum IneffectiveKeyCheck {
    /// Checks the merged fields of one output (its template's keys included).
    static func check(_ fields: [String: YAMLNode], reader: inout NodeReader) {
        if fields["timeline"] != nil {
            for (key, hint) in [("intro", "put it in the timeline"), ("outro", "put it in the timeline"),
                                ("transition", "put the transitions in the timeline"),
                                ("layers", "the timeline's tracks are layered as its stack orders them"),
                                ("snap", "cut the timeline on the beat in the editor it comes from")] {
                if let node = fields[key] { reader.error("'\(key)' has no effect with 'timeline'; \(hint)", at: node) }
            }
        } else if fields["tracks"] != nil {
            for (key, hint) in [("intro", "put it in a track's 'segments', or use 'clips'"),
                                ("outro", "put it in a track's 'segments', or use 'clips'"),
                                ("transition", "overlap the segments and ramp the layers' 'opacity' instead"),
                                ("snap", "'snap' moves cuts between 'clips'; put the segments on the beats instead")] {
                if let node = fields[key] { reader.error("'\(key)' has no effect with 'tracks'; \(hint)", at: node) }
            }
        } else if let node = fields["layers"] {
            reader.error("'layers' has no effect without 'tracks'; use 'crop' and 'fit' on the clips, or spell out 'tracks'",
                         at: node)
        }
        for clip in [fields["intro"], fields["outro"]].compactMap({ $0 }) + (fields["clips"]?.items ?? []) {
            checkClip(clip, reader: &reader)
        }
        if let soundtrack = fields["soundtrack"] { checkSoundtrack(soundtrack, reader: &reader) }
        for overlay in items(fields["overlays"]) { checkOverlay(overlay, reader: &reader) }
        for title in items(fields["title"]) + items(fields["titles"]) { checkTitle(title, reader: &reader) }
        for text in items(fields["title"]) + items(fields["titles"]) + items(fields["captions"]) {
            checkFit(text, reader: &reader)
        }
    }

    /// `min_size` is how far `fit: shrink` may go: with `fit: none` nothing shrinks.
    private static func checkFit(_ text: YAMLNode, reader: inout NodeReader) {
        guard text.isMapping, text["fit"]?.string == "none", let node = text["min_size"] else { return }
        reader.error("'min_size' has no effect with 'fit: none', which keeps the size; remove one of them", at: node)
    }

    /// A list's items, or a single mapping as a list of one.
    private static func items(_ node: YAMLNode?) -> [YAMLNode] {
        guard let node else { return [] }
        return node.items ?? [node]
    }

    private static func checkClip(_ clip: YAMLNode, reader: inout NodeReader) {
        guard clip.isMapping, clip["mute"]?.bool == true, let volume = clip["volume"] else { return }
        reader.error("'volume' has no effect on a muted clip; remove 'mute' or 'volume'", at: volume)
    }

    private static func checkSoundtrack(_ soundtrack: YAMLNode, reader: inout NodeReader) {
        guard soundtrack.isMapping, soundtrack["duck"] == nil else { return }
        for key in ["duck_threshold", "duck_attack", "duck_release"] {
            if let node = soundtrack[key] {
                reader.error("'\(key)' has no effect without 'duck'; add 'duck' (such as '-10dB') or remove it", at: node)
            }
        }
    }

    private static func checkOverlay(_ overlay: YAMLNode, reader: inout NodeReader) {
        guard overlay.isMapping else { return }
        if let fade = overlay["fade"], overlay["opacity"]?.isSequence == true {
            reader.error("'fade' has no effect when 'opacity' is a list of ramps; put the fade into the ramps", at: fade)
        }
        if overlay["anchor"] != nil {
            for key in ["x", "y"] {
                if let node = overlay["region"]?[key] {
                    reader.error("region '\(key)' has no effect with 'anchor', which places the overlay; remove one of them",
                                 at: node)
                }
            }
        } else if let margin = overlay["margin"] {
            reader.error("'margin' has no effect without 'anchor'; add an anchor such as 'top-right', or remove it",
                         at: margin)
        }
    }

    private static func checkTitle(_ title: YAMLNode, reader: inout NodeReader) {
        guard title.isMapping else { return }
        let placing = ["position", "anchor", "region"].filter { title[$0] != nil }
        guard placing.count > 1, let winner = placing.last else { return }
        for key in placing.dropLast() {
            if let node = title[key] {
                reader.error("'\(key)' has no effect with '\(winner)'; place a title with one of 'position', 'anchor' or 'region'",
                             at: node)
            }
        }
    }
}
