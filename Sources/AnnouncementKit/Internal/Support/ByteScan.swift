/// Finds bytes of interest sixteen at a time, for the scans over whole feeds (UTF-8 validation, string
/// contents, control characters in texts).
///
/// A test compares a chunk of sixteen bytes with vectors of sixteen equal bytes, which the compiler turns
/// into a few vector instructions, and gives a mask with the matching lanes set.
enum ByteScan {
    typealias Chunk = SIMD16<UInt8>
    typealias Mask = SIMDMask<SIMD16<Int8>>

    /// Lanes of `chunk` equal to `byte`.
    @inline(__always)
    static func equal(_ chunk: Chunk, _ byte: UInt8) -> Mask {
        chunk .== Chunk(repeating: byte)
    }

    /// Lanes of `chunk` below `limit`.
    @inline(__always)
    static func below(_ chunk: Chunk, _ limit: UInt8) -> Mask {
        chunk .< Chunk(repeating: limit)
    }

    /// Lanes of `chunk` that are not ASCII.
    @inline(__always)
    static func nonASCII(_ chunk: Chunk) -> Mask {
        chunk .>= Chunk(repeating: 0x80)
    }

    /// The offset of the first byte at or after `start` whose lane `flags` sets in its chunk or, in the
    /// last bytes that do not fill a chunk, for which `matches` holds; `bytes.count` when there is none.
    @inline(__always)
    static func first(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, flags: (Chunk) -> Mask, matches: (UInt8) -> Bool
    ) -> Int {
        var offset = start
        while offset + Chunk.scalarCount <= bytes.count {
            let chunk = UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: Chunk.self)
            // A set lane is all ones: read the mask as two words, the first lanes in the low bytes.
            let lanes = unsafeBitCast(flags(chunk), to: SIMD2<UInt64>.self)
            let (low, high) = (UInt64(littleEndian: lanes[0]), UInt64(littleEndian: lanes[1]))
            if low | high != 0 {
                return offset + (low != 0 ? low.trailingZeroBitCount >> 3 : 8 + high.trailingZeroBitCount >> 3)
            }
            offset += Chunk.scalarCount
        }
        while offset < bytes.count, !matches(bytes[offset]) { offset += 1 }
        return offset
    }

    /// Whether all of `bytes` are ASCII.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        first(in: bytes, from: 0, flags: nonASCII, matches: { $0 >= 0x80 }) == bytes.count
    }
}
