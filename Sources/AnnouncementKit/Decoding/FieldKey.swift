/// The known keys of one kind of object in a feed: one case per key, whose raw value is the key as a feed
/// writes it.
///
/// The cases are the one list of an object's fields: the ``table`` of names that keys are looked up in,
/// the slots that ``AnnouncementNodeDecoder/Fields`` files members in and the set of known keys (any
/// other key is unknown) all come from them, so adding a field is adding a case. Each conforming type
/// declares its table as `static let table = KeyTable(Self.self)`, so that it is built once.
protocol FieldKey: RawRepresentable<String>, CaseIterable, Sendable where AllCases == [Self] {
    /// The names of the keys, in the order of ``allCases``.
    static var table: KeyTable { get }
}

extension FieldKey {
    /// The key as it is written in a feed.
    var name: String { rawValue }

    /// The key's position in ``allCases``: the slot ``AnnouncementNodeDecoder/Fields`` files its member in.
    ///
    /// An enumeration without payloads is stored as the position of its case in declaration order, which
    /// is the order of ``allCases``: reading that byte costs nothing, where finding the key among the cases
    /// would cost comparisons on every field read. ``KeyTable/init(_:)`` checks it for every case.
    var slot: Int { Int(unsafeBitCast(self, to: UInt8.self)) }
}
