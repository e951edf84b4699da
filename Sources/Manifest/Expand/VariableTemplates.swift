import MediaCore
import YAML

/// The `vars` whose values use other variables (`slug: "{product}-{aspect}"`), filled in for each variable set
/// after its data row and matrix values are known. A variable that refers back to itself (`a: "{b}"`,
/// `b: "{a}"`) is an error naming the cycle, never a literal `{b}` left in a file name. A manifest's own `vars`
/// may use variables only some outputs have: for the others the variable is simply not defined; an output's
/// `vars` must be complete.
struct VariableTemplates {
    private struct Template {
        var node: YAMLNode
        var text: String
        var interpolation: Interpolation?
        /// Undefined, rather than an error, where a variable it uses is missing.
        var lenient: Bool
    }

    private var templates: [String: Template] = [:]

    /// The templates among `nodes` (a manifest's variable values by name), lenient about missing variables.
    init(_ nodes: [String: YAMLNode]) {
        for (name, node) in nodes { add(name, node, lenient: true) }
    }

    /// Whether no variable uses another.
    var isEmpty: Bool { templates.isEmpty }

    /// The variables that use others.
    var names: [String] { templates.keys.sorted() }

    /// The variables among `columns` that variable `name` reads, directly or through other templates, in the order
    /// of `columns`; empty when it is not a template or reads none of them.
    func columns(readBy name: String, among columns: [String]) -> [String] {
        var found = Set<String>(), seen = Set<String>(), pending = [name]
        while let next = pending.popLast() {
            guard seen.insert(next).inserted, let used = templates[next]?.interpolation?.variableNames else { continue }
            for variable in used {
                if columns.contains(variable) { found.insert(variable) } else { pending.append(variable) }
            }
        }
        return columns.filter(found.contains)
    }

    /// Adds (or replaces, as an output's `vars` replace the manifest's) the templates among `pairs`.
    mutating func add(_ pairs: [YAMLNode.Pair]) {
        for pair in pairs { if let name = pair.key.string { add(name, pair.value, lenient: false) } }
    }

    private mutating func add(_ name: String, _ node: YAMLNode, lenient: Bool) {
        guard let text = node.string, !node.isNull else { return }
        guard Interpolation.hasBraces(text) else {
            templates[name] = nil
            return
        }
        templates[name] = Template(node: node, text: text, interpolation: try? Interpolation(parsing: text),
                                   lenient: lenient)
    }

    /// Fills the templates in `variables` (those a data row or matrix value did not replace); false, with errors
    /// at the variables' values, when a placeholder is malformed, names no variable, or a cycle forms.
    func resolve(_ variables: inout [String: String], reader: inout NodeReader) -> Bool {
        var done = Set<String>()
        for name in templates.keys.sorted() {
            var path: [String] = []
            guard resolve(name, in: &variables, done: &done, path: &path, reader: &reader) else { return false }
        }
        return true
    }

    private func resolve(_ name: String, in variables: inout [String: String], done: inout Set<String>,
                         path: inout [String], reader: inout NodeReader) -> Bool {
        guard let template = templates[name], variables[name] == template.text, !done.contains(name) else { return true }
        if let start = path.firstIndex(of: name) {
            let cycle = (path[start...] + [name]).joined(separator: " -> ")
            reader.error("variable '\(name)' refers back to itself: \(cycle)", at: template.node, columnOffset: quoteOffset(template.node))
            return false
        }
        do throws(Interpolation.Failure) {
            let interpolation: Interpolation
            if let parsed = template.interpolation {
                interpolation = parsed
            } else {
                interpolation = try Interpolation(parsing: template.text)
            }
            path.append(name)
            for used in interpolation.variableNames {
                guard resolve(used, in: &variables, done: &done, path: &path, reader: &reader) else { return false }
            }
            path.removeLast()
            variables[name] = try interpolation.resolve(variables)
            done.insert(name)
            return true
        } catch {
            if case .unknownVariable = error, template.lenient {
                path.removeAll { $0 == name }
                variables[name] = nil
                done.insert(name)
                return true
            }
            reader.error("\(error) (in variable '\(name)')", at: template.node,
                         columnOffset: error.offset + quoteOffset(template.node))
            return false
        }
    }

    /// One column for the opening quote of a quoted scalar.
    private func quoteOffset(_ node: YAMLNode) -> Int {
        if case .scalar(_, let style) = node.kind, style == .singleQuoted || style == .doubleQuoted { return 1 }
        return 0
    }
}
