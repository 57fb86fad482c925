import Foundation

/// Finds which of a few known keys a string is, numbering the keys from 0 in the order of their cases.
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

    /// The table of the keys `Key`, by their raw values.
    ///
    /// Checks what ``FieldKey/slot`` relies on: every case's slot is its position in `allCases`.
    convenience init<Key: FieldKey>(_: Key.Type) {
        precondition(MemoryLayout<Key>.size == 1, "a key enumeration has 2 to 256 cases and no payloads")
        for (position, key) in Key.allCases.enumerated() {
            precondition(key.slot == position, "the key \(key.name) is stored as its position among the cases")
        }
        self.init(names: Key.allCases.map(\.rawValue))
    }

    /// A table of `names`, which must be non-empty ASCII.
    private init(names: [String]) {
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
