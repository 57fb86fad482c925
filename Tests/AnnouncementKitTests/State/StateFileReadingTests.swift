import AnnouncementKit
import Foundation
import Testing

/// Reading state documents: compatibility with 0.1's files, and hostile or damaged documents of our own
/// making.
@Suite("State file reading")
struct StateFileReadingTests {
    private let date = try! Timestamp.parse("2026-12-04T08:00:00Z")

    /// The document 0.1 wrote (JSONEncoder: pretty, sorted keys).
    private struct OlderDocument: Encodable {
        struct Dismissal: Encodable {
            var revision: Int
            var at: String
        }
        struct Impressions: Encodable {
            var count: Int
            var last: String
        }
        var formatVersion = 1
        var installationId: String?
        var dismissals: [String: Dismissal]
        var impressions: [String: Impressions]
        var lastSeen: [String: String]
    }

    private func sample() -> AnnouncementState {
        var state = AnnouncementState(installationID: "install-1")
        for index in 0..<4 {
            state.recordDismissal(
                of: Announcement(id: "d\(index)", revision: index, title: "t", message: "m"),
                at: date.addingTimeInterval(Double(-index * 60)))
            state.recordImpression(of: "i\(index)", at: date.addingTimeInterval(Double(-index * 30) + 0.25))
        }
        state.shownThisSession = []
        return state
    }

    @Test("a file written by 0.1 reads the same")
    func olderVersionFile() throws {
        let document = OlderDocument(
            installationId: "install-1",
            dismissals: ["maintenance": .init(revision: 2, at: "2026-12-04T08:00:00Z")],
            impressions: ["dark-mode": .init(count: 2, last: "2026-12-03T19:12:00.5Z")],
            lastSeen: ["maintenance": "2026-12-04T08:00:00Z", "gone": "2026-10-01T00:00:00Z"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let state = try AnnouncementStateFile.decode(try encoder.encode(document))
        #expect(state.installationID == "install-1")
        #expect(state.dismissals == ["maintenance": .init(revision: 2, date: date)])
        #expect(state.impressions["dark-mode"] == .init(count: 2, last: try Timestamp.parse("2026-12-03T19:12:00.5Z")))
        #expect(state.lastSeen == ["maintenance": date], "a last-seen date with no record has no use")
    }

    @Test("members in any order, null maps, unknown members and escaped ids")
    func documentShapes() throws {
        let text = """
            {"future": {"nested": [1, {"x": null}]}, "lastSeen": null, "impressions": {},
             "dismissals": {"caf\\u00e9 \\"quoted\\"": {"at": "2026-12-04T09:00:00+01:00", "revision": 1, "extra": true}},
             "installationId": null, "formatVersion": 1}
            """
        let state = try AnnouncementStateFile.decode(Data(text.utf8))
        #expect(state.dismissals == ["café \"quoted\"": .init(revision: 1, date: date)])
        #expect(state.installationID == nil && state.lastSeen.isEmpty && state.impressions.isEmpty)
    }

    @Test("every cut of a document reads as a part of it: nothing wrong, and more the longer the cut")
    func everyPrefix() throws {
        let full = sample()
        let bytes = [UInt8](AnnouncementStateFile.encode(full))
        #expect(try AnnouncementStateFile.decode(Data(bytes)) == full)
        var previous = 0
        let end = try #require(bytes.lastIndex(of: UInt8(ascii: "}")))
        for length in 0...end {
            let cut = Data(bytes[..<length])
            #expect(throws: AnnouncementStateFile.ReadError.self) { try AnnouncementStateFile.decode(cut) }
            let partial = try recovered(from: cut)
            #expect(partial.dismissals.allSatisfy { full.dismissals[$0.key] == $0.value }, "cut at \(length)")
            #expect(partial.impressions.allSatisfy { full.impressions[$0.key] == $0.value }, "cut at \(length)")
            #expect(partial.lastSeen.allSatisfy { full.lastSeen[$0.key] == $0.value }, "cut at \(length)")
            let count = partial.dismissals.count + partial.impressions.count + partial.lastSeen.count
            #expect(count >= previous, "cut at \(length)")
            previous = count
        }
        #expect(previous == full.dismissals.count + full.impressions.count + full.lastSeen.count)
    }

    /// What the file store keeps of `data`: it is written as `state.json` and loaded.
    private func recovered(from data: Data) throws -> AnnouncementState {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("state-cut-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try data.write(to: directory.appendingPathComponent(AnnouncementStateFile.fileName))
        return FileAnnouncementStateStore(directory: directory).load().state
    }

    @Test("a newer format version is refused wherever it stands, and a file past the cap is refused unread")
    func refusals() {
        let late = """
            {"dismissals": {"a": {"revision": 0, "at": "2026-12-04T08:00:00Z"}}, "formatVersion": 3}
            """
        let newer = #expect(throws: AnnouncementStateFile.ReadError.self) {
            try AnnouncementStateFile.decode(Data(late.utf8))
        }
        #expect(newer?.message == "state format version 3 is not supported (this version reads 1)")
        let huge = Data(count: AnnouncementStateFile.maximumBytes + 1)
        let error = #expect(throws: AnnouncementStateFile.ReadError.self) { try AnnouncementStateFile.decode(huge) }
        #expect(error?.message.contains("is \(AnnouncementStateFile.maximumBytes + 1) bytes, over the limit") == true)
    }

    @Test(
        "hostile documents are refused with a short, plain message",
        arguments: [
            (String(repeating: "[", count: 100_000), "expected a JSON object"),
            (String(repeating: "{\"a\": ", count: 100_000), "nested more than 256 deep"),
            ("{\"formatVersion\": 1, \"x\": " + String(repeating: "[", count: 5_000), "nested more than 256 deep"),
            ("{\"formatVersion\": 1e400}", "the number 1e400 is out of range"),
            ("{\"formatVersion\": 1.5}", "wrong type at formatVersion"),
            (
                "{\"formatVersion\": 1, \"dismissals\": {\"a\": {\"revision\": 1.5, \"at\": \"2026-12-04T08:00:00Z\"}}}",
                "wrong type at dismissals.a.revision"
            ),
            ("{\"formatVersion\": 1, \"dismissals\": {\"a\": []}}", "wrong type at dismissals.a: expected an object"),
            (
                "{\"formatVersion\": 1, \"dismissals\": {\"a\": {\"at\": \"2026-12-04T08:00:00Z\"}}}",
                "missing \"revision\" at dismissals.a"
            ),
            ("{\"formatVersion\": 1, \"lastSeen\": []}", "wrong type at lastSeen"),
            ("{\"formatVersion\": 1, \"installationId\": 7}", "wrong type at installationId"),
            ("{\"formatVersion\": 1} trailing", "after the end of the JSON value"),
            ("\u{FEFF}{\"formatVersion\": 1}", "expected a JSON object"),
        ])
    func hostileDocuments(text: String, message: String) {
        let error = #expect(throws: AnnouncementStateFile.ReadError.self) {
            try AnnouncementStateFile.decode(Data(text.utf8))
        }
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
        #expect((error?.message.count ?? 0) < 300)
    }

    @Test("an id or a value with control, bidi or many characters is shown escaped and cut in a message")
    func hostileTextInMessages() {
        let id = "evil\u{1B}]52;c;\u{07}\u{202E}" + String(repeating: "x", count: 100_000)
        let value = "\u{1B}[2J" + String(repeating: "y", count: 100_000)
        let text = "{\"formatVersion\": 1, \"lastSeen\": {\(JSONEncoded(id)): \(JSONEncoded(value))}}"
        let error = #expect(throws: AnnouncementStateFile.ReadError.self) {
            try AnnouncementStateFile.decode(Data(text.utf8))
        }
        let message = error?.message ?? ""
        #expect(message.hasPrefix("lastSeen.\"evil\\u{1B}]52;c;\\u{7}\\u{202E}xxx"))
        #expect(message.contains("\"\\u{1B}[2Jyyy") && message.hasSuffix("is not a timestamp"))
        #expect(message.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F || $0 == "…" })
        #expect(message.count < 200)
    }

    private func JSONEncoded(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }

    @Test("more ids than the cap in a file under the byte cap are cut to the cap, oldest first")
    func tooManyIDs() throws {
        var text = "{\"formatVersion\": 1, \"dismissals\": {"
        let count = AnnouncementState.maximumTrackedIDs + 5
        for index in 0..<count {
            let at = Timestamp.format(date.addingTimeInterval(Double(index)))
            text += "\(index == 0 ? "" : ",")\"d\(index)\": {\"revision\": 0, \"at\": \"\(at)\"}"
        }
        text += "}}"
        #expect(text.utf8.count < AnnouncementStateFile.maximumBytes)
        let state = try AnnouncementStateFile.decode(Data(text.utf8))
        #expect(state.dismissals.count == AnnouncementState.maximumTrackedIDs)
        #expect((0..<5).allSatisfy { state.dismissals["d\($0)"] == nil })
        #expect(state.dismissals["d5"] != nil && state.dismissals["d\(count - 1)"] != nil)
    }

    @Test("the file writes every date as Timestamp.exactFormat does, and reads it back to the same instant")
    func timestamps() throws {
        let base = date.timeIntervalSince1970
        let instants: [TimeInterval] = [
            base, base + 0.25, base + 0.1, base + 0.000_001, base + 0.123_456_789, base + 0.999_999_999_7, 0, -0.5,
            -86_400 * 365.25 * 100, -62_135_596_800, 253_402_300_799, Double(Int(base)) + 1 / 3,
        ]
        var state = AnnouncementState()
        for (index, instant) in instants.enumerated() {
            state.lastSeen["t\(index)"] = Date(timeIntervalSince1970: instant)
            state.dismissals["t\(index)"] = .init(revision: index - 3, date: Date(timeIntervalSince1970: instant))
        }
        let data = AnnouncementStateFile.encode(state)
        let text = String(decoding: data, as: UTF8.self)
        for (index, instant) in instants.enumerated() {
            let formatted = Timestamp.exactFormat(Date(timeIntervalSince1970: instant))
            #expect(text.contains("\"t\(index)\": \"\(formatted)\""), "\(instant)")
            #expect(text.contains("{\"revision\": \(index - 3), \"at\": \"\(formatted)\"}"), "\(instant)")
        }
        let decoded = try AnnouncementStateFile.decode(data)
        for (index, instant) in instants.enumerated() {
            let parsed = try Timestamp.parse(Timestamp.exactFormat(Date(timeIntervalSince1970: instant)))
            #expect(decoded.lastSeen["t\(index)"] == parsed)
        }
    }

    @Test("a date outside the years 1 to 9999 (a clock gone wild) is written as the nearest one inside")
    func datesOutOfRange() throws {
        var state = AnnouncementState()
        state.recordDismissal(
            of: Announcement(id: "future", title: "t", message: "m"), at: Date(timeIntervalSince1970: 4e11))
        state.recordImpression(of: "past", at: Date(timeIntervalSince1970: -1e12))
        let decoded = try AnnouncementStateFile.decode(AnnouncementStateFile.encode(state))
        #expect(decoded.dismissals["future"]?.date == (try Timestamp.parse("9999-12-31T23:59:59Z")))
        #expect(decoded.impressions["past"]?.last == (try Timestamp.parse("0001-01-01T00:00:00Z")))
    }
}
