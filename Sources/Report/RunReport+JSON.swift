import Foundation

extension RunReport {
    /// The `report.json` bytes: pretty-printed, keys sorted, dates in UTC ISO 8601 with milliseconds, unset
    /// optionals left out, non-finite numbers as the strings `inf`, `-inf`, `nan`.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(Self.timestampStyle))
        }
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        var data = try encoder.encode(self)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// `2024-05-01T10:00:00.250Z`.
    static let timestampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// Reads `report.json` bytes (timestamps with or without fractional seconds), refusing newer schema versions.
    public init(jsonData data: Data) throws(ReportError) {
        struct Version: Decodable { var schemaVersion: Int }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = try? Self.timestampStyle.parse(text) { return date }
            if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an ISO 8601 timestamp")
        }
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do {
            let version = try decoder.decode(Version.self, from: data).schemaVersion
            guard version <= Self.currentSchemaVersion else { throw ReportError.unsupportedSchemaVersion(version) }
            self = try decoder.decode(RunReport.self, from: data)
        } catch let error as ReportError {
            throw error
        } catch {
            throw .invalidJSON(ReportText.oneLine(Self.describe(error)))
        }
    }

    /// A short text for a decoding error: what is wrong and at which key path.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        func path(_ keys: [any CodingKey]) -> String {
            keys.isEmpty ? "top level" : "'" + keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".") + "'"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing key '\(key.stringValue)' at \(path(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context.codingPath))"
        @unknown default:
            return String(describing: error)
        }
    }
}
