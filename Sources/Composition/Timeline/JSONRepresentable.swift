import Foundation
import MediaCore

/// A model with a canonical JSON form: sorted keys and exact rational times, so equal values give equal bytes
/// (what `mediabatch plan --json` prints; fingerprints hash the same form without line breaks).
public protocol JSONRepresentable: Codable {}

extension JSONRepresentable {
    /// The canonical JSON: pretty-printed, keys sorted, slashes unescaped.
    public func jsonData() throws -> Data {
        try SortedJSONEncoder(prettyPrinted: true).encode(self)
    }

    /// Reads the JSON `jsonData()` writes.
    public init(jsonData: Data) throws {
        self = try JSONDecoder().decode(Self.self, from: jsonData)
    }
}

extension MutableComposition: JSONRepresentable {}
extension VideoComposition: JSONRepresentable {}
extension AudioMix: JSONRepresentable {}
