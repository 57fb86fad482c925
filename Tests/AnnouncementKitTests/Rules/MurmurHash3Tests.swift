import AnnouncementKit
import Testing

extension Rules {
    @Suite("MurmurHash3 x86_32")
    struct MurmurHash3Tests {
        struct Vector: Sendable, CustomStringConvertible {
            let text: String
            let utf8: [UInt8]?
            let seed: UInt32
            let hash: UInt32
            var description: String { "\(JSONValue.string(text)) seed \(seed)" }

            init?(_ value: JSONValue) {
                guard let text = value["text"]?.stringValue, let hex = value["x86_32"]?.stringValue,
                    let hash = UInt32(hex, radix: 16)
                else { return nil }
                self.text = text
                self.hash = hash
                self.seed = UInt32(value["seed"]?.numberValue ?? 0)
                self.utf8 = value["utf8"]?.stringValue.map(Self.bytes(hex:))
            }

            private static func bytes(hex: String) -> [UInt8] {
                let digits = Array(hex.utf8)
                return stride(from: 0, to: digits.count - 1, by: 2).compactMap {
                    UInt8(String(decoding: digits[$0...($0 + 1)], as: UTF8.self), radix: 16)
                }
            }
        }

        static let peerVectors = PeerSuite.elements("murmur3-jl/test/tests.json").compactMap(Vector.init)
        static let utf8Vectors = PeerSuite.elements("generated/murmur3-utf8.json").compactMap(Vector.init)

        @Test("the fixtures hold 19 peer vectors and 36 UTF-8 vectors")
        func counts() {
            #expect(Self.peerVectors.count == 19)
            #expect(Self.utf8Vectors.count == 36)
        }

        @Test("Murmur3.jl vectors (ASCII, seeds)", arguments: peerVectors)
        func peer(_ vector: Vector) {
            #expect(MurmurHash3.x86_32(vector.text.utf8, seed: vector.seed) == vector.hash)
        }

        @Test("UTF-8 vectors made with Python mmh3", arguments: utf8Vectors)
        func utf8(_ vector: Vector) {
            #expect(Array(vector.text.utf8) == vector.utf8)
            #expect(MurmurHash3.x86_32(vector.text.utf8, seed: vector.seed) == vector.hash)
            #expect(MurmurHash3.x86_32(Array(vector.text.utf8), seed: vector.seed) == vector.hash)
        }

        @Test("collections without contiguous storage hash the same", arguments: utf8Vectors.prefix(20))
        func nonContiguous(_ vector: Vector) {
            let bytes = Array(vector.text.utf8)
            #expect(MurmurHash3.x86_32(bytes.lazy.map { $0 }, seed: vector.seed) == vector.hash)
        }

        @Test("the default seed is 0")
        func defaultSeed() {
            #expect(MurmurHash3.x86_32("hello".utf8) == MurmurHash3.x86_32("hello".utf8, seed: 0))
            #expect(MurmurHash3.x86_32("hello".utf8) == 0x248b_fa47)
        }
    }
}
