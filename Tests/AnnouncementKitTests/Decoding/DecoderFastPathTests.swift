import AnnouncementTestSupport
import Foundation
import Testing

@testable import AnnouncementKit

/// The decoder answers most character checks from the UTF-8 bytes and keeps the scalar-by-scalar
/// code for the rest; these tests hold the two to the same answers.
@Suite("Decoder fast paths agree with the scalar checks")
struct DecoderFastPathTests {
    /// Scalars where the byte and scalar views differ in interesting ways.
    static let edgeScalars: [Unicode.Scalar] = [
        "\u{0}", "\u{8}", "\t", "\n", "\u{B}", "\u{C}", "\r", "\u{1C}", "\u{1F}", " ", "!", "0", "9", "A", "_",
        "\\", ":", "\u{7E}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{A0}", "\u{AD}", "\u{BF}", "\u{C0}",
        "\u{FF}", "\u{100}", "\u{301}", "\u{600}", "\u{1680}", "\u{180E}", "\u{2000}", "\u{200A}", "\u{200B}",
        "\u{200D}", "\u{2028}", "\u{2029}", "\u{202E}", "\u{202F}", "\u{205F}", "\u{2060}", "\u{3000}", "\u{FEFF}",
        "\u{FF3C}", "\u{FFFD}", "\u{E0001}", "\u{1F600}", "\u{10FFFF}",
    ]

    /// Every scalar up to U+0800 (all one- and two-byte forms), the edge scalars, and texts built around them.
    static let texts: [String] = {
        var scalars = (0..<0x800).compactMap(Unicode.Scalar.init)
        scalars += edgeScalars
        var texts = ["", " ", "  \t\n", "a", "abc", "é", "日本語", "x\r\ny", "tab\there", "\u{A0}\u{A0}", " \u{3000} "]
        for scalar in scalars {
            let text = String(scalar)
            texts += [text, "ab" + text + "c", text + "x", "é" + text, "日本" + text + "z", "  " + text, text + text]
        }
        // Around and across the eight-byte words the scans step by.
        for scalar in edgeScalars {
            for padding in 0...17 {
                texts.append(String(repeating: "p", count: padding) + String(scalar) + "0123456789")
                texts.append(String(repeating: "é", count: padding) + String(scalar))
            }
        }
        for first in edgeScalars {
            for second in edgeScalars {
                texts.append(String(first) + String(second))
                texts.append("\u{C2}" + String(first) + "q" + String(second))
            }
        }
        return texts
    }()

    @Test("isBlank agrees with the White_Space property")
    func blank() {
        for text in Self.texts {
            #expect(
                AnnouncementNodeDecoder.isBlank(text) == AnnouncementNodeDecoder.isBlankByScalars(text),
                "\(text.debugDescription)")
        }
        for value in UInt8(0)..<0x80 {
            let scalar = Unicode.Scalar(value)
            #expect(AnnouncementNodeDecoder.isBlank(String(scalar)) == scalar.properties.isWhitespace)
        }
    }

    @Test("control characters are found at the same index by bytes and by scalars")
    func controls() {
        for text in Self.texts {
            for allowLineBreaks in [false, true] {
                for forbidInvisible in [false, true] {
                    let fast = FeedLimits.forbiddenScalar(
                        in: text, allowLineBreaks: allowLineBreaks, forbidInvisible: forbidInvisible)
                    let slow = FeedLimits.forbiddenScalarByScalars(
                        in: text, allowLineBreaks: allowLineBreaks, forbidInvisible: forbidInvisible)
                    #expect(
                        fast?.index == slow?.index && fast?.scalar == slow?.scalar,
                        "\(text.debugDescription) lineBreaks: \(allowLineBreaks) invisible: \(forbidInvisible)")
                }
            }
        }
    }

    @Test("plain member names are those of letters, digits and _ that do not start with a digit")
    func plainNames() {
        func reference(_ key: String) -> Bool {
            !key.isEmpty
                && key.unicodeScalars.allSatisfy {
                    ($0.value >= 0x61 && $0.value <= 0x7A) || ($0.value >= 0x41 && $0.value <= 0x5A)
                        || ($0.value >= 0x30 && $0.value <= 0x39) || $0 == "_"
                }
                && !(key.first!.isNumber)
        }
        for key in Self.texts + ["id", "_a", "a_1", "1a", "de-AT", "Ab9", "٣", "a٣", "ⅷ", "x y"] {
            #expect(JSONPath.isPlainName(key) == reference(key), "\(key.debugDescription)")
        }
    }

    @Test("known platforms are recognised in any case, as lower-cased strings are")
    func platforms() {
        let names = Announcement.AudienceRules.knownPlatforms
        var platforms = names + names.map { $0.uppercased() } + names.map { $0.lowercased() }
        platforms += ["", "i", "IO", "iOSx", "Android", "İOS", "ıOS", "\u{FF29}OS", "mac\u{0130}OS", "linuX", "LİNUX"]
        platforms += Self.edgeScalars.map { "ios" + String($0) }
        for platform in platforms {
            #expect(
                AnnouncementNodeDecoder.isKnownPlatform(platform)
                    == AnnouncementNodeDecoder.knownPlatformNames.contains(platform.lowercased()),
                "\(platform.debugDescription)")
        }
    }

    /// Links built around every ASCII byte, for the byte-wise checks of ASCII links.
    static let asciiLinks: [String] = {
        var links = ["", ":", "a:", "1a:", "a1+-.:x", "a\r\n:", "\r\n:x", "ht tp:", "https:\\\\x", "a;b:c", "-a:b"]
        for value in UInt8(0)..<0x80 {
            let byte = String(Unicode.Scalar(value))
            links += [
                "https://a" + byte + "b/", byte + "https://x", "my" + byte + "app:x", byte + ":x", "x" + byte,
                "a:" + byte,
            ]
        }
        return links
    }()

    @Test("ASCII links get the same character problem and scheme byte by byte")
    func asciiLinks() {
        for link in Self.asciiLinks {
            for type in [Announcement.Action.ActionType.url, .deepLink] {
                #expect(
                    ActionPolicy.asciiCharacterProblem(link) == ActionPolicy.characterProblem(link, type: type),
                    "\(link.debugDescription)")
            }
            #expect(ActionPolicy.asciiScheme(of: link) == ActionPolicy.scheme(of: link), "\(link.debugDescription)")
        }
    }

    @Test("every link gets the problem it got before the byte-wise checks")
    func wholePolicy() {
        var links = Self.asciiLinks + ActionSafetyTableTests.cases.map(\.value)
        for scalar in Self.edgeScalars {
            links += [
                "https://exa" + String(scalar) + "mple.com/", "myapp://x" + String(scalar), String(scalar) + "a:b",
            ]
        }
        links += [
            "a\\\u{301}b:c", "https://a\\\u{301}b", "myapp://a\\\u{301}", "https://\u{FF3C}x", "é:x", "e\u{301}:x",
        ]
        let policies = [
            ActionPolicy(), ActionPolicy(allowsHTTP: true), ActionPolicy(allowedDeepLinkSchemes: ["myapp"]),
        ]
        for link in links {
            for policy in policies {
                for type in Announcement.Action.ActionType.allCases {
                    #expect(
                        policy.problem(with: link, type: type)
                            == ReferenceActionPolicy.problem(policy, with: link, type: type),
                        "\(type) \(link.debugDescription)")
                }
            }
        }
    }
}

@Suite("Feed keys read from the tape")
struct TapeKeyTests {
    private func decode(_ text: String) throws -> FeedDecodingResult {
        try FeedDecoder().decode(Data(text.utf8))
    }

    /// Each key's table holds the raw values of its cases in their order, and each case's slot is its
    /// position among them.
    private func checkTable<Key: FieldKey>(_: Key.Type) {
        #expect(Key.table.names == Key.allCases.map(\.rawValue))
        #expect(Key.table.count == Key.allCases.count)
        for (position, key) in Key.allCases.enumerated() {
            #expect(key.slot == position, "\(key)")
            #expect(key.name == key.rawValue)
            #expect(Key.table.slot(of: key.name) == position, "\(key)")
        }
    }

    /// An object that holds every key of `Key` once, read from a tape, files each key in its own slot.
    private func checkFiling<Key: FieldKey>(_: Key.Type) throws {
        let object = "{" + Key.allCases.enumerated().map { "\"\($1.rawValue)\": \($0)" }.joined(separator: ", ") + "}"
        let bytes = Array(object.utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, start: 0)
            try parser.parseTape().withRoot { root in
                let fields = AnnouncementNodeDecoder.Fields<Key>(root)
                #expect(!fields.isIrregular)
                for (position, key) in Key.allCases.enumerated() {
                    guard case .number(let value) = fields[key]?.kind else {
                        Issue.record("\(key) is not filed")
                        continue
                    }
                    #expect(value == Double(position), "\(key)")
                }
            }
        }
    }

    @Test("each key table names its enumeration's cases, in order, and files every key in its own slot")
    func tables() throws {
        checkTable(AnnouncementNodeDecoder.ItemKey.self)
        checkTable(AnnouncementNodeDecoder.ActionKey.self)
        checkTable(AnnouncementNodeDecoder.ScheduleKey.self)
        checkTable(AnnouncementNodeDecoder.AudienceKey.self)
        checkTable(AnnouncementNodeDecoder.FrequencyKey.self)
        try checkFiling(AnnouncementNodeDecoder.ItemKey.self)
        try checkFiling(AnnouncementNodeDecoder.ActionKey.self)
        try checkFiling(AnnouncementNodeDecoder.ScheduleKey.self)
        try checkFiling(AnnouncementNodeDecoder.AudienceKey.self)
        try checkFiling(AnnouncementNodeDecoder.FrequencyKey.self)
    }

    @Test("keys written with escapes are the keys they spell")
    func escapedKeys() throws {
        let result = try decode(
            #"{"announcements": [{"\u0069d": "a", "t\u0069tle": "T", "message": {"\u0065n": "M"}}]}"#)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.announcements.map(\.id) == ["a"])
        #expect(result.announcements.first?.localizedMessage.resolved(for: "en") == "M")
    }

    @Test("keys compare as strings: canonically equivalent spellings are the same key")
    func equivalentKeys() throws {
        for (first, second) in [(#"\u00e9"#, #"e\u0301"#), ("\u{E9}", "e\u{301}"), (#"\u00e9"#, "e\u{301}")] {
            let result = try decode(
                #"{"announcements": [{"id": "a", "title": {"en": "T", ""# + first + #"": "x", ""# + second
                    + #"": "y"}, "message": "M"}]}"#)
            #expect(result.announcements.isEmpty)
            #expect(result.errors.contains { $0.message.contains("appears twice") }, "\(result.errors)")
        }
        // KELVIN SIGN is canonically equivalent to K: the text has its "Ko" translation (under a key that is
        // not a well-formed tag).
        for kelvin in [#"\u212Ao"#, "\u{212A}o"] {
            let result = try decode(
                #"{"defaultLocale": "Ko", "announcements": [{"id": "a", "title": {""# + kelvin
                    + #"": "T"}, "message": "M"}]}"#)
            #expect(result.errors.map(\.message).contains { $0.contains("is not a language tag") }, "\(result.errors)")
            #expect(!result.errors.map(\.message).contains { $0.contains("has no") }, "\(result.errors)")
        }
    }

    /// Calls `body` with the members of the JSON object `text`, read from a tape.
    private func withMembers(_ text: String, _ body: (JSONTape.Members) -> Void) throws {
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, start: 0)
            try parser.parseTape().withRoot { body($0.members) }
        }
    }

    @Test("translation tags are read once and answer as the strings would, however they are written")
    func translationTags() throws {
        let object =
            ##"{"en": 1, "de": 2, "en": 3, "\u0065n": 4, "Ko": 5, "\u212Ao": 6, "e\u0301": 7, "é": 8, "##
            + #""zh-Hant-TW-x-private": 9, "zh-Hant-TW-x-private": 10, "": 11, "d_E": 12}"#
        for defaultLocale in ["en", "Ko", "zh-Hant-TW-x-private", "de"] {
            let tags = TranslationTags(defaultLocale: defaultLocale)
            try withMembers(object) { members in
                for _ in 0..<2 {
                    for member in members {
                        let tag = tags.tag(member.keyNode)
                        #expect(tag.text == member.key)
                        #expect(tag.isWellFormed == LanguageTag.isWellFormed(member.key))
                        #expect(tag.isDefaultLocale == (member.key == defaultLocale), "\(member.key) \(defaultLocale)")
                    }
                }
            }
        }
    }

    @Test("styles and action types read from bytes are the cases init(rawValue:) gives")
    func caseNames() throws {
        let object =
            ##"{"a": "info", "b": "warning", "c": "Info", "d": "\u0069nfo", "e": "url", "f": "deepLink", "##
            + #""g": "dismiss", "h": "URL", "i": "", "j": 5, "k": "critical ", "l": "succes", "m": "success"}"#
        try withMembers(object) { members in
            for member in members {
                let value = member.value.stringValue
                let style = AnnouncementNodeDecoder.caseSpelled(
                    by: member.value, in: AnnouncementNodeDecoder.styleNames)
                #expect(style == nil || style == value.flatMap(Announcement.Style.init(rawValue:)))
                let type = AnnouncementNodeDecoder.caseSpelled(
                    by: member.value, in: AnnouncementNodeDecoder.actionTypeNames)
                #expect(type == nil || type == value.flatMap(Announcement.Action.ActionType.init(rawValue:)))
                if member.value.asciiText != nil, let value {
                    #expect(style == Announcement.Style(rawValue: value))
                    #expect(type == Announcement.Action.ActionType(rawValue: value))
                }
            }
        }
    }

    @Test("a value on the tape reads as the tree built from it")
    func tapeAndTree() throws {
        let text = #"{"s": "a\"b", "n": [0, -1.5, 1e2], "b": [true, false, null], "o": {"k": {}}, "é": "ü"}"#
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, start: 0)
            let tape = try parser.parseTape()
            let (value, tree) = tape.withRoot { ($0.value, $0.tree) }
            #expect(value == tree.value)
            #expect(tree.offset == 0)
        }
    }
}

@Suite("Byte scans")
struct ByteScanTests {
    /// Bytes that the scans look for, and bytes around them.
    static let alphabet: [UInt8] = [
        0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0xC2, 0xFF, 0x61,
    ]

    @Test("the first flagged byte is the first matching byte, from every start")
    func firstMatch() {
        var random = SplitMix64(seed: 7)
        let tests: [(flags: (ByteScan.Chunk) -> ByteScan.Mask, matches: (UInt8) -> Bool)] = [
            ({ ByteScan.nonASCII($0) }, { $0 >= 0x80 }),
            ({ ByteScan.equal($0, 0x22) .| ByteScan.equal($0, 0x5C) }, { $0 == 0x22 || $0 == 0x5C }),
            ({ ByteScan.below($0, 0x20) .| ByteScan.equal($0, 0x7F) }, { $0 < 0x20 || $0 == 0x7F }),
            ({ ByteScan.below($0, 0x80) }, { $0 < 0x80 }),
        ]
        for _ in 0..<3000 {
            let count = Int(random.next() % 70)
            let bytes = (0..<count).map { _ in Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))] }
            bytes.withUnsafeBufferPointer { buffer in
                for test in tests {
                    for start in 0...count {
                        let expected = bytes[start...].firstIndex(where: test.matches) ?? count
                        #expect(
                            ByteScan.first(in: buffer, from: start, flags: test.flags, matches: test.matches)
                                == expected)
                    }
                }
            }
        }
    }
}

/// ``ActionPolicy/problem(with:type:)`` as it was written before its byte-wise checks, character by
/// character; kept to prove the faster one gives the same answer, word for word. One deliberate
/// change since: a backslash is found byte by byte, so one followed by a combining mark (which a
/// character search passes over) is refused as a backslash too.
enum ReferenceActionPolicy {
    static func problem(_ policy: ActionPolicy, with value: String, type: Announcement.Action.ActionType) -> String? {
        guard type != .dismiss else { return nil }
        let length = value.count
        if length == 0 { return "is empty; a \(type.rawValue) action needs a URL" }
        if length > ActionPolicy.maximumLength {
            return "is \(length) characters long; at most \(ActionPolicy.maximumLength) are allowed"
        }
        if value.unicodeScalars.contains(where: isWhitespaceOrControl) {
            return "contains whitespace or control characters; percent-encode them"
        }
        if let invisible = value.unicodeScalars.first(where: FeedLimits.isInvisible) {
            return "contains the invisible character \(FeedLimits.codePoint(invisible)), which can disguise a link; "
                + "remove it"
        }
        if value.utf8.contains(UInt8(ascii: "\\")) {
            return "contains a backslash, which browsers read as '/' so the link may open another host; "
                + "use '/' or percent-encode it (%5C)"
        }
        if type == .url, let other = value.unicodeScalars.first(where: { !$0.isASCII }) {
            return "contains the non-ASCII character \(FeedLimits.codePoint(other)); write internationalised host "
                + "names in punycode (xn--…) and percent-encode the rest, so the link reads as it opens"
        }
        guard let colon = value.firstIndex(of: ":") else {
            return type == .url
                ? "has no scheme; write a full address such as https://example.com/page"
                : "has no scheme; write a deep link such as myapp://screen"
        }
        let schemeText = value[..<colon]
        guard let first = schemeText.first, first.isASCII, first.isLetter,
            schemeText.allSatisfy({
                $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".")
            })
        else {
            return type == .url
                ? "has no scheme; write a full address such as https://example.com/page"
                : "has no scheme; write a deep link such as myapp://screen"
        }
        let scheme = schemeText.lowercased()
        if ActionPolicy.forbiddenSchemes.contains(scheme) {
            return "uses the '\(scheme):' scheme, which is never allowed in an action"
        }
        guard let components = URLComponents(string: value) else {
            return "is not a valid URL; percent-encode special characters"
        }
        switch type {
        case .url:
            let allowed = policy.allowsHTTP ? ["https", "http"] : ["https"]
            guard allowed.contains(scheme) else {
                if scheme == "http" {
                    return "uses plain http; use https (the app must opt in to allow http)"
                }
                return "uses the '\(scheme):' scheme; a url action must use https (use type deepLink for app links)"
            }
            guard let host = components.host, !host.isEmpty else {
                return "has no host; write a full address such as https://example.com/page"
            }
            if components.user != nil || components.password != nil {
                return "has a user name before '@' (\(components.user ?? "")@\(host)), which disguises the real "
                    + "host \(host); remove it"
            }
            // Added after the byte-wise checks; the same function on both sides.
            if let problem = ActionPolicy.hostProblem(of: value) { return problem }
        case .deepLink:
            if scheme == "http" || scheme == "https" {
                return "is a web address; use an action of type url for \(scheme) links"
            }
            if let allowed = policy.allowedDeepLinkSchemes, !allowed.contains(scheme) {
                let list = allowed.isEmpty ? "none" : allowed.sorted().joined(separator: ", ")
                return "uses the scheme '\(scheme)', which the app does not allow (allowed: \(list))"
            }
            if policy.allowedDeepLinkSchemes == nil, ActionPolicy.browserSchemes.contains(scheme) {
                return "uses the browser's own '\(scheme):' scheme, not an app's; deep links use the app's scheme "
                    + "(myapp://screen)"
            }
        case .dismiss:
            break
        }
        return nil
    }

    private static func isWhitespaceOrControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value <= 0x20 || value == 0x7F }
        return scalar.properties.isWhitespace || (0x80...0x9F).contains(value)
    }
}
