/// Typed reading of scalars (YAML 1.1-ish core schema).
///
/// Only untagged plain scalars are interpreted: `"3"`, `'true'`, `|` blocks and `!!str 3` stay strings, so
/// `int`, `double`, `bool` and `isNull` return nil / false for them. An explicit `!!int`, `!!float`, `!!bool`
/// or `!!null` tag asks for interpretation whatever the style.
/// - null: `null`, `Null`, `NULL`, `~` and the empty plain scalar.
/// - bool: `true`/`false` and, YAML 1.1 style, `yes`/`no` and `on`/`off`, each in lower, Capitalized or UPPER case.
///   Reading is type-directed (a caller asks `bool` only where a boolean is expected), so `country: no` still
///   reads as the string `"no"` through `string`.
/// - int: decimal with an optional sign (`_` allowed between digits), `0x` hex, `0o` octal; nil on overflow.
/// - double: any int, decimals with optional exponent (`1.5`, `.5`, `1e3`, `-2.5E-3`), `.inf`, `-.inf`, `.nan`.
extension YAMLNode {
    static let coreTagPrefix = "tag:yaml.org,2002:"

    /// The scalar text if the node may be read as a `coreType` (`int`, `float`, `bool`, `null`).
    private func resolvableText(as coreType: String) -> String? {
        guard case .scalar(let text, let style) = kind else { return nil }
        if let tag { return tag == Self.coreTagPrefix + coreType ? text : nil }
        return style == .plain ? text : nil
    }

    /// True for a null scalar: untagged plain `null`, `Null`, `NULL`, `~` or empty, or anything tagged `!!null`.
    public var isNull: Bool {
        guard let text = resolvableText(as: "null") else { return false }
        if tag != nil { return true }
        return ["", "~", "null", "Null", "NULL"].contains(text)
    }

    /// The scalar as a boolean (`true`/`false`, `yes`/`no`, `on`/`off`), or nil.
    public var bool: Bool? {
        guard let text = resolvableText(as: "bool") else { return nil }
        switch text {
        case "true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON": return true
        case "false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF": return false
        default: return nil
        }
    }

    /// The scalar as an integer (decimal, `0x` hex, `0o` octal), or nil.
    public var int: Int? {
        guard let text = resolvableText(as: "int") else { return nil }
        return Self.parseInt(text)
    }

    /// The scalar as a floating-point number (ints included, `.inf`, `.nan`), or nil.
    public var double: Double? {
        guard let text = resolvableText(as: "float") ?? resolvableText(as: "int") else { return nil }
        if let int = Self.parseInt(text) { return Double(int) }
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        guard Self.isDecimalFloat(text) else { return nil }
        return Double(String(text.filter { $0 != "_" }))
    }

    /// Parses `[-+]?digits` (with inner `_`), `0x...` or `0o...`.
    static func parseInt(_ text: String) -> Int? {
        var body = Substring(text)
        var negative = false
        if let first = body.first, first == "-" || first == "+" {
            negative = first == "-"
            body = body.dropFirst()
        }
        var radix = 10
        if body.hasPrefix("0x") || body.hasPrefix("0o") {
            radix = body.hasPrefix("0x") ? 16 : 8
            body = body.dropFirst(2)
        }
        guard let first = body.first, first != "_", body.last != "_" else { return nil }
        let digits = radix == 10 ? String(body.filter { $0 != "_" }) : String(body)
        guard digits.allSatisfy({ $0.isASCII && $0.isHexDigit }), let magnitude = UInt(digits, radix: radix) else {
            return nil
        }
        if negative {
            return magnitude <= UInt(Int.max) + 1 ? Int(truncatingIfNeeded: 0 &- magnitude) : nil
        }
        return magnitude <= UInt(Int.max) ? Int(magnitude) : nil
    }

    /// `[-+]? ( digits [. digits*] | . digits ) ([eE] [-+]? digits)?`, `_` allowed inside the mantissa.
    static func isDecimalFloat(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        if let first = scalars.first, first == "-" || first == "+" { scalars = scalars.dropFirst() }
        var mantissaDigits = 0
        var sawDot = false
        while let scalar = scalars.first {
            if ("0"..."9").contains(scalar) {
                mantissaDigits += 1
            } else if scalar == "_", mantissaDigits > 0 {
            } else if scalar == ".", !sawDot {
                sawDot = true
            } else {
                break
            }
            scalars = scalars.dropFirst()
        }
        guard mantissaDigits > 0 else { return false }
        if let e = scalars.first, e == "e" || e == "E" {
            scalars = scalars.dropFirst()
            if let sign = scalars.first, sign == "-" || sign == "+" { scalars = scalars.dropFirst() }
            guard !scalars.isEmpty, scalars.allSatisfy({ ("0"..."9").contains($0) }) else { return false }
            return true
        }
        return scalars.isEmpty
    }
}
