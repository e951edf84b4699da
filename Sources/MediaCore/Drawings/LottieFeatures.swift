import Foundation

/// What in a Lottie animation's JSON rlottie cannot draw here, found before rendering: text layers (rlottie draws
/// none) and image assets linked by file name (the animation is read from memory with no folder to load them from).
public enum LottieFeatures {
    /// One sentence per problem of the Lottie JSON `data`; empty when rlottie can draw all of it, and when it is no
    /// JSON object (rlottie's own parse reports that).
    public static func problems(in data: [UInt8]) -> [String] {
        guard let root = (try? JSONSerialization.jsonObject(with: Data(data))) as? [String: Any] else { return [] }
        var layers = root["layers"] as? [[String: Any]] ?? []
        let assets = root["assets"] as? [[String: Any]] ?? []
        for asset in assets { layers += asset["layers"] as? [[String: Any]] ?? [] }
        var problems: [String] = []
        let texts = layers.filter { $0["ty"] as? Int == 5 }.map { "'\($0["nm"] as? String ?? "?")'" }
        if !texts.isEmpty {
            problems.append("it has text layers (\(texts.joined(separator: ", "))), which rlottie does not draw; "
                            + "turn them into shapes in After Effects (Create Shapes from Text) before exporting")
        }
        let linked = assets.compactMap { asset -> String? in
            guard let file = asset["p"] as? String, !file.hasPrefix("data:") else { return nil }
            return "'\((asset["u"] as? String ?? "") + file)'"
        }
        if !linked.isEmpty {
            problems.append("its images \(linked.joined(separator: ", ")) are linked, not embedded; export with "
                            + "images embedded in the JSON (Bodymovin: Assets > Embed)")
        }
        return problems
    }
}
