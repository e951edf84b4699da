/// Shell completion scripts printed from `CommandSpec`: commands, each command's options, the values of options
/// with fixed choices, paths for options that name files, and topics after `help`.
enum Completions {
    /// The shells scripts are made for.
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    /// The script for `shell`.
    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish()
        }
    }

    /// The first word of each command (`report` for `report merge`).
    static var commandWords: [String] {
        CommandSpec.all.map(\.word)
    }

    static var helpTopics: [String] { commandWords + HelpTopic.all.map(\.name) }

    private static func allNames(_ spec: CommandSpec) -> [String] {
        spec.options.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }
    }

    // MARK: - bash

    static func bash() -> String {
        var lines = [
            "# bash completion for mediabatch (printed by 'mediabatch completion bash')",
            "_mediabatch() {",
            "    local cur prev command",
            "    cur=\"${COMP_WORDS[COMP_CWORD]}\"",
            "    prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
            "    command=\"${COMP_WORDS[1]}\"",
            "    if [ \"$COMP_CWORD\" -eq 1 ]; then",
            "        COMPREPLY=($(compgen -W \"\(commandWords.joined(separator: " ")) --help --version\" -- \"$cur\"))",
            "        return",
            "    fi",
            "    case \"$command\" in",
        ]
        for spec in CommandSpec.all {
            let word = spec.word
            lines.append("    \(word))")
            lines.append("        case \"$prev\" in")
            for option in spec.options where option.value != nil {
                let names = ([option.name] + (option.short.map { [$0] } ?? [])).joined(separator: "|")
                if !option.choices.isEmpty {
                    lines.append("            \(names)) COMPREPLY=($(compgen -W \"\(option.choices.joined(separator: " "))\" -- \"$cur\")); return ;;")
                } else if option.takesPath {
                    lines.append("            \(names)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;")
                } else {
                    lines.append("            \(names)) return ;;")
                }
            }
            lines.append("        esac")
            var words = allNames(spec)
            if spec.command == .help { words += helpTopics }
            if spec.command == .completion { words += Shell.allCases.map(\.rawValue) }
            if spec.command == .reportMerge { words = ["merge"] + words }
            if spec.command == .reportMerge {
                lines.append("        if [ \"$COMP_CWORD\" -eq 2 ]; then COMPREPLY=($(compgen -W \"merge\" -- \"$cur\")); return; fi")
                words.removeFirst()
            }
            if spec.command == .help || spec.command == .completion || spec.command == .version || spec.command == .cache {
                lines.append("        COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))")
            } else {
                lines.append("        if [[ \"$cur\" == -* ]]; then")
                lines.append("            COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))")
                lines.append("        else")
                lines.append("            COMPREPLY=($(compgen -f -- \"$cur\"))")
                lines.append("        fi")
            }
            lines.append("        ;;")
        }
        lines += ["    esac", "}", "complete -F _mediabatch mediabatch"]
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - zsh

    static func zsh() -> String {
        var lines = [
            "#compdef mediabatch",
            "# zsh completion for mediabatch (printed by 'mediabatch completion zsh')",
            "_mediabatch() {",
            "    local -a commands",
            "    commands=(",
        ]
        for spec in CommandSpec.all {
            let word = spec.word
            lines.append("        '\(word):\(zshQuote(spec.summary))'")
        }
        lines += [
            "    )",
            "    if (( CURRENT == 2 )); then",
            "        _describe 'command' commands",
            "        return",
            "    fi",
            "    case \"$words[2]\" in",
        ]
        for spec in CommandSpec.all {
            let word = spec.word
            lines.append("    \(word))")
            var arguments: [String] = []
            for option in spec.options {
                let help = zshQuote(option.help)
                let names = [option.name] + (option.short.map { [$0] } ?? [])
                let exclusive = names.count > 1 ? "(\(names.joined(separator: " ")))" : ""
                let star = option.repeats ? "*" : ""
                var action = ""
                if let value = option.value {
                    if !option.choices.isEmpty {
                        action = ":\(value):(\(option.choices.joined(separator: " ")))"
                    } else if option.takesPath {
                        action = ":\(value):_files"
                    } else {
                        action = ":\(value): "
                    }
                }
                if names.count > 1 {
                    arguments.append("'\(exclusive)'{\(names.joined(separator: ","))}'[\(help)]\(action)'")
                } else {
                    arguments.append("'\(star)\(option.name)[\(help)]\(action)'")
                }
            }
            switch spec.command {
            case .help: arguments.append("'1:topic:(\(helpTopics.joined(separator: " ")))'")
            case .completion: arguments.append("'1:shell:(bash zsh fish)'")
            case .reportMerge: arguments.append("'*:report folder:_files -/'")
            case .frames, .sheet: arguments += ["'1:output name: '", "'*:manifest:_files'"]
            case .version, .cache: break
            default: arguments.append("'*:manifest:_files'")
            }
            lines.append("        _arguments -s \\")
            lines += arguments.map { "            \($0) \\" }
            lines[lines.count - 1].removeLast(2)
            lines.append("        ;;")
        }
        lines += ["    esac", "}", "_mediabatch \"$@\""]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func zshQuote(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "'": result += "'\\''"
            case "[", "]", ":": result += "\\" + String(character)
            default: result.append(character)
            }
        }
        return result
    }

    // MARK: - fish

    static func fish() -> String {
        var lines = [
            "# fish completion for mediabatch (printed by 'mediabatch completion fish')",
            "complete -c mediabatch -f",
        ]
        let words = commandWords.joined(separator: " ")
        for spec in CommandSpec.all {
            let word = spec.word
            lines.append("complete -c mediabatch -n 'not __fish_seen_subcommand_from \(words)' -a \(word) -d '\(fishQuote(spec.summary))'")
        }
        for spec in CommandSpec.all {
            let word = spec.word
            let condition = "-n '__fish_seen_subcommand_from \(word)'"
            for option in spec.options {
                var line = "complete -c mediabatch \(condition) -l \(option.name.dropFirst(2))"
                if let short = option.short { line += " -s \(short.dropFirst())" }
                if option.value != nil { line += option.takesPath ? " -r -F" : " -r" }
                if !option.choices.isEmpty { line += " -a '\(option.choices.joined(separator: " "))'" }
                lines.append(line + " -d '\(fishQuote(option.help))'")
            }
            switch spec.command {
            case .help: lines.append("complete -c mediabatch \(condition) -a '\(helpTopics.joined(separator: " "))'")
            case .completion: lines.append("complete -c mediabatch \(condition) -a 'bash zsh fish'")
            case .reportMerge: lines.append("complete -c mediabatch \(condition) -a merge -F")
            case .version, .cache: break
            default: lines.append("complete -c mediabatch \(condition) -F")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func fishQuote(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "'" || character == "\\" { result += "\\" }
            result.append(character)
        }
        return result
    }
}
