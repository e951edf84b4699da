/// A value kept in a heap box that copies of its owner share until one of them changes it (copy on write). Large,
/// mostly unchanged parts of a value type (an output's intro and outro clips, a clip's captions) then copy as one
/// reference instead of hundreds of bytes and every reference inside them: an output declaration is copied a few
/// times on its way to a job, ten thousand times for a large batch.
@propertyWrapper
public struct Boxed<Value> {
    /// The box; replaced rather than changed while another copy shares it.
    private final class Box {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    /// Boxes `wrappedValue`.
    public init(wrappedValue: Value) {
        box = Box(wrappedValue)
    }

    /// The value; setting or changing it in place copies the box first when another copy shares it.
    public var wrappedValue: Value {
        get { box.value }
        set {
            if isKnownUniquelyReferenced(&box) {
                box.value = newValue
            } else {
                box = Box(newValue)
            }
        }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }
}

extension Boxed: Equatable where Value: Equatable {
    /// Copies sharing a box are equal without comparing; others compare their values.
    public static func == (lhs: Boxed, rhs: Boxed) -> Bool {
        lhs.box === rhs.box || lhs.box.value == rhs.box.value
    }
}

extension Boxed: Hashable where Value: Hashable {
    /// Hashes the value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.value)
    }
}

/// The box is never changed while shared (see `wrappedValue`), so copies may cross threads like the value itself.
extension Boxed: @unchecked Sendable where Value: Sendable {}
