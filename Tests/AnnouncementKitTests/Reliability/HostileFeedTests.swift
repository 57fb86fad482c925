import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

/// Feeds built to hurt: each must decode without a crash, within a time bound, and say what is wrong.
@Suite("Hostile feeds")
struct HostileFeedTests {
    /// Decodes `text`, failing the test when it takes longer than `seconds`.
    private func decode(_ bytes: [UInt8], within seconds: Double = 10) throws -> Result<
        FeedDecodingResult, FeedDecodingError
    > {
        let clock = ContinuousClock()
        let start = clock.now
        let result: Result<FeedDecodingResult, FeedDecodingError>
        do {
            result = .success(try FeedDecoder().decode(bytes: bytes))
        } catch {
            result = .failure(error)
        }
        let elapsed = clock.now - start
        #expect(elapsed < .seconds(seconds), "decoding took \(elapsed)")
        // Selecting from what survived must not crash either.
        if case .success(let decoded) = result {
            _ = AnnouncementSelector.select(
                decoded.announcements, rejected: decoded.rejected,
                evaluator: EligibilityEvaluator(context: AnnouncementContext(), state: AnnouncementState()),
                at: Date(timeIntervalSince1970: 1_750_000_000))
        }
        return result
    }

    private func decode(_ text: String, within seconds: Double = 10) throws -> Result<
        FeedDecodingResult, FeedDecodingError
    > {
        try decode(Array(text.utf8), within: seconds)
    }

    private func item(_ fields: String) -> String {
        #"{"announcements": [{"id": "a", "title": "T", "message": "M"\#(fields)}]}"#
    }

    /// The single item of a one-item feed decoded from `text`, or its first error.
    private func itemErrors(_ text: String) throws -> [Diagnostic] {
        let decoded = try decode(text).get()
        return decoded.diagnostics.filter { $0.severity == .error }
    }

    @Test func nestingTenThousandLevelsIsRejectedAsInvalidJSON() throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        for text in [deep, #"{"announcements": \#(deep)}"#, item(#", "audience": {"targeting": \#(deep)}"#)] {
            guard case .failure(let error) = try decode(text) else {
                Issue.record("a 10,000-level document was accepted")
                continue
            }
            #expect(error.kind == .invalidJSON)
            #expect(error.diagnostic.message.contains("256"), "\(error)")
        }
    }

    @Test func oneMebibyteStringIsAnItemError() throws {
        let big = String(repeating: "x", count: 1 << 20)
        for field in ["title", "message", "id"] {
            var members = ["id": #""b""#, "title": #""T""#, "message": #""M""#]
            members[field] = "\"\(big)\""
            let body = members.map { #""\#($0.key)": \#($0.value)"# }.joined(separator: ", ")
            let text = #"{"announcements": [{"id": "a", "title": "T", "message": "M"}, {\#(body)}]}"#
            let decoded = try decode(text).get()
            #expect(decoded.announcements.map(\.id) == ["a"])
            let error = try #require(decoded.rejected.first?.errors.first)
            #expect(error.message.contains("1048576 characters long; at most"), "\(error)")
            #expect(error.path == "$.announcements[1].\(field)")
        }
        // A long string where no limit applies (an unknown field) is read and ignored.
        let decoded = try decode(item(#", "note": "\#(big)""#)).get()
        #expect(decoded.announcements.count == 1)
    }

    @Test func hundredThousandItemsKeepTheFirstTenThousand() throws {
        let items = (0..<100_000).map { #"{"id":"i\#($0)","title":"T","message":"M"}"# }
        let text = #"{"announcements":[\#(items.joined(separator: ","))]}"#
        let decoded = try decode(text, within: 30).get()
        #expect(decoded.announcements.count == FeedLimits.maximumAnnouncements)
        #expect(decoded.announcements.last?.id == "i9999")
        let error = try #require(decoded.diagnostics.first { $0.severity == .error })
        #expect(error.message.contains("100000 announcements; only the first 10000 are read"))
        #expect(error.path == "$.announcements[10000]")
    }

    @Test func feedOverTheSizeLimitIsRejectedBeforeParsing() throws {
        let bytes = [UInt8](repeating: 0x20, count: FeedLimits.maximumFeedBytes + 1)
        guard case .failure(let error) = try decode(bytes) else {
            Issue.record("an oversized feed was accepted")
            return
        }
        #expect(error.kind == .tooLarge)
        #expect(error.diagnostic.message.contains("at most 8388608"))
    }

    @Test(arguments: [
        (#""priority": 1e400"#, FeedDecodingError.Kind.invalidJSON),
        (#""priority": -1e400"#, .invalidJSON),
    ])
    func numbersBeyondDoubleRejectTheFeed(field: String, kind: FeedDecodingError.Kind) throws {
        guard case .failure(let error) = try decode(item(", " + field)) else {
            Issue.record("accepted \(field)")
            return
        }
        #expect(error.kind == kind)
    }

    @Test(arguments: [
        #""priority": 9007199254740993"#, #""priority": 1e300"#, #""priority": 1.5"#, #""revision": -1"#,
        #""revision": 1e20"#, #""dismissFor": 1e300"#, #""dismissFor": -5"#, #""autoDismissAfter": 0"#,
        #""frequency": {"minimumInterval": 1e308}"#, #""frequency": {"maxImpressions": 1e30}"#,
        #""audience": {"rolloutPercentage": 1e300}"#, #""audience": {"rolloutPercentage": -0.0001}"#,
    ])
    func numbersOutOfRangeAreItemErrors(field: String) throws {
        let errors = try itemErrors(item(", " + field))
        #expect(errors.count == 1, "\(field): \(errors)")
        #expect(errors.allSatisfy { !$0.message.isEmpty && $0.path.hasPrefix("$.announcements[0].") })
    }

    @Test(arguments: ["NaN", "Infinity", "-Infinity", "1e999", "nan", "inf"])
    func nonFiniteSpelledInStringsAreTypeErrors(spelling: String) throws {
        for field in ["priority", "dismissFor", "revision"] {
            let errors = try itemErrors(item(#", "\#(field)": "\#(spelling)""#))
            #expect(errors.count == 1)
            #expect(errors.first?.message.contains("must be") == true, "\(errors)")
        }
        let rollout = try itemErrors(item(#", "audience": {"rolloutPercentage": "\#(spelling)"}"#))
        #expect(rollout.count == 1)
        // Bare NaN / Infinity are not JSON.
        guard case .failure(let error) = try decode(item(#", "priority": \#(spelling)"#)) else {
            Issue.record("accepted bare \(spelling)")
            return
        }
        #expect(error.kind == .invalidJSON)
    }

    static let fields = [
        "id", "revision", "title", "message", "style", "action", "priority", "startDate", "endDate", "schedule",
        "isDismissible", "dismissFor", "targetAudience", "audience", "frequency", "placements", "autoDismissAfter",
    ]

    @Test func nullInEveryField() throws {
        let all = Self.fields.map { #""\#($0)": null"# }.joined(separator: ", ")
        let decoded = try decode(#"{"schemaVersion": null, "defaultLocale": null, "announcements": [{\#(all)}]}"#).get()
        #expect(decoded.announcements.isEmpty)
        let messages = decoded.rejected.first?.errors.map(\.message) ?? []
        #expect(messages.contains { $0.contains("\"id\" is missing") })
        #expect(messages.contains { $0.contains("\"title\" is missing") })
        // Null in every optional field reads as absent.
        let optional = Self.fields.filter { !["id", "title", "message"].contains($0) }
            .map { #""\#($0)": null"# }.joined(separator: ", ")
        #expect(try decode(item(", " + optional)).get().announcements.count == 1)
        // Null items and a null list.
        #expect(try decode(#"{"announcements": [null, null]}"#).get().rejected.count == 2)
        guard case .failure(let error) = try decode(#"{"announcements": null}"#) else {
            Issue.record("accepted a null list")
            return
        }
        #expect(error.kind == .invalidShape)
    }

    @Test func everyFieldOfTheWrongType() throws {
        let wrongValues = [#"{"x": 1}"#, "[1, 2]", "true", "12", #""text""#]
        var tried = 0
        for field in Self.fields {
            for wrong in wrongValues {
                var members = ["id": #""a""#, "title": #""T""#, "message": #""M""#]
                members[field] = wrong
                let body = members.map { #""\#($0.key)": \#($0.value)"# }.joined(separator: ", ")
                let text = #"{"announcements": [{\#(body)}]}"#
                let decoded = try decode(text).get()
                tried += 1
                // Either the value is of an accepted type, or the item is rejected with a message on that field.
                if decoded.announcements.isEmpty {
                    let errors = decoded.rejected.first?.errors ?? []
                    #expect(!errors.isEmpty)
                    #expect(
                        errors.contains {
                            $0.path.hasPrefix("$.announcements[0].\(field)") || $0.path == "$.announcements[0]"
                        },
                        "\(field) = \(wrong): \(errors)")
                }
            }
        }
        #expect(tried == Self.fields.count * wrongValues.count)
        for wrong in wrongValues where wrong != "[1, 2]" {
            guard case .failure(let error) = try decode(#"{"announcements": \#(wrong)}"#) else {
                Issue.record("accepted announcements = \(wrong)")
                continue
            }
            #expect(error.kind == .invalidShape)
        }
    }

    @Test func nonBMPAndRightToLeftTextIsKept() throws {
        let title = "🎉 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 مرحبا بالعالم שלום"
        let decoded = try decode(item(#", "style": "info""#).replacingOccurrences(of: #""T""#, with: "\"\(title)\""))
            .get()
        #expect(decoded.announcements.first?.localizedTitle.resolved(for: "en") == title)
        let id = "emoji-🎉𝔘-عربى-שלום"
        #expect(
            try decode(#"{"announcements": [{"id": "\#(id)", "title": "T", "message": "M"}]}"#).get().announcements
                .first?.id == id)
    }

    /// Zero-width joiners are refused in ids too: an emoji sequence such as 👩‍👧 can be a title, not an id.
    @Test(arguments: ["\\u200B", "\\u200D", "\\u2060", "\\uFEFF", "\\u202E", "\\u200E"])
    func invisibleCharactersInIDsAreItemErrors(escape: String) throws {
        let errors = try itemErrors(#"{"announcements": [{"id": "pro\#(escape)mo", "title": "T", "message": "M"}]}"#)
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("invisible or control character U+") == true, "\(errors)")
        #expect(errors.first?.path == "$.announcements[0].id")
    }

    @Test(arguments: ["\\u0000", "\\u0007", "\\u001B[31m", "\\n", "\\r", "\\t", "\\u007F", "\\u0085"])
    func controlCharactersInTitlesAreItemErrors(escape: String) throws {
        let errors = try itemErrors(#"{"announcements": [{"id": "a", "title": "Hi\#(escape)there", "message": "M"}]}"#)
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("control character U+") == true, "\(errors)")
        let label = try itemErrors(item(#", "action": {"type": "dismiss", "label": "OK\#(escape)"}"#))
        #expect(label.count == 1)
    }

    @Test func messagesMayHoldLineBreaksButNotOtherControls() throws {
        #expect(try itemErrors(item("").replacingOccurrences(of: #""M""#, with: #""a\nb\tc""#)).isEmpty)
        let errors = try itemErrors(item("").replacingOccurrences(of: #""M""#, with: #""a\u001Bb""#))
        #expect(errors.first?.message.contains("U+001B at position 1 (newline and tab are allowed)") == true)
        // A carriage return moves the cursor back over the line in a terminal: not a line break here.
        for text in [#""a\rb""#, #""a\r\nb""#, #""a\u000Db""#] {
            let refused = try itemErrors(item("").replacingOccurrences(of: #""M""#, with: text))
            #expect(
                refused.first?.message.contains("U+000D at position 1 (newline and tab are allowed)") == true, "\(text)"
            )
        }
    }

    @Test func idsRefuseInvisibleLettersAndMarks() throws {
        for scalar in ["\u{3164}", "\u{115F}", "\u{FFA0}", "\u{034F}", "\u{FE0F}", "\u{2800}"] {
            let errors = try itemErrors(#"{"announcements": [{"id": "a\#(scalar)b", "title": "T", "message": "M"}]}"#)
            #expect(errors.first?.message.contains("invisible or control character U+") == true, "\(errors)")
        }
    }

    @Test func textLimitsApplyPerLanguage() throws {
        let long = String(repeating: "é", count: FeedLimits.maximumTitleLength + 1)
        let errors = try itemErrors(
            #"{"announcements": [{"id": "a", "title": {"en": "ok", "de": "\#(long)"}, "message": "M"}]}"#)
        #expect(errors.map(\.path) == [#"$.announcements[0].title.de"#])
        let exact = String(repeating: "👍", count: FeedLimits.maximumTitleLength)
        #expect(try itemErrors(#"{"announcements": [{"id": "a", "title": "\#(exact)", "message": "M"}]}"#).isEmpty)
        let message = String(repeating: "m", count: FeedLimits.maximumMessageLength)
        #expect(try itemErrors(item("").replacingOccurrences(of: #""M""#, with: "\"\(message)\"")).isEmpty)
        #expect(try itemErrors(item("").replacingOccurrences(of: #""M""#, with: "\"\(message)m\"")).count == 1)
        let id = String(repeating: "i", count: FeedLimits.maximumIDLength)
        #expect(try itemErrors(#"{"announcements": [{"id": "\#(id)", "title": "T", "message": "M"}]}"#).isEmpty)
        #expect(try itemErrors(#"{"announcements": [{"id": "\#(id)i", "title": "T", "message": "M"}]}"#).count == 1)
    }

    @Test func ruleDepthAndSizeLimits() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: #"{"!": ["#, count: depth / 2) + "true" + String(repeating: "]}", count: depth / 2)
        }
        #expect(try itemErrors(item(#", "audience": {"targeting": \#(nested(64))}"#)).isEmpty)
        let deep = try itemErrors(item(#", "audience": {"targeting": \#(nested(66))}"#))
        #expect(deep.first?.message.contains("66 levels deep") == true, "\(deep)")
        let wide = #"{"in": ["x", [\#((0..<2000).map { "\"v\($0)\"" }.joined(separator: ","))]]}"#
        let errors = try itemErrors(item(#", "audience": {"targeting": \#(wide)}"#))
        #expect(errors.first?.message.contains("2004 values") == true, "\(errors)")
        #expect(errors.first?.path == "$.announcements[0].audience.targeting")
    }

    @Test func durationsOverTenYearsAreItemErrors() throws {
        #expect(try itemErrors(item(#", "dismissFor": 315360000"#)).isEmpty)
        let errors = try itemErrors(item(#", "dismissFor": 316500000"#))
        #expect(errors.first?.message.contains("(ten years) are allowed") == true)
    }

    /// Inputs the fuzzers once crashed on (Tests/Fixtures/fuzz-regressions), run through the same steps as
    /// the harnesses.
    @Test func fuzzRegressionsDecodeWithoutCrashing() throws {
        let rulePrefix = #"{"announcements":[{"id":"r","title":"t","message":"m","audience":{"targeting":"#
        var tried = 0
        for (folder, wrap) in [("feed", false), ("rules", true)] {
            let directory = Fixtures.url("Tests/Fixtures/fuzz-regressions/\(folder)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() {
                let raw = [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
                let bytes = wrap ? Array(rulePrefix.utf8) + raw + Array("}}]}".utf8) : raw
                if case .success(let decoded) = try decode(bytes) {
                    for rule in decoded.announcements.compactMap(\.audience?.targeting) {
                        _ = rule.isSatisfied(by: AnnouncementContext().ruleData(announcementID: "r", at: Date()))
                    }
                }
                tried += 1
            }
        }
        #expect(tried >= 1)
    }
}
