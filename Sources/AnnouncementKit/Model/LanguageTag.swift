/// Helpers for BCP 47 language tags as feeds and apps write them (`de`, `de-AT`, `pt_BR`, `zh-Hant-TW`).
public enum LanguageTag {
    /// The tag in lower case with `_` read as `-`, the form tags are compared in.
    public static func normalized(_ tag: String) -> String {
        String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
    }

    /// Whether `tag` looks like a language tag: a 2–8 letter language, then subtags of 1–8 letters
    /// or digits separated by `-` or `_`.
    public static func isWellFormed(_ tag: String) -> Bool {
        let subtags = normalized(tag).split(separator: "-", omittingEmptySubsequences: false)
        guard let language = subtags.first, (2...8).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return subtags.dropFirst().allSatisfy { subtag in
            (1...8).contains(subtag.count) && subtag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// Whether `prefix` matches `tag` by whole subtags: `de` matches `de-AT`, `fr-CA` matches only
    /// `fr-CA` and longer tags that start with it.
    public static func isPrefix(_ prefix: String, of tag: String) -> Bool {
        let prefix = normalized(prefix)
        let tag = normalized(tag)
        guard tag.hasPrefix(prefix) else { return false }
        return tag.count == prefix.count || tag.dropFirst(prefix.count).first == "-"
    }
}
