/// Builds JSON paths such as `$.announcements[3].title["de-AT"]` for diagnostics.
enum JSONPath {
    /// `path` followed by the member `key`: `.key` for plain names, `["key"]` otherwise.
    static func member(_ path: String, _ key: String) -> String {
        isPlainName(key) ? path + "." + key : path + "[" + JSONWriter.quote(key) + "]"
    }

    /// Whether `key` can follow a dot: ASCII letters, digits and `_`, not starting with a digit.
    static func isPlainName(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return key.utf8.allSatisfy { byte in
            let letter = byte | 0x20
            return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(letter)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }

    /// `path` followed by the array index `index`.
    static func element(_ path: String, _ index: Int) -> String {
        path + "[" + String(index) + "]"
    }
}
