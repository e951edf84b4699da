extension MediaTime: Codable, CustomStringConvertible, LosslessStringConvertible {
    /// Exact text: `1001/30000`, `1001/30000~` when rounded, `7/1@2` in epoch 2, or `+inf`, `-inf`, `indefinite`, `invalid`.
    public var description: String {
        if !isValid { return "invalid" }
        if isPositiveInfinity { return "+inf" }
        if isNegativeInfinity { return "-inf" }
        if isIndefinite { return "indefinite" }
        var text = "\(value)/\(timescale)"
        if epoch != 0 { text += "@\(epoch)" }
        if hasBeenRounded { text += "~" }
        return text
    }

    /// Reads the exact text `description` writes.
    public init?(_ description: String) {
        switch description {
        case "invalid": self = .invalid; return
        case "+inf": self = .positiveInfinity; return
        case "-inf": self = .negativeInfinity; return
        case "indefinite": self = .indefinite; return
        default: break
        }
        var text = Substring(description)
        let rounded = text.hasSuffix("~")
        if rounded { text = text.dropLast() }
        var epoch: Int64 = 0
        if let at = text.firstIndex(of: "@") {
            guard let parsed = Int64(text[text.index(after: at)...]) else { return nil }
            epoch = parsed
            text = text[..<at]
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let value = Int64(parts[0]), let scale = Int32(parts[1]), scale > 0 else { return nil }
        self.init(value: value, timescale: scale, epoch: epoch)
        if rounded { flags.insert(.hasBeenRounded) }
    }

    /// Decodes the exact text form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = MediaTime(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an exact media time")
        }
        self = time
    }

    /// Encodes the exact text form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
