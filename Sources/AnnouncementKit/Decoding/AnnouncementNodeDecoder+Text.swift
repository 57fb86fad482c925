/// Texts shown to the user (title, message, action label): a string, or translations keyed by language
/// tag that include the feed's default locale; each within its length limit and free of control characters.
extension AnnouncementNodeDecoder {
    /// Whether `text` is empty or only whitespace.
    static func isBlank(_ text: String) -> Bool {
        // ASCII whitespace is U+0009–U+000D and U+0020, so any other ASCII byte settles it without a Unicode
        // property look-up; only text that reaches a non-ASCII scalar first is asked of the properties.
        // Text almost always starts with a visible ASCII character.
        if let first = text.utf8.first, first < 0x80, first != 0x20, !(0x09...0x0D).contains(first) { return false }
        for byte in text.utf8 {
            if byte >= 0x80 { return isBlankByScalars(text) }
            if byte != 0x20 && !(0x09...0x0D).contains(byte) { return false }
        }
        return true
    }

    /// ``isBlank(_:)`` by the Unicode `White_Space` property of every scalar.
    static func isBlankByScalars(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

    /// A text field that every announcement must have; its absence is reported.
    func requiredText(
        _ fields: Fields<ItemKey>, _ key: ItemKey, path: () -> String, sink: inout DiagnosticSink
    ) -> LocalizedText? {
        guard let node = fields[key] else {
            sink.report(
                .error, "\"\(key.name)\" is missing; every announcement needs one", path: path(),
                offset: fields.offset)
            return nil
        }
        return text(node, path: { JSONPath.member(path(), key.name) }, name: key.name, sink: &sink)
    }

    /// A string, or an object of language tag → string that has the feed's default locale.
    func text(_ node: Node, path: () -> String, name: String, sink: inout DiagnosticSink) -> LocalizedText? {
        switch node.kind {
        case .string:
            let value = node.stringValue!
            guard !Self.isBlank(value) else {
                sink.report(.error, "\(name) must not be empty", path: path(), offset: node.offset)
                return nil
            }
            guard
                checkTextLimits(
                    value, name: name, isMessage: name == "message", path: path, offset: node.offset, sink: &sink)
            else {
                return nil
            }
            return LocalizedText(value)
        case .object:
            return translations(node, path: path, name: name, sink: &sink)
        default:
            mismatch(name, "a string or an object of language tag to string", node, path(), &sink)
            return nil
        }
    }

    /// The translations of the object `node`; `nil` when any of them, or a missing default locale, was reported.
    private func translations(_ node: Node, path: () -> String, name: String, sink: inout DiagnosticSink)
        -> LocalizedText?
    {
        let members = node.members
        let errorsBefore = sink.errorCount
        checkDuplicates(members, path: path, sink: &sink)
        // Pairs, not a dictionary: when the text is kept, no error was reported, so its tags are
        // well-formed and without duplicates.
        var translations: [(tag: String, text: String)] = []
        translations.reserveCapacity(members.count)
        var hasDefaultLocale = false
        let isMessage = name == "message"
        for member in members {
            let checked = translationTags.tag(member.keyNode)
            let tag = checked.text
            if checked.isDefaultLocale { hasDefaultLocale = true }
            func memberPath() -> String { JSONPath.member(path(), tag) }
            if !checked.isWellFormed {
                sink.report(
                    .error,
                    "\"\(tag)\" is not a language tag; key translations by tags such as \"en\" or \"de-AT\"",
                    path: memberPath(), offset: member.keyOffset)
            }
            guard let value = member.value.stringValue, !Self.isBlank(value) else {
                mismatch("the \(tag) text of \(name)", "a non-empty string", member.value, memberPath(), &sink)
                continue
            }
            guard
                checkTextLimits(
                    value, name: name, isMessage: isMessage, path: memberPath, offset: member.value.offset,
                    sink: &sink)
            else { continue }
            translations.append((tag, value))
        }
        if !hasDefaultLocale && !members.contains(where: { LanguageTag.normalized($0.key) == normalizedDefaultLocale })
        {
            sink.report(
                .error,
                "\(name) has no \"\(defaultLocale)\" text; the feed's defaultLocale is the fallback for every "
                    + "other language, so add it",
                path: path(), offset: node.offset)
        }
        return sink.errorCount == errorsBefore
            ? LocalizedText(uniqueTranslations: translations, defaultLocale: defaultLocale) : nil
    }

    /// Whether a text is within its length limit and free of control characters; reports when not.
    private func checkTextLimits(
        _ value: String, name: String, isMessage: Bool, path: () -> String, offset: Int, sink: inout DiagnosticSink
    ) -> Bool {
        let limit = isMessage ? FeedLimits.maximumMessageLength : FeedLimits.maximumTitleLength
        // A character is at least one UTF-8 byte: count characters only when the bytes could exceed the limit.
        if value.utf8.count > limit, value.count > limit {
            sink.report(
                .error, "\(name) is \(value.count) characters long; at most \(limit) are allowed", path: path(),
                offset: offset)
            return false
        }
        if let bad = FeedLimits.forbiddenScalar(in: value, allowLineBreaks: isMessage, forbidInvisible: false) {
            let allowed = isMessage ? " (newline and tab are allowed)" : ""
            sink.report(
                .error,
                "\(name) holds the control character \(FeedLimits.codePoint(bad.scalar)) at position \(bad.index)"
                    + "\(allowed); remove it",
                path: path(), offset: offset)
            return false
        }
        return true
    }
}
