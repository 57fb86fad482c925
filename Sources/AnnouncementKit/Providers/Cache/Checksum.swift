import Foundation

/// FNV-1a, 64 bits: a fast checksum that catches truncated or damaged cache files.
///
/// Not a cryptographic hash: it detects accidents (a torn write, a flipped byte), not tampering.
enum Checksum {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The FNV-1a 64 hash of `bytes`.
    static func fnv1a64(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash = offsetBasis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= prime
        }
        return hash
    }

    /// The FNV-1a 64 hash of `data`.
    static func fnv1a64(_ data: Data) -> UInt64 {
        data.withUnsafeBytes { fnv1a64($0) }
    }

    /// The hash as 16 lower-case hexadecimal digits.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
