import AnnouncementKit
import Foundation
import Testing

@Suite("Decoding audience.requires and draft")
struct CapabilityDecodingTests {
    /// A feed of one item whose other fields are `fields`, on line 2 after `  {"id": "a", "title": "t",
    /// "message": "m", ` (44 characters, so the first of `fields` is at column 45).
    private func decode(_ fields: String) throws -> FeedDecodingResult {
        let text = "{\"announcements\": [\n  {\"id\": \"a\", \"title\": \"t\", \"message\": \"m\", \(fields)}\n]}"
        return try FeedDecoder().decode(Data(text.utf8))
    }

    /// Each finding as `severity line:column path: message`.
    private func findings(_ result: FeedDecodingResult) -> [String] {
        result.diagnostics.map {
            "\($0.severity.rawValue) \($0.line ?? 0):\($0.column ?? 0) \($0.path): \($0.message)"
        }
    }

    @Test("requires and draft are read into the model, and need no warning together")
    func readsFields() throws {
        let result = try decode(#""draft": true, "audience": {"requires": ["drafts", "triggers"]}"#)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let item = try #require(result.announcements.first)
        #expect(item.isDraft)
        #expect(item.audience?.requires == ["drafts", "triggers"])
        let plain = try decode(#""draft": false, "audience": {"requires": []}"#)
        #expect(plain.announcements.first?.isDraft == false)
        #expect(plain.announcements.first?.audience?.requires == [])
        #expect(try decode(#""priority": 1"#).announcements.first?.isDraft == false)
        #expect(try decode(#""draft": null"#).announcements.first?.isDraft == false)
    }

    @Test(
        "wrong types are item errors at their line and column",
        arguments: [
            (
                #""audience": {"requires": "drafts"}"#,
                #"error 2:70 $.announcements[0].audience.requires: requires must be an array of strings; found a string "drafts""#
            ),
            (
                #""audience": {"requires": ["drafts", 3]}"#,
                "error 2:81 $.announcements[0].audience.requires[1]: each entry of requires must be a non-empty string; "
                    + "found a number 3"
            ),
            (
                #""audience": {"requires": [""]}"#,
                #"error 2:71 $.announcements[0].audience.requires[0]: each entry of requires must be a non-empty string; found a string """#
            ),
            (
                #""draft": "yes""#,
                #"error 2:54 $.announcements[0].draft: draft must be true or false; found a string "yes""#
            ),
        ])
    func typeErrors(fields: String, expected: String) throws {
        let result = try decode(fields)
        #expect(result.announcements.isEmpty)
        #expect(findings(result) == [expected])
    }

    @Test("a repeated, an unsupported or no required feature is a warning; the item stays usable")
    func warnings() throws {
        let repeated = try decode(#""audience": {"requires": ["drafts", "drafts"]}"#)
        #expect(
            findings(repeated) == [
                #"warning 2:81 $.announcements[0].audience.requires[1]: requires names "drafts" twice"#
            ])
        #expect(repeated.announcements.first?.audience?.requires == ["drafts"])
        let unknown = try decode(#""audience": {"requires": ["polls"]}"#)
        #expect(
            findings(unknown) == [
                #"warning 2:71 $.announcements[0].audience.requires[0]: requires "polls", which this version does "#
                    + "not support, so the item will not show (known: triggers, variants, formats, images, drafts)"
            ])
        #expect(unknown.announcements.first?.audience?.requires == ["polls"])
        let empty = try decode(#""audience": {"requires": []}"#)
        #expect(
            findings(empty) == [
                "warning 2:70 $.announcements[0].audience.requires: requires is empty; omit it, since apps before 0.2 "
                    + "do not show an item that has it"
            ])
    }

    @Test("a draft without drafts in audience.requires is warned about at the field")
    func ungatedDraft() throws {
        let expected =
            #"warning 2:54 $.announcements[0].draft: draft is a 0.2 field: add "drafts" to audience.requires so 0.1 "#
            + "apps do not show it"
        #expect(findings(try decode(#""draft": true"#)) == [expected])
        #expect(findings(try decode(#""draft": true, "audience": {"requires": ["triggers"]}"#)) == [expected])
        #expect(findings(try decode(#""draft": false"#)).isEmpty)
    }

    @Test("the known features are the contract's five")
    func supportedCapabilities() {
        #expect(
            Announcement.AudienceRules.supportedCapabilities == ["triggers", "variants", "formats", "images", "drafts"])
    }

    @Test("encoding keeps draft and requires")
    func encoding() throws {
        let item = try #require(
            try decode(#""draft": true, "audience": {"requires": ["drafts"]}"#).announcements.first)
        let again = try JSONDecoder().decode(Announcement.self, from: JSONEncoder().encode(item))
        #expect(again == item)
        #expect(again.isDraft && again.audience?.requires == ["drafts"])
    }
}

@Suite("audience.requires at and past its cap")
struct RequiredFeaturesBoundsTests {
    /// A feed of an item whose `requires` lists `names`, beside a plain item, on lines 2 and 3; the list
    /// opens at column 70 of line 2.
    private func decode(_ names: [String]) throws -> FeedDecodingResult {
        let list = names.map { "\"\($0)\"" }.joined(separator: ",")
        let text =
            "{\"announcements\": [\n  {\"id\": \"a\", \"title\": \"t\", \"message\": \"m\", \"audience\": {\"requires\": ["
            + list + "]}},\n  {\"id\": \"plain\", \"title\": \"t\", \"message\": \"m\"}\n]}"
        return try FeedDecoder().decode(Data(text.utf8))
    }

    @Test("64 names, repeats among them, are decoded; each repeat is one warning")
    func atTheCap() throws {
        let supported = Announcement.AudienceRules.supportedCapabilities
        let names = (0..<FeedLimits.maximumRequiredFeatures).map { supported[$0 % supported.count] }
        let result = try decode(names)
        #expect(result.announcements.map(\.id) == ["a", "plain"])
        #expect(result.announcements.first?.audience?.requires == supported)
        #expect(result.diagnostics.count == names.count - supported.count)
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning && $0.message.hasSuffix("twice") })
    }

    @Test(
        "a hostile list of 65, 40,000 or 112,000 distinct names is one item error at the list; the other item stays",
        arguments: [65, 40_000, 112_000])
    func pastTheCap(count: Int) throws {
        let names = (0..<count).map { "n" + String($0, radix: 16) }
        let result = try decode(names)
        #expect(result.announcements.map(\.id) == ["plain"])
        #expect(result.diagnostics.count == 1)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.path == "$.announcements[0].audience.requires")
        #expect((diagnostic.line, diagnostic.column) == (2, 70))
        #expect(
            diagnostic.message
                == "requires has \(count) entries; at most 64 are allowed (name each feature the item needs once)")
    }
}
