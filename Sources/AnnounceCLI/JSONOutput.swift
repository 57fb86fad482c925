import Foundation

/// Machine-readable output: pretty-printed JSON with sorted keys, ending in a newline.
enum JSONOutput {
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain value types cannot fail.
        let data = try! encoder.encode(value)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
