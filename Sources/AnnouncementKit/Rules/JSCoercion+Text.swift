/// JavaScript's operations on strings, which work on UTF-16 code units, done on the UTF-8 bytes Swift
/// keeps: each in one pass over the bytes, whatever the strings hold.
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

    /// Whether `a` and `b` are the same code units (never canonical equivalents).
    static func sameUnits(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a
        var b = b
        return a.withUTF8 { left in b.withUTF8 { right in commonPrefix(left, right) == left.count } }
    }

    /// Whether `text` starts with `affix` (`atEnd` false) or ends with it, code unit for code unit.
    static func hasAffix(_ text: String, _ affix: String, atEnd: Bool) -> Bool {
        let count = affix.utf8.count
        guard count <= text.utf8.count else { return false }
        var text = text
        var affix = affix
        return text.withUTF8 { bytes in
            affix.withUTF8 { affixBytes in
                let part = UnsafeBufferPointer(rebasing: atEnd ? bytes[(bytes.count - count)...] : bytes[..<count])
                return commonPrefix(part, affixBytes) == count
            }
        }
    }

    /// How many bytes `a` and `b` have in common from the start, compared eight at a time.
    private static func commonPrefix(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let count = min(a.count, b.count)
        guard count > 0, let left = a.baseAddress, let right = b.baseAddress else { return 0 }
        let wordSize = MemoryLayout<UInt64>.size
        var offset = 0
        while offset + wordSize <= count,
            UnsafeRawPointer(left).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                == UnsafeRawPointer(right).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        {
            offset += wordSize
        }
        while offset < count, left[offset] == right[offset] { offset += 1 }
        return offset
    }

    /// JavaScript's `a < b` on strings: their UTF-16 code units compared in order.
    ///
    /// Compared as UTF-8 bytes, whose order is that of code points; it differs from UTF-16 order only
    /// where a character above U+FFFF (two units, the first in D800–DBFF) meets one in U+E000–U+FFFF,
    /// which the first differing character settles.
    static func utf16Precedes(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { left in
            b.withUTF8 { right in
                var index = commonPrefix(left, right)
                if index == min(left.count, right.count) { return left.count < right.count }
                // The bytes before are the same in both, so the character that differs starts at the
                // same place in both.
                while index > 0, left[index] & 0xC0 == 0x80 { index -= 1 }
                let x = firstUnits(scalar(at: index, in: left))
                let y = firstUnits(scalar(at: index, in: right))
                return x.0 != y.0 ? x.0 < y.0 : x.1 < y.1
            }
        }
    }

    /// A scalar's UTF-16 code units: itself, or its surrogate pair.
    private static func firstUnits(_ scalar: UInt32) -> (UInt32, UInt32) {
        guard scalar > 0xFFFF else { return (scalar, 0) }
        return (0xD800 + ((scalar - 0x10000) >> 10), 0xDC00 + (scalar & 0x3FF))
    }

    /// The scalar whose UTF-8 starts at `offset` of well-formed `bytes`.
    private static func scalar(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let lead = UInt32(bytes[offset])
        let length = sequenceLength(bytes[offset])
        guard length > 1 else { return lead }
        var value = lead & (0x7F >> UInt32(length))
        for next in 1..<length { value = value << 6 | UInt32(bytes[offset + next] & 0x3F) }
        return value
    }

    /// The length of the UTF-8 sequence that starts with `lead`.
    static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    }

    /// The code units `lower..<upper` of `text`'s UTF-16 form, as a string: half of a surrogate pair
    /// cut by either end becomes U+FFFD, as decoding those units would make it.
    static func utf16Slice(of text: String, from lower: Int, to upper: Int) -> String {
        guard lower < upper else { return "" }
        var text = text
        return text.withUTF8 { bytes in
            // Walk the characters (a four-byte one is two UTF-16 units) to the bytes of each end.
            var unit = 0
            var offset = 0
            var from: Int?
            var to = bytes.count
            var cutHead = false
            var cutTail = false
            while offset < bytes.count {
                let length = sequenceLength(bytes[offset])
                let width = length == 4 ? 2 : 1
                if from == nil, unit + width > lower {
                    cutHead = unit < lower
                    from = cutHead ? offset + length : offset
                }
                if unit + width > upper {
                    cutTail = unit < upper
                    to = offset
                    break
                }
                unit += width
                offset += length
            }
            let start = from ?? bytes.count
            let middle = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<max(start, to)]), as: UTF8.self)
            return (cutHead ? "\u{FFFD}" : "") + middle + (cutTail ? "\u{FFFD}" : "")
        }
    }
}
