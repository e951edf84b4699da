import Foundation

/// The help texts, all printed from `CommandSpec` and `HelpTopic`: the command list, one command's help, a topic,
/// the Markdown reference (`docs/cli.md`) and the man page.
enum HelpText {
    /// What `mediabatch help` and `mediabatch` alone print.
    static func overview() -> String {
        var lines = ["mediabatch: turns a directory of YAML manifests into finished videos", "", "usage:"]
        let width = CommandSpec.all.map { $0.synopsis.count }.max() ?? 0
        for spec in CommandSpec.all {
            lines.append("  mediabatch " + spec.synopsis.padding(to: width) + "  " + spec.summary)
        }
        lines += ["", "topics (mediabatch help TOPIC):"]
        let topicWidth = HelpTopic.all.map { $0.name.count }.max() ?? 0
        for topic in HelpTopic.all { lines.append("  " + topic.name.padding(to: topicWidth) + "  " + topic.summary) }
        lines += ["", "'mediabatch COMMAND --help' shows a command's options and examples.",
                  "exit status: 0 all good, 1 some output failed or was skipped, 2 invalid manifests, 64 usage error,",
                  "  73 a report could not be written, 75 an output folder is busy (--no-wait)"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One command's help: synopsis, what it does, options and examples.
    static func command(_ spec: CommandSpec) -> String {
        var lines = ["usage: mediabatch \(spec.synopsis)", ""]
        lines += wrap(spec.details, width: 100)
        lines += ["", "options:"]
        let labels = spec.options.map(optionLabel)
        let width = labels.map(\.count).max() ?? 0
        for (label, option) in zip(labels, spec.options) {
            lines.append("  " + label.padding(to: width) + "  " + option.help)
        }
        if !spec.examples.isEmpty {
            lines += ["", "examples:"]
            for example in spec.examples {
                lines.append("  " + example.command)
                lines.append("      " + example.meaning)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A topic's text, wrapped for a terminal.
    static func topic(_ topic: HelpTopic) -> String {
        (["\(topic.name): \(topic.summary)", ""] + paragraphs(topic.text).flatMap { paragraph -> [String] in
            paragraph.hasPrefix("  ") ? [paragraph, ""] : wrap(paragraph, width: 100) + [""]
        }).joined(separator: "\n")
    }

    /// What `mediabatch help NAME` prints, or nil when NAME is neither a command nor a topic.
    static func lookup(_ name: String) -> String? {
        if let spec = CommandSpec.all.first(where: { $0.name == name || $0.word == name }) {
            return command(spec)
        }
        return HelpTopic.all.first { $0.name == name }.map(topic)
    }

    /// `--out DIR`, `--jobs, -j N`.
    static func optionLabel(_ option: CommandSpec.Option) -> String {
        var label = option.name
        if let short = option.short { label += ", " + short }
        if let value = option.value { label += " " + value }
        return label
    }

    // MARK: - Markdown (docs/cli.md)

    /// The command-line reference as Markdown: the content of `docs/cli.md`.
    static func markdown() -> String {
        var lines = [
            "# Command-line reference",
            "",
            "<!-- Printed by `mediabatch help --markdown` from the same table as `--help`; a test keeps them equal. -->",
            "",
            "| command | what it does |",
            "|---|---|",
        ]
        for spec in CommandSpec.all {
            lines.append("| `mediabatch \(markdownCell(spec.synopsis))` | \(markdownCell(spec.summary)) |")
        }
        for spec in CommandSpec.all {
            lines += ["", "## `mediabatch \(spec.name)`", "", "```", "mediabatch \(spec.synopsis)", "```", ""]
            lines += wrap(spec.details, width: 118)
            lines += ["", "| option | meaning |", "|---|---|"]
            for option in spec.options {
                lines.append("| `\(optionLabel(option))` | \(markdownCell(option.help)) |")
            }
            if !spec.examples.isEmpty {
                lines += ["", "```sh"]
                let width = spec.examples.map(\.command.count).max() ?? 0
                for example in spec.examples {
                    lines.append(example.command.padding(to: width) + "   # " + example.meaning)
                }
                lines.append("```")
            }
        }
        for topic in HelpTopic.all {
            lines += ["", "## \(topic.name)", ""]
            for paragraph in paragraphs(topic.text) {
                if paragraph.hasPrefix("  ") {
                    lines += ["```", String(paragraph.dropFirst(2)), "```", ""]
                } else {
                    lines += wrap(paragraph, width: 118) + [""]
                }
            }
            if lines.last == "" { lines.removeLast() }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func markdownCell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }

    // MARK: - Man page

    /// The manual page (`man 1 mediabatch`) in roff.
    static func manPage(version: String) -> String {
        var lines = [
            ".TH MEDIABATCH 1 \"\" \"mediabatch \(version)\" \"User Commands\"",
            ".SH NAME",
            "mediabatch \\- turn YAML manifests into finished videos",
            ".SH SYNOPSIS",
        ]
        for spec in CommandSpec.all { lines += [".B mediabatch", roff(spec.synopsis), ".br"] }
        lines.append(".SH COMMANDS")
        for spec in CommandSpec.all {
            lines += [".SS \(roff(spec.name))", roff(spec.details)]
            for option in spec.options {
                lines += [".TP", ".B \(roff(optionLabel(option)))", roff(option.help)]
            }
            if !spec.examples.isEmpty {
                lines += [".PP", "Examples:", ".nf"]
                for example in spec.examples { lines += [roff(example.command), "    \(roff(example.meaning))"] }
                lines.append(".fi")
            }
        }
        for topic in HelpTopic.all {
            lines.append(".SH \(roff(topic.name.uppercased()))")
            for paragraph in paragraphs(topic.text) {
                lines += paragraph.hasPrefix("  ") ? [".nf", roff(paragraph), ".fi"] : [".PP", roff(paragraph)]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text safe in roff: backslashes and dashes escaped, no line starting with a control character.
    private static func roff(_ text: String) -> String {
        var escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }

    // MARK: - Text

    /// Blank-line separated paragraphs.
    static func paragraphs(_ text: String) -> [String] {
        text.components(separatedBy: "\n\n").map { $0.trimmingTrailingNewlines() }.filter { !$0.isEmpty }
    }

    /// `text` broken into lines of at most `width` characters at spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    fileprivate func trimmingTrailingNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        while text.hasPrefix("\n") { text.removeFirst() }
        return text
    }
}
