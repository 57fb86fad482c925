extension JSCoercion {
    /// Whether `needle`'s UTF-8 bytes occur in `haystack`'s: JavaScript `indexOf` without any
    /// Unicode normalisation (UTF-8 and UTF-16 find the same matches, since both encode whole
    /// scalars and no scalar's encoding starts inside another's).
    ///
    /// Linear in the length of both strings, whatever they hold: a naive search of `"aaa…ab"` in
    /// `"aaa…a"` takes time proportional to their product.
    static func contains(_ haystack: String, _ needle: String) -> Bool {
        if needle.isEmpty { return true }
        guard needle.utf8.count <= haystack.utf8.count else { return false }
        var haystack = haystack
        var needle = needle
        return haystack.withUTF8 { hay in needle.withUTF8 { target in occurs(target, in: hay) } }
    }

    /// Knuth–Morris–Pratt: each byte of `hay` is looked at once, plus at most as many steps back along
    /// the table of `target`'s borders as steps forward. `target` is not empty.
    private static func occurs(_ target: UnsafeBufferPointer<UInt8>, in hay: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = target.count
        if count == 1 { return hay.contains(target[0]) }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { border in
            // border[i]: the length of the longest proper prefix of target[0...i] that is also its suffix.
            border[0] = 0
            var length = 0
            for index in 1..<count {
                while length > 0, target[index] != target[length] { length = border[length - 1] }
                if target[index] == target[length] { length += 1 }
                border[index] = length
            }
            var matched = 0
            for byte in hay {
                while matched > 0, byte != target[matched] { matched = border[matched - 1] }
                if byte == target[matched] {
                    matched += 1
                    if matched == count { return true }
                }
            }
            return false
        }
    }
}
