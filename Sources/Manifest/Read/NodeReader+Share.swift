import Foundation
import YAML

extension NodeReader {
    /// A share written as a percentage from 0% to 100% (`2%`, `0.5%`; a bare `0` is none), as a fraction 0...1.
    mutating func share(_ node: YAMLNode, _ what: String) -> Double? {
        guard let text = string(node, what) else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let number = trimmed.hasSuffix("%") ? String(trimmed.dropLast()).trimmingCharacters(in: .whitespaces) : nil
        guard let value = number.flatMap(Double.init) ?? (trimmed == "0" ? 0 : nil), value.isFinite,
              (0...100).contains(value) else {
            error("'\(what)' must be a percentage from 0% to 100%, such as '2%', not '\(text)'", at: node)
            return nil
        }
        return value / 100
    }
}
