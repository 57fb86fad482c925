extension AnnouncementNodeDecoder {
    /// The members of one object, looked up by key; `null` reads as absent.
    ///
    /// The members are filed by key in one pass: each known key to its first member, as a search from the
    /// front finds it. Objects almost always hold each known key at most once and nothing else, and then
    /// there is nothing to report about their keys; ``isIrregular`` says when there may be.
    struct Fields<Key: FieldKey> {
        let members: JSONTape.Members
        let offset: Int
        /// For each key, by its slot, the index in `members` of its first member, or -1 (a vector as a
        /// fixed-size array, so that filing allocates nothing).
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
            let index = Int(slots[key.slot])
            guard index >= 0 else { return nil }
            let value = members[index].value
            return value.isNull ? nil : value
        }
    }
}
