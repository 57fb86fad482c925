import Foundation

extension AnnouncementNodeDecoder {
    /// The members of one object, looked up by key; `null` reads as absent.
    ///
    /// The members are filed by key in one pass: each known key to its first member, as a search from the
    /// front finds it. Objects almost always hold each known key at most once and nothing else, and then
    /// there is nothing to report about their keys; ``isIrregular`` says when there may be.
    struct Fields<Key: FieldKey> {
        let members: JSONTape.Members
        let offset: Int
        /// For each key, by its raw value, the index in `members` of its first member, or -1 (a vector
        /// as a fixed-size array, so that filing allocates nothing).
        private var slots = SIMD32<Int32>(repeating: -1)
        /// Whether some key is unknown or appears more than once.
        private(set) var isIrregular = false

        /// The members of the object `node`.
        init(_ node: Node) {
            members = node.members
            offset = node.offset
            let table = Key.table
            let members = members
            var isIrregular = false
            // Element by element through memory: writing a vector's element by a computed index copies
            // the whole vector.
            withUnsafeMutableBytes(of: &slots) { slots in
                for index in members.indices {
                    guard let slot = table.slot(ofKey: members[index].keyNode) else {
                        isIrregular = true
                        continue
                    }
                    let byteOffset = slot * MemoryLayout<Int32>.stride
                    if slots.load(fromByteOffset: byteOffset, as: Int32.self) < 0 {
                        slots.storeBytes(of: Int32(index), toByteOffset: byteOffset, as: Int32.self)
                    } else {
                        isIrregular = true
                    }
                }
            }
            self.isIrregular = isIrregular
        }

        subscript(key: Key) -> Node? {
            let index = Int(slots[key.rawValue])
            guard index >= 0 else { return nil }
            let value = members[index].value
            return value.isNull ? nil : value
        }
    }
}

/// The known keys of one kind of object in a feed, numbered from 0 in the order of their names in
/// ``table``.
protocol FieldKey: Sendable, RawRepresentable where RawValue == Int {
    /// The names of the keys, by raw value.
    static var table: KeyTable { get }
}

extension FieldKey {
    /// The key as it is written in a feed.
    var name: String { Self.table.names[rawValue] }
}

/// Finds which of a few known keys a string is, and numbers the keys from 0 in the order given.
///
/// A key is looked up by its bytes as written: comparing byte counts and first bytes leaves about one
/// `memcmp` per look-up, which is cheaper than making a string and hashing it, as a `Set` or
/// `init(rawValue:)` would. A class, so that reading a type's table does not copy its arrays.
final class KeyTable: Sendable {
    /// The names, by slot.
    let names: [String]
    /// The UTF-8 of every name, one after another; name `slot` starts at `starts[slot]`.
    private let nameBytes: [UInt8]
    private let starts: [Int]
    private let lengths: [Int]

    /// A table of `names`, which must be non-empty ASCII.
    init(_ names: [String]) {
        precondition(names.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { $0 < 0x80 } }, "keys are ASCII")
        precondition(names.count <= SIMD32<Int32>.scalarCount, "an object's fields fit its slots")
        self.names = names
        lengths = names.map(\.utf8.count)
        nameBytes = names.flatMap(\.utf8)
        var starts: [Int] = []
        var start = 0
        for length in lengths {
            starts.append(start)
            start += length
        }
        self.starts = starts
    }

    /// How many keys there are.
    var count: Int { names.count }

    /// The number of the key that the string node `key` spells, if it spells one.
    func slot(ofKey key: JSONTape.Node) -> Int? {
        guard let text = key.unescapedText else { return key.stringValue.flatMap(slot(of:)) }
        // The same bytes are the same string.
        if let textStart = text.baseAddress,
            let slot = nameBytes.withUnsafeBufferPointer({ nameBytes in
                lengths.indices.first { slot in
                    lengths[slot] == text.count && nameBytes[starts[slot]] == textStart.pointee
                        && memcmp(nameBytes.baseAddress! + starts[slot], textStart, text.count) == 0
                }
            })
        {
            return slot
        }
        // Other bytes can still be an equal string (canonically equivalent) only when they are not all ASCII.
        return text.allSatisfy({ $0 < 0x80 }) ? nil : key.stringValue.flatMap(slot(of:))
    }

    /// The number of the key named `name` (compared as strings), if it is one.
    func slot(of name: String) -> Int? {
        names.firstIndex(of: name)
    }
}
