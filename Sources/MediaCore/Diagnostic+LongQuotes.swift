extension Diagnostic {
    /// Quoted values up to this many Unicode scalars are printed whole.
    public static let maxQuotedScalars = 100
    /// Scalars kept at each end of a longer quoted value, around `...`: the end of a path names its file.
    public static let keptQuotedScalars = 40

    /// `message` with every quoted value longer than `maxQuotedScalars` cut to its first and last
    /// `keptQuotedScalars` around `...`, so a 5000-character time stamp gives a message of one line, not of 5000
    /// characters, and a long path keeps its file's name.
    ///
    /// A quote opens at a `'` with no letter or digit before it and closes at the next `'` with none after it, so
    /// the apostrophes of "output's" or "don't" neither open nor close a quote.
    public static func shorteningLongQuotes(in message: String) -> String {
        // UTF-8 counts at least the scalars, without a pass: most messages are short and return here, uncopied.
        guard message.utf8.count > maxQuotedScalars else { return message }
        let scalars = Array(message.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            result.append(scalars[index])
            guard opensQuote(at: index, in: scalars) else {
                index += 1
                continue
            }
            // Whether a `'` closes does not depend on where the quote opened: with no closing one left, none of the
            // later ones opens a quote either.
            guard let close = closingQuote(after: index, in: scalars) else {
                result.append(contentsOf: scalars[(index + 1)...])
                break
            }
            let value = scalars[(index + 1)..<close]
            if value.count > maxQuotedScalars {
                result.append(contentsOf: value.prefix(keptQuotedScalars))
                result.append(contentsOf: "...".unicodeScalars)
                result.append(contentsOf: value.suffix(keptQuotedScalars))
            } else {
                result.append(contentsOf: value)
            }
            result.append(scalars[close])
            index = close + 1
        }
        return String(result)
    }

    private static func opensQuote(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        scalars[index] == "'" && (index == 0 || !isWordScalar(scalars[index - 1]))
    }

    private static func closingQuote(after open: Int, in scalars: [Unicode.Scalar]) -> Int? {
        var index = open + 1
        while index < scalars.count {
            if scalars[index] == "'", index + 1 == scalars.count || !isWordScalar(scalars[index + 1]) { return index }
            index += 1
        }
        return nil
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
