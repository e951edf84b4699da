internal import CFFmpeg

/// Owns an `AVDictionary` built from Swift options, for calls that take `AVDictionary **` and consume entries.
final class OptionsDictionary {
    /// The dictionary; libav may replace it (calls remove the options they used), so it is lent as `inout`.
    private var dictionary: OpaquePointer?

    /// Creates a dictionary holding `options`.
    init(_ options: [String: String]) {
        for (key, value) in options.sorted(by: { $0.key < $1.key }) {
            av_dict_set(&dictionary, key, value, 0)
        }
    }

    deinit { av_dict_free(&dictionary) }

    /// Lends the `AVDictionary **` to `body`.
    func withPointer<R, E: Error>(_ body: (UnsafeMutablePointer<OpaquePointer?>) throws(E) -> R) throws(E) -> R {
        try body(&dictionary)
    }

    /// The keys libav left unused after a call (options it did not recognise).
    var remainingKeys: [String] { Self.entries(of: dictionary).map(\.key).sorted() }

    /// Every entry of a libav dictionary, as Swift strings.
    static func entries(of dictionary: OpaquePointer?) -> [String: String] {
        var result: [String: String] = [:]
        var entry: UnsafeMutablePointer<AVDictionaryEntry>? = nil
        while let next = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
            result[String(cString: next.pointee.key)] = String(cString: next.pointee.value)
            entry = next
        }
        return result
    }
}
