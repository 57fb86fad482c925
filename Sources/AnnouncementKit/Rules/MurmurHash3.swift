/// MurmurHash3 by Austin Appleby, the hash flagd's `fractional` operator and the rollout buckets use.
///
/// Only the 32-bit x86 variant is provided; it reads the bytes in little-endian blocks of four, so
/// the result is the same on every platform.
///
/// ```swift
/// MurmurHash3.x86_32(Array("hello".utf8))  // 0x248bfa47
/// ```
package enum MurmurHash3 {
    /// The 32-bit hash (`MurmurHash3_x86_32`) of `bytes` with `seed`.
    package static func x86_32(_ bytes: some Collection<UInt8>, seed: UInt32 = 0) -> UInt32 {
        if let hash = bytes.withContiguousStorageIfAvailable({ hash32($0, seed: seed) }) {
            return hash
        }
        return Array(bytes).withUnsafeBufferPointer { hash32($0, seed: seed) }
    }

    private static let c1: UInt32 = 0xcc9e_2d51
    private static let c2: UInt32 = 0x1b87_3593

    private static func hash32(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt32) -> UInt32 {
        var hash = seed
        let blockCount = bytes.count / 4
        for block in 0..<blockCount {
            let offset = block * 4
            var k =
                UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
                | UInt32(bytes[offset + 3]) << 24
            k = scramble(k)
            hash ^= k
            hash = rotateLeft(hash, by: 13)
            hash = hash &* 5 &+ 0xe654_6b64
        }
        let tailStart = blockCount * 4
        var tail: UInt32 = 0
        switch bytes.count - tailStart {
        case 3:
            tail = UInt32(bytes[tailStart]) | UInt32(bytes[tailStart + 1]) << 8 | UInt32(bytes[tailStart + 2]) << 16
        case 2:
            tail = UInt32(bytes[tailStart]) | UInt32(bytes[tailStart + 1]) << 8
        case 1:
            tail = UInt32(bytes[tailStart])
        default:
            break
        }
        if bytes.count > tailStart { hash ^= scramble(tail) }
        // The length is mixed in modulo 2^32, as the reference implementation's `int len` does.
        hash ^= UInt32(truncatingIfNeeded: bytes.count)
        return finalize(hash)
    }

    private static func scramble(_ value: UInt32) -> UInt32 {
        rotateLeft(value &* c1, by: 15) &* c2
    }

    private static func rotateLeft(_ value: UInt32, by count: UInt32) -> UInt32 {
        (value << count) | (value >> (32 - count))
    }

    private static func finalize(_ value: UInt32) -> UInt32 {
        var hash = value
        hash ^= hash >> 16
        hash = hash &* 0x85eb_ca6b
        hash ^= hash >> 13
        hash = hash &* 0xc2b2_ae35
        hash ^= hash >> 16
        return hash
    }
}
