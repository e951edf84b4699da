/// The mutations of the fuzz harness: manifest lines (those of `HostileInputFuzzTests` plus dictionary tokens),
/// command-line arguments, and media bytes (flipped, zeroed, truncated or spliced from another file).
enum FuzzMutator {
    /// One mutation of manifest `text`.
    static func mutate(_ text: String, dictionary: [String], using generator: inout SeededRandom) -> String {
        guard Int.random(in: 0..<4, using: &generator) == 0, !dictionary.isEmpty else {
            return HostileInputFuzzTests.mutate(text, using: &generator)
        }
        // A dictionary token in place of a value, or as a line of its own.
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = Int.random(in: 0..<lines.count, using: &generator)
        let token = dictionary[Int.random(in: 0..<dictionary.count, using: &generator)]
        if let colon = lines[index].range(of: ": ", options: .backwards) {
            lines[index] = String(lines[index][..<colon.upperBound]) + token
        } else {
            let indent = String(lines[index].prefix { $0 == " " })
            lines.insert(indent + token, at: index)
        }
        return lines.joined(separator: "\n")
    }

    /// Options a mutated command line may gain, with the values that fit them; never one that moves where files
    /// are written (`--out`, `--report`, `--cache`, `--sheet`) or colours the output.
    static let options: [(name: String, values: [String])] = [
        ("--shard", ["1/2", "2/2", "0/0", "1/99999999999", "99999999999/1", "1/", "/", "-1/3", "1/10000"]),
        ("--jobs", ["1", "2", "0", "-1", "257", "99999999999", "1e3", ""]),
        ("--retries", ["0", "1", "101", "-1", "99999999999999999999"]),
        ("--max-memory", ["100M", "0", "1K", "64T", "65T", "9000000000000T", "lots", "1.5G"]),
        ("--max-outputs", ["1", "0", "10000001", "99999999999"]),
        ("--only", ["*", "cut", "\u{1B}[31m*", "promo-*", "[", "\u{202E}x", "", "**/../*"]),
        ("--preset", ["tiny", "draft", "\u{1B}[2J", "../presets/draft", "", "nope"]),
        ("--progress", ["json", "text", "xml"]),
        ("--dry-run", []), ("--force", []), ("--quiet", []), ("--verbose", []), ("--strict", []), ("--json", []),
        ("--fail-fast", []), ("--no-wait", []), ("--bogus", []), ("--", []),
    ]

    /// One to three mutations of the arguments after the command.
    static func mutate(arguments: [String], dictionary: [String], using generator: inout SeededRandom) -> [String] {
        var result = arguments
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0 where !result.isEmpty:
                result.remove(at: Int.random(in: 0..<result.count, using: &generator))
            case 1 where !result.isEmpty && !dictionary.isEmpty:
                // A value replaced by a token (the manifest path stays first).
                let index = Int.random(in: 0..<result.count, using: &generator)
                if index > 0 || result.count == 1 { result[index] = dictionary.randomElement(using: &generator) ?? "" }
            default:
                let option = options[Int.random(in: 0..<options.count, using: &generator)]
                result.append(option.name)
                if let value = option.values.randomElement(using: &generator) {
                    result.append(Bool.random(using: &generator) ? value : dictionary.randomElement(using: &generator) ?? value)
                }
            }
        }
        return result
    }

    /// `bytes` damaged one way (flipped bytes or a run of 00/FF in the header, a truncation, or a run of `other`'s
    /// bytes spliced in), with what was done.
    static func damage(_ bytes: [UInt8], splicing other: [UInt8], using generator: inout SeededRandom) -> ([UInt8], String) {
        guard !bytes.isEmpty else { return (bytes, "empty") }
        if Int.random(in: 0..<4, using: &generator) == 0, !other.isEmpty {
            let at = Int.random(in: 0..<min(4096, bytes.count), using: &generator)
            let from = Int.random(in: 0..<other.count, using: &generator)
            let length = min(Int.random(in: 1...512, using: &generator), other.count - from)
            var result = bytes
            result.replaceSubrange(at..<min(bytes.count, at + length), with: other[from..<from + length])
            return (result, "spliced \(length) bytes of another file at offset \(at)")
        }
        let damaged = HostileInputFuzzTests.damage(bytes, using: &generator)
        if damaged.count < bytes.count { return (damaged, "truncated to \(damaged.count) bytes") }
        let changed = zip(bytes, damaged).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        let offsets = changed.prefix(8).map { "0x" + String($0, radix: 16) }.joined(separator: ",")
        return (damaged, "\(changed.count) header bytes changed at \(offsets)\(changed.count > 8 ? ",..." : "")")
    }
}
