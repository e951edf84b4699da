import Foundation

/// The `Encoder` `SortedJSONEncoder` hands each value: it writes into the slot its writer made ready, and opens its
/// containers at `level` (the number of containers around the value).
struct StreamEncoder: Encoder {
    let writer: JSONStreamWriter
    let level: Int

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { writer.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(StreamKeyedContainer<Key>(writer: writer, level: level,
                                                         id: writer.open(object: true, at: level)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        StreamUnkeyedContainer(writer: writer, level: level, id: writer.open(object: false, at: level))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        StreamSingleValueContainer(writer: writer, level: level)
    }
}

/// An object's entries, written as they come and put in key order when the object closes.
struct StreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: JSONStreamWriter
    let level: Int
    let id: Int32

    var codingPath: [any CodingKey] { [] }

    /// Makes the slot for `key`'s value.
    private func begin(_ key: Key) throws {
        try writer.resume(id, at: level)
        writer.beginEntry(key.stringValue, at: level)
    }

    mutating func encodeNil(forKey key: Key) throws {
        try begin(key)
        writer.writeText("null")
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try begin(key)
        writer.writeText(value ? "true" : "false")
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        try begin(key)
        writer.writeString(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        try begin(key)
        try writer.writeNumber(value)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        try begin(key)
        try writer.writeNumber(value)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try encodeInteger(value, forKey: key) }

    private func encodeInteger(_ value: some FixedWidthInteger, forKey key: Key) throws {
        try begin(key)
        writer.writeText(value.description)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try begin(key)
        try writer.write(value, level: level + 1)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        try? begin(key)
        return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(writer: writer, level: level + 1,
                                                                      id: writer.open(object: true, at: level + 1)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        try? begin(key)
        return StreamUnkeyedContainer(writer: writer, level: level + 1, id: writer.open(object: false, at: level + 1))
    }

    mutating func superEncoder() -> any Encoder {
        try? writer.resume(id, at: level)
        writer.beginEntry("super", at: level)
        writer.awaitSuperValue(at: level)
        return StreamEncoder(writer: writer, level: level + 1)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        try? begin(key)
        writer.awaitSuperValue(at: level)
        return StreamEncoder(writer: writer, level: level + 1)
    }
}

/// An array's values, written in order.
struct StreamUnkeyedContainer: UnkeyedEncodingContainer {
    let writer: JSONStreamWriter
    // 32-bit, so the container fits an existential's inline buffer and returning it allocates nothing.
    private let level32: Int32
    private let id: Int32
    private(set) var count = 0

    private var level: Int { Int(level32) }

    init(writer: JSONStreamWriter, level: Int, id: Int32) {
        (self.writer, level32, self.id) = (writer, Int32(level), id)
    }

    var codingPath: [any CodingKey] { [] }

    /// Makes the slot for the next value.
    private mutating func begin() throws {
        try writer.resume(id, at: level)
        writer.beginElement(at: level)
        count += 1
    }

    mutating func encodeNil() throws {
        try begin()
        writer.writeText("null")
    }

    mutating func encode(_ value: Bool) throws {
        try begin()
        writer.writeText(value ? "true" : "false")
    }

    mutating func encode(_ value: String) throws {
        try begin()
        writer.writeString(value)
    }

    mutating func encode(_ value: Double) throws {
        try begin()
        try writer.writeNumber(value)
    }

    mutating func encode(_ value: Float) throws {
        try begin()
        try writer.writeNumber(value)
    }

    mutating func encode(_ value: Int) throws { try encodeInteger(value) }
    mutating func encode(_ value: Int8) throws { try encodeInteger(value) }
    mutating func encode(_ value: Int16) throws { try encodeInteger(value) }
    mutating func encode(_ value: Int32) throws { try encodeInteger(value) }
    mutating func encode(_ value: Int64) throws { try encodeInteger(value) }
    mutating func encode(_ value: UInt) throws { try encodeInteger(value) }
    mutating func encode(_ value: UInt8) throws { try encodeInteger(value) }
    mutating func encode(_ value: UInt16) throws { try encodeInteger(value) }
    mutating func encode(_ value: UInt32) throws { try encodeInteger(value) }
    mutating func encode(_ value: UInt64) throws { try encodeInteger(value) }

    private mutating func encodeInteger(_ value: some FixedWidthInteger) throws {
        try begin()
        writer.writeText(value.description)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try begin()
        try writer.write(value, level: level + 1)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        try? begin()
        return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(writer: writer, level: level + 1,
                                                                      id: writer.open(object: true, at: level + 1)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        try? begin()
        return StreamUnkeyedContainer(writer: writer, level: level + 1, id: writer.open(object: false, at: level + 1))
    }

    mutating func superEncoder() -> any Encoder {
        try? begin()
        writer.awaitSuperValue(at: level)
        return StreamEncoder(writer: writer, level: level + 1)
    }
}

/// One value written straight into the slot made ready for it.
struct StreamSingleValueContainer: SingleValueEncodingContainer {
    let writer: JSONStreamWriter
    let level: Int

    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { writer.writeText("null") }
    mutating func encode(_ value: Bool) throws { writer.writeText(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { writer.writeString(value) }
    mutating func encode(_ value: Double) throws { try writer.writeNumber(value) }
    mutating func encode(_ value: Float) throws { try writer.writeNumber(value) }
    mutating func encode(_ value: Int) throws { writer.writeText(value.description) }
    mutating func encode(_ value: Int8) throws { writer.writeText(value.description) }
    mutating func encode(_ value: Int16) throws { writer.writeText(value.description) }
    mutating func encode(_ value: Int32) throws { writer.writeText(value.description) }
    mutating func encode(_ value: Int64) throws { writer.writeText(value.description) }
    mutating func encode(_ value: UInt) throws { writer.writeText(value.description) }
    mutating func encode(_ value: UInt8) throws { writer.writeText(value.description) }
    mutating func encode(_ value: UInt16) throws { writer.writeText(value.description) }
    mutating func encode(_ value: UInt32) throws { writer.writeText(value.description) }
    mutating func encode(_ value: UInt64) throws { writer.writeText(value.description) }
    mutating func encode<T: Encodable>(_ value: T) throws { try writer.write(value, level: level) }
}
