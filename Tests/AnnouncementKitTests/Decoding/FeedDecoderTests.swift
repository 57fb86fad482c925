import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("Feed decoder")
struct FeedDecoderTests {
    private func decode(_ text: String, policy: ActionPolicy = ActionPolicy()) throws -> FeedDecodingResult {
        try FeedDecoder(policy: policy).decode(Data(text.utf8))
    }

    private func failure(_ bytes: [UInt8]) -> FeedDecodingError? {
        do {
            _ = try FeedDecoder().decode(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    struct WholeFeedCase: Sendable, CustomStringConvertible {
        let name: String
        let bytes: [UInt8]
        let kind: FeedDecodingError.Kind
        let line: Int
        let column: Int
        let message: String
        var description: String { name }

        init(
            _ name: String, _ text: String, _ kind: FeedDecodingError.Kind, _ line: Int, _ column: Int,
            _ message: String
        ) {
            self.init(name, Array(text.utf8), kind, line, column, message)
        }

        init(
            _ name: String, _ bytes: [UInt8], _ kind: FeedDecodingError.Kind, _ line: Int, _ column: Int,
            _ message: String
        ) {
            self.name = name
            self.bytes = bytes
            self.kind = kind
            self.line = line
            self.column = column
            self.message = message
        }
    }

    static let wholeFeedCases: [WholeFeedCase] = [
        WholeFeedCase("empty file", "", .empty, 1, 1, "the feed is empty"),
        WholeFeedCase("only whitespace", " \n\t ", .empty, 1, 1, "the feed is empty"),
        WholeFeedCase("top-level array", "[]", .invalidShape, 1, 1, "found an array"),
        WholeFeedCase("top-level string", "\n  \"hi\"", .invalidShape, 2, 3, "found a string"),
        WholeFeedCase("object without announcements", "{}", .invalidShape, 1, 1, "has no \"announcements\" array"),
        WholeFeedCase(
            "announcements not an array", "{\"announcements\": {}}", .invalidShape, 1, 19, "must be an array"),
        WholeFeedCase(
            "truncated JSON", "{\"announcements\": [{\"id\": \"a\"", .invalidJSON, 1, 30, "ends inside an object"),
        WholeFeedCase("trailing comma", "{\"announcements\": [],}", .invalidJSON, 1, 22, "expected a quoted key"),
        WholeFeedCase("trailing garbage", "{\"announcements\": []} x", .invalidJSON, 1, 23, "after the end"),
        WholeFeedCase(
            "invalid UTF-8", [UInt8]("{\"announcements\": [\"".utf8) + [0xC3, 0x28] + [UInt8]("\"]}".utf8),
            .invalidUTF8, 1, 21, "not valid UTF-8"),
        WholeFeedCase(
            "schemaVersion 99", "{\n  \"schemaVersion\": 99,\n  \"announcements\": []\n}", .unsupportedSchemaVersion, 2,
            20,
            "schemaVersion 99 is not supported"),
        WholeFeedCase(
            "schemaVersion as text", "{\"schemaVersion\": \"1\", \"announcements\": []}", .invalidShape, 1, 19,
            "positive integer"),
        WholeFeedCase(
            "bad defaultLocale", "{\"defaultLocale\": 5, \"announcements\": []}", .invalidShape, 1, 19, "language tag"),
        WholeFeedCase(
            "announcements given twice", "{\"announcements\": [], \"announcements\": []}", .invalidShape, 1, 23,
            "appears twice"),
        WholeFeedCase(
            "nesting too deep", "{\"announcements\": " + String(repeating: "[", count: 300), .invalidJSON, 1, 274,
            "nested more than 256"),
    ]

    @Test("whole-feed failures are one error that says what and where", arguments: wholeFeedCases)
    func wholeFeedFailure(_ testCase: WholeFeedCase) throws {
        let error = try #require(failure(testCase.bytes))
        #expect(error.kind == testCase.kind)
        #expect(error.diagnostic.severity == .error)
        #expect(error.diagnostic.message.contains(testCase.message), "\(error.diagnostic.message)")
        #expect(error.diagnostic.line == testCase.line)
        #expect(error.diagnostic.column == testCase.column)
    }

    @Test("a feed in the original template's format is a valid v1 feed")
    func templateFeed() throws {
        let result = try FeedDecoder().decode(Fixtures.data("Tests/Fixtures/feeds/valid/template.json"))
        #expect(result.diagnostics.isEmpty)
        #expect(result.feed.schemaVersion == 1)
        #expect(result.feed.defaultLocale == "en")
        let first = try #require(result.announcements.first)
        #expect(first.id == "maintenance-2024-06")
        #expect(first.localizedTitle.resolved(for: "de") == "Scheduled Maintenance")
        #expect(first.style == .warning)
        #expect(first.action == .url(URL(string: "https://status.example.com")!))
        #expect(first.priority == 100)
        #expect(first.startDate == Date(timeIntervalSince1970: 1_717_200_000))
        #expect(first.endDate == Date(timeIntervalSince1970: 1_717_300_800))
        #expect(first.isDismissible == false)
        #expect(first.targetAudience == "all")
        #expect(result.announcements.map(\.targetAudience) == ["all", "proUsers", "freeUsers", "newUsers"])
        #expect(result.announcements[2].action == .dismiss)
        #expect(result.announcements[3].action == .dismiss && result.announcements[3].actionLabel == nil)
        #expect(result.announcements[3].startDate == nil)
    }

    @Test("every feed in Examples and the valid fixtures decodes without a finding")
    func validFeeds() throws {
        let files = try Fixtures.files(in: "Examples") + Fixtures.files(in: "Tests/Fixtures/feeds/valid")
        #expect(files.count >= 2)
        for file in files {
            let result = try FeedDecoder().decode(Data(contentsOf: file))
            #expect(result.diagnostics.isEmpty, "\(file.lastPathComponent): \(result.diagnostics)")
            #expect(!result.announcements.isEmpty)
        }
    }

    @Test("every invalid fixture gives at least one error")
    func invalidFixtures() throws {
        for file in try Fixtures.files(in: "Tests/Fixtures/feeds/invalid")
            + Fixtures.files(in: "Tests/Fixtures/feeds/schema-invalid")
        {
            let data = try Data(contentsOf: file)
            do throws(FeedDecodingError) {
                let result = try FeedDecoder().decode(data)
                #expect(!result.errors.isEmpty, "\(file.lastPathComponent) decoded without errors")
            } catch {
                #expect(error.diagnostic.severity == .error)
            }
        }
    }

    @Test("every schema-warning fixture keeps all its items with at least one warning and no error")
    func schemaWarningFixtures() throws {
        let files = try Fixtures.files(in: "Tests/Fixtures/feeds/schema-warning")
        #expect(files.count >= 2)
        for file in files {
            let result = try FeedDecoder().decode(Data(contentsOf: file))
            #expect(result.errors.isEmpty, "\(file.lastPathComponent): \(result.errors)")
            #expect(!result.warnings.isEmpty, "\(file.lastPathComponent) decoded without warnings")
            #expect(result.rejected.isEmpty && !result.announcements.isEmpty)
        }
    }

    @Test("bad items are dropped, good ones kept, and every error is reported")
    func itemErrors() throws {
        let result = try FeedDecoder().decode(Fixtures.data("Tests/Fixtures/feeds/invalid/item-errors.json"))
        #expect(result.announcements.map(\.id) == ["ok"])
        #expect(
            result.errors.map(\.path) == [
                "$.announcements[1].action.value", "$.announcements[2].startDate", "$.announcements[3]",
            ])
        #expect(result.rejected.map(\.id) == ["bad-url", "bad-date", nil])
        #expect(result.rejected.map(\.path) == ["$.announcements[1]", "$.announcements[2]", "$.announcements[3]"])
        #expect(result.errors.map(\.line) == [13, 19, 21])
    }

    @Test("all problems of one item are reported, in source order")
    func severalProblemsInOneItem() throws {
        let result = try decode(
            """
            {"announcements": [{"id": 1, "title": "", "message": "m", "priority": "x", "extra": true}]}
            """)
        #expect(result.announcements.isEmpty)
        #expect(
            result.diagnostics.map(\.path) == [
                "$.announcements[0].id", "$.announcements[0].title", "$.announcements[0].priority",
                "$.announcements[0].extra",
            ])
        #expect(result.diagnostics.map(\.severity) == [.error, .error, .error, .warning])
        #expect(result.diagnostics.map(\.column) == [27, 39, 71, 76])
        #expect(result.rejected.first?.errors.count == 3)
    }

    @Test("unknown fields and an unknown style are warnings; the item is kept")
    func warnings() throws {
        let result = try decode(
            """
            {"announcements": [{"id": "a", "title": "t", "message": "m", "style": "sparkly", "colour": "red",
              "action": {"type": "dismiss", "icon": "x"}, "schedule": {"weekdays": [1], "tz": "UTC"},
              "frequency": {"maxImpressions": 1, "perDay": 2}}], "generator": "cms"}
            """)
        #expect(result.errors.isEmpty)
        #expect(result.announcements.first?.style == .info)
        #expect(
            result.warnings.map(\.path) == [
                "$.announcements[0].style", "$.announcements[0].colour", "$.announcements[0].action.icon",
                "$.announcements[0].schedule.tz", "$.announcements[0].frequency.perDay", "$.generator",
            ])
        #expect(result.warnings[0].message.contains("shown as info"))
    }

    @Test("$schema names the schema for editors: no finding for a string, a warning for anything else")
    func schemaField() throws {
        let named = try decode(
            """
            {"$schema": "https://announcementkit.dev/schema/feed-v1.json", "schemaVersion": 1,
             "announcements": [{"id": "a", "title": "t", "message": "m"}]}
            """)
        #expect(named.diagnostics.isEmpty)
        #expect(named.announcements.map(\.id) == ["a"])
        let wrong = try decode(#"{"$schema": {"url": "x"}, "announcements": []}"#)
        #expect(wrong.warnings.map(\.path) == [#"$["$schema"]"#])
        #expect(wrong.warnings.first?.message == "$schema should be the schema's URL as a string; found an object")
    }

    @Test("a dismiss action with a URL keeps the item, warns, and drops the URL")
    func dismissWithValue() throws {
        let result = try decode(
            """
            {"announcements": [{"id": "a", "title": "t", "message": "m",
              "action": {"type": "dismiss", "value": "javascript:alert(1)", "label": "OK"}},
              {"id": "b", "title": "t", "message": "m", "action": {"value": "https://example.com"}}]}
            """)
        #expect(result.errors.isEmpty)
        #expect(result.warnings.map(\.path) == ["$.announcements[0].action.value", "$.announcements[1].action.value"])
        #expect(result.announcements.map(\.action) == [.dismiss, .dismiss])
        #expect(result.announcements.map(\.actionLabel) == ["OK", nil])
    }

    @Test("unknown audience keys are warnings, kept, and make the item never match")
    func unknownAudienceKeys() throws {
        let result = try decode(
            """
            {"announcements": [{"id": "a", "title": "t", "message": "m",
              "audience": {"platforms": ["iOS"], "deviceClass": ["tablet"]}}]}
            """)
        #expect(result.errors.isEmpty)
        #expect(result.warnings.map(\.path) == ["$.announcements[0].audience.deviceClass"])
        #expect(result.warnings.first?.message.contains("will not show") == true)
        let audience = try #require(result.announcements.first?.audience)
        #expect(audience.unknownKeys == ["deviceClass": ["tablet"]])
        #expect(audience.platforms == ["iOS"])
    }

    @Test("null for an optional field means absent; null for a required one is missing")
    func nulls() throws {
        let result = try decode(
            """
            {"schemaVersion": null, "defaultLocale": null, "announcements": [
              {"id": "a", "title": "t", "message": "m", "style": null, "action": null, "priority": null,
               "startDate": null, "schedule": null, "audience": null, "placements": null, "revision": null},
              {"id": null, "title": "t", "message": "m"}]}
            """)
        #expect(result.announcements == [Announcement(id: "a", title: "t", message: "m")])
        #expect(result.errors.map(\.message) == ["\"id\" is missing; every announcement needs one"])
    }

    @Test("a targeting rule is parsed with the feed; an unsupported operator is an item error at its key")
    func targetingRules() throws {
        let result = try decode(
            """
            {"announcements": [
              {"id": "a", "title": "t", "message": "m",
               "audience": {"targeting": {"and": [true, {"regex": ["x", "y"]}]}}},
              {"id": "b", "title": "t", "message": "m", "audience": {"targeting": {"in": ["beta", {"var": "segments"}]}}}]}
            """)
        #expect(result.announcements.map(\.id) == ["b"])
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.path == "$.announcements[0].audience.targeting.and[1].regex")
        #expect(error.message.hasPrefix("targeting rule: unsupported operator \"regex\""))
        #expect(error.line == 3)
        #expect(error.column == 46)
        let rule = try #require(result.announcements.first?.audience?.targeting)
        #expect(rule.isSatisfied(by: ["segments": ["beta"]]))
        #expect(!rule.isSatisfied(by: ["segments": []]))
    }

    @Test("duplicate ids: the first wins, later ones are errors")
    func duplicateIDs() throws {
        let result = try decode(
            """
            {"announcements": [{"id": "a", "title": "first", "message": "m"}, {"id": "b", "title": "t", "message": "m"},
              {"id": "a", "title": "second", "message": "m"}]}
            """)
        #expect(result.announcements.map(\.id) == ["a", "b"])
        #expect(result.announcements.first?.title == "first")
        #expect(result.errors.map(\.path) == ["$.announcements[2].id"])
        #expect(result.errors.first?.message.contains("first used at $.announcements[0]") == true)
    }

    @Test("a key given twice in an item is an error for that item only")
    func duplicateKeys() throws {
        let result = try decode(
            """
            {"announcements": [{"id": "a", "title": "t", "message": "m", "title": "u"}, {"id": "b", "title": "t", "message": "m"}]}
            """)
        #expect(result.announcements.map(\.id) == ["b"])
        #expect(result.errors.map(\.path) == ["$.announcements[0].title"])
    }

    @Test("localized text must have the feed's defaultLocale, compared case-insensitively")
    func defaultLocale() throws {
        let result = try decode(
            """
            {"defaultLocale": "de", "announcements": [
              {"id": "a", "title": {"DE": "Hallo", "en": "Hello"}, "message": {"de_at": "Servus", "de": "Hallo"}},
              {"id": "b", "title": {"en": "Hello"}, "message": "m"}]}
            """)
        #expect(result.announcements.map(\.id) == ["a"])
        #expect(result.errors.map(\.path) == ["$.announcements[1].title"])
        let first = try #require(result.announcements.first)
        #expect(first.localizedMessage.resolved(for: "de-AT", defaultLocale: "de") == "Servus")
        #expect(first.localizedTitle.resolved(for: "fr", defaultLocale: "de") == "Hallo")
    }

    @Test("deep links are checked against the app's schemes; http only when allowed")
    func policyOptions() throws {
        let feed = """
            {"announcements": [
              {"id": "a", "title": "t", "message": "m", "action": {"type": "deepLink", "value": "myapp://x"}},
              {"id": "b", "title": "t", "message": "m", "action": {"type": "deepLink", "value": "other://x"}},
              {"id": "c", "title": "t", "message": "m", "action": {"type": "url", "value": "http://example.com"}}]}
            """
        #expect(try decode(feed).announcements.map(\.id) == ["a", "b"])
        let strict = try decode(feed, policy: ActionPolicy(allowsHTTP: true, allowedDeepLinkSchemes: ["MyApp"]))
        #expect(strict.announcements.map(\.id) == ["a", "c"])
        #expect(strict.errors.first?.message.contains("which the app does not allow (allowed: myapp)") == true)
    }

    @Test("a UTF-8 byte order mark is skipped and columns count characters, not bytes")
    func byteOrderMarkAndColumns() throws {
        let text = "{\"announcements\": [{\"id\": \"ü日\", \"title\": \"t\", \"message\": 5}]}"
        let result = try FeedDecoder().decode(bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8))
        #expect(result.errors.first?.column == 58)
        #expect(result.errors.first?.line == 1)
    }

    @Test("encoding a decoded feed and decoding it again gives the same feed")
    func roundTrip() throws {
        for file in try Fixtures.files(in: "Examples") + Fixtures.files(in: "Tests/Fixtures/feeds/valid") {
            let original = try FeedDecoder().decode(Data(contentsOf: file)).feed
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let encoded = try encoder.encode(original)
            let again = try FeedDecoder().decode(encoded)
            #expect(again.diagnostics.isEmpty, "\(file.lastPathComponent): \(again.diagnostics)")
            #expect(again.feed == original, "\(file.lastPathComponent)")
        }
        let mutationBase = FeedTextBuilder.render(MutationFixture.feed).text
        let original = try decode(mutationBase).feed
        let again = try FeedDecoder().decode(JSONEncoder().encode(original))
        #expect(again.feed == original)
        #expect(again.diagnostics.isEmpty)
    }

    @Test("a 10,000-item feed decodes completely")
    func largeFeed() throws {
        let items = (0..<10_000).map { index in
            """
            {"id": "item-\(index)", "title": {"en": "Title \(index)", "de": "Titel \(index)"}, "message": "Message",
             "priority": \(index % 7), "startDate": "2026-01-01T00:00:00Z", "endDate": "2027-01-01T00:00:00Z",
             "audience": {"platforms": ["iOS"], "minAppVersion": "2.\(index % 10)"}}
            """
        }
        let result = try decode("{\"announcements\": [\(items.joined(separator: ",\n"))]}")
        #expect(result.announcements.count == 10_000)
        #expect(result.diagnostics.isEmpty)
        #expect(result.announcements.last?.id == "item-9999")
    }
}
