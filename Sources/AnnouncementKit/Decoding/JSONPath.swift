/// Builds JSON paths such as `$.announcements[3].title["de-AT"]` for diagnostics.
enum JSONPath {
    /// `path` followed by the member `key`: `.key` for plain names, `["key"]` otherwise.
    static func member(_ path: String, _ key: String) -> String {
        let isPlain =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy {
                ($0.value >= 0x61 && $0.value <= 0x7A) || ($0.value >= 0x41 && $0.value <= 0x5A)
                    || ($0.value >= 0x30 && $0.value <= 0x39) || $0 == "_"
            }
            && !(key.first!.isNumber)
        return isPlain ? path + "." + key : path + "[" + JSONWriter.quote(key) + "]"
    }

    /// `path` followed by the array index `index`.
    static func element(_ path: String, _ index: Int) -> String {
        path + "[" + String(index) + "]"
    }
}
