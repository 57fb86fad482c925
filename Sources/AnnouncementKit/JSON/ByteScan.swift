/// Finds bytes of interest eight at a time, for the scans over whole feeds (UTF-8 validation, string
/// contents, control characters in texts).
///
/// Each test gives a word with the high bit set in the bytes that match. A match can also flag the bytes
/// after it (the subtraction borrows), but never one before it, so the lowest flagged byte is always
/// the first match — and that is the only one the scans use.
enum ByteScan {
    private static var ones: UInt64 { 0x0101_0101_0101_0101 }
    private static var highBits: UInt64 { 0x8080_8080_8080_8080 }

    /// The eight bytes at `offset`, the first of them in the lowest byte.
    @inline(__always)
    static func word(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
    }

    /// Flags the bytes of `word` equal to `byte`.
    @inline(__always)
    static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & highBits
    }

    /// Flags the bytes of `word` below `limit`, which must be at most 0x80.
    @inline(__always)
    static func below(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highBits
    }

    /// Flags the bytes of `word` that are not ASCII.
    @inline(__always)
    static func nonASCII(_ word: UInt64) -> UInt64 {
        word & highBits
    }

    /// Whether all of `bytes` are ASCII.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        first(in: bytes, from: 0, flags: nonASCII, matches: { $0 >= 0x80 }) == bytes.count
    }

    /// The offset in a word of the first flagged byte; `flags` must not be zero.
    @inline(__always)
    static func firstFlagged(_ flags: UInt64) -> Int {
        flags.trailingZeroBitCount >> 3
    }

    /// The offset of the first byte at or after `start` for which `flags` flags its word's byte or, past
    /// the last whole word, `matches` holds; `bytes.count` when there is none.
    @inline(__always)
    static func first(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, flags: (UInt64) -> UInt64, matches: (UInt8) -> Bool
    ) -> Int {
        var offset = start
        while offset + 8 <= bytes.count {
            let found = flags(word(bytes, at: offset))
            if found != 0 { return offset + firstFlagged(found) }
            offset += 8
        }
        while offset < bytes.count, !matches(bytes[offset]) { offset += 1 }
        return offset
    }
}
