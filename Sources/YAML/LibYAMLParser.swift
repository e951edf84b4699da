internal import CYAML

/// The single owner of a libyaml parser: initialized in `init`, deleted in `deinit`.
///
/// libyaml does not copy its input: the buffer given to `init` must outlive this object, so it is created and
/// dropped inside the caller's `withUnsafeBufferPointer`.
final class LibYAMLParser {
    /// A 1-based position, converted from libyaml's 0-based mark.
    struct Mark: Hashable {
        var line: Int
        var column: Int
    }

    /// One libyaml event, its strings copied into Swift so the C event can be freed at once.
    enum Event {
        case streamStart, streamEnd, documentEnd, sequenceEnd, mappingEnd
        case documentStart(Mark)
        case alias(anchor: String, Mark)
        case scalar(String, YAMLNode.ScalarStyle, tag: String?, anchor: String?, Mark)
        case sequenceStart(tag: String?, anchor: String?, Mark)
        case mappingStart(tag: String?, anchor: String?, Mark)
    }

    /// libyaml's description of a failure.
    struct Failure: Error {
        /// True for reader errors (bad encoding), whose position is `offset` bytes, not a mark.
        var isReaderError: Bool
        var problem: String
        var problemMark: Mark
        var context: String?
        var contextMark: Mark?
        var offset: Int
        var value: Int?
    }

    private let parser: UnsafeMutablePointer<yaml_parser_t>

    /// Prepares a parser over `input` (UTF-8, not empty; it must stay valid while this object lives).
    init(input: UnsafeBufferPointer<UInt8>) throws(Failure) {
        parser = .allocate(capacity: 1)
        guard yaml_parser_initialize(parser) != 0 else {
            parser.deallocate()
            throw Failure(
                isReaderError: false, problem: "libyaml could not allocate its parser", problemMark: Mark(line: 1, column: 1),
                offset: 0)
        }
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(parser, input.baseAddress, input.count)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    /// The next event; each C event is deleted before returning.
    func next() throws(Failure) -> Event {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) != 0 else { throw failure() }
        defer { yaml_event_delete(&event) }
        let mark = Self.mark(event.start_mark)
        switch event.type {
        case YAML_STREAM_START_EVENT:
            return .streamStart
        case YAML_DOCUMENT_START_EVENT:
            return .documentStart(mark)
        case YAML_DOCUMENT_END_EVENT:
            return .documentEnd
        case YAML_ALIAS_EVENT:
            return .alias(anchor: Self.string(event.data.alias.anchor) ?? "", mark)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let value = scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self) }
            return .scalar(
                value ?? "", Self.style(scalar.style), tag: Self.string(scalar.tag), anchor: Self.string(scalar.anchor), mark)
        case YAML_SEQUENCE_START_EVENT:
            let start = event.data.sequence_start
            return .sequenceStart(tag: Self.string(start.tag), anchor: Self.string(start.anchor), mark)
        case YAML_SEQUENCE_END_EVENT:
            return .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let start = event.data.mapping_start
            return .mappingStart(tag: Self.string(start.tag), anchor: Self.string(start.anchor), mark)
        case YAML_MAPPING_END_EVENT:
            return .mappingEnd
        default:
            // YAML_NO_EVENT only follows the end of the stream.
            return .streamEnd
        }
    }

    private func failure() -> Failure {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "libyaml failed without saying why"
        let context = state.context.map { String(cString: $0) }
        let isReader = state.error == YAML_READER_ERROR
        let isMemory = state.error == YAML_MEMORY_ERROR
        return Failure(
            isReaderError: isReader,
            problem: isMemory ? "libyaml ran out of memory" : problem,
            problemMark: isReader || isMemory ? Self.mark(state.mark) : Self.mark(state.problem_mark),
            context: isReader ? nil : context,
            contextMark: context == nil || isReader ? nil : Self.mark(state.context_mark),
            offset: state.problem_offset,
            value: isReader && state.problem_value != -1 ? Int(state.problem_value) : nil)
    }

    private static func mark(_ mark: yaml_mark_t) -> Mark {
        Mark(line: mark.line + 1, column: mark.column + 1)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func style(_ style: yaml_scalar_style_t) -> YAMLNode.ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }
}
