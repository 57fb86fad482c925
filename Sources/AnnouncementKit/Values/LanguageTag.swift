/// Helpers for BCP 47 language tags as feeds and apps write them (`de`, `de-AT`, `pt_BR`, `zh-Hant-TW`).
package enum LanguageTag {
    /// The tag in lower case with `_` read as `-`, the form tags are compared in.
    package static func normalized(_ tag: String) -> String {
        String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
    }

    /// Whether `tag` looks like a language tag: a 2–8 letter language, then subtags of 1–8 letters
    /// or digits separated by `-` or `_`.
    package static func isWellFormed(_ tag: String) -> Bool {
        var subtagLength = 0
        var isFirstSubtag = true
        for byte in tag.utf8 {
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") {
                guard isFirstSubtag ? subtagLength >= 2 : subtagLength >= 1 else { return false }
                isFirstSubtag = false
                subtagLength = 0
            } else if isLetter || (isDigit && !isFirstSubtag) {
                subtagLength += 1
                if subtagLength > 8 { return false }
            } else {
                return false
            }
        }
        return isFirstSubtag ? subtagLength >= 2 : subtagLength >= 1
    }

    /// Whether `prefix` matches `tag` by whole subtags: `de` matches `de-AT`, `fr-CA` matches only
    /// `fr-CA` and longer tags that start with it.
    package static func isPrefix(_ prefix: String, of tag: String) -> Bool {
        let prefix = normalized(prefix)
        let tag = normalized(tag)
        guard tag.hasPrefix(prefix) else { return false }
        return tag.count == prefix.count || tag.dropFirst(prefix.count).first == "-"
    }
}
