import AnnouncementKit
import Foundation
import Testing

@Suite("Event records in the state")
struct EventRecordTests {
    let start = try! Timestamp.parse("2026-12-04T10:00:00Z")

    @Test("recording counts occurrences and keeps the last; bad names and counts change nothing")
    func recording() {
        var state = AnnouncementState()
        let recorded1 = state.recordEvent("checkout", at: start)
        #expect(recorded1)
        let recorded2 = state.recordEvent("checkout", count: 2, at: start.addingTimeInterval(5))
        #expect(recorded2)
        #expect(state.events["checkout"] == .init(count: 3, last: start.addingTimeInterval(5)))
        let recorded3 = state.recordEvent("", at: start)
        #expect(!recorded3)
        let recorded4 = state.recordEvent(String(repeating: "x", count: 129), at: start)
        #expect(!recorded4)
        let recorded5 = state.recordEvent("zero", count: 0, at: start)
        #expect(!recorded5)
        #expect(state.events.count == 1)
        let recorded6 = state.recordEvent(String(repeating: "x", count: 128), at: start)
        #expect(recorded6)
    }

    @Test("past the cap the name whose last occurrence is oldest goes, never the one just recorded")
    func cap() {
        var state = AnnouncementState()
        let limit = AnnouncementState.maximumTrackedEvents
        for index in 0..<limit { state.recordEvent("e\(index)", at: start.addingTimeInterval(Double(index))) }
        #expect(state.events.count == limit)
        state.recordEvent("new", at: start.addingTimeInterval(-100))
        #expect(state.events.count == limit)
        #expect(state.events["new"] != nil)
        #expect(state.events["e0"] == nil)
        #expect(state.events["e1"] != nil)
    }

    @Test("events round-trip through the state file, after the other records, and a tampered file is capped")
    func stateFile() throws {
        var state = AnnouncementState(installationID: "install-1")
        state.recordImpression(of: "a", at: start)
        state.recordEvent("checkout", count: 3, at: start.addingTimeInterval(0.125))
        let data = AnnouncementStateFile.encode(state)
        let text = String(decoding: data, as: UTF8.self)
        #expect(
            text.contains(#""events": {"# + "\n" + #"    "checkout": {"count": 3, "last": "2026-12-04T10:00:00.125Z"}"#)
        )
        #expect(text.range(of: "lastSeen")!.lowerBound < text.range(of: "events")!.lowerBound)
        var decoded = try AnnouncementStateFile.decode(data)
        decoded.shownThisSession = state.shownThisSession
        #expect(decoded == state)
        // Without events the document is what older versions wrote.
        #expect(!String(decoding: AnnouncementStateFile.encode(AnnouncementState()), as: UTF8.self).contains("events"))

        let many = (0..<1_000).map {
            #""e\#($0)": {"count": 1, "last": "2026-12-04T10:\#(String(format: "%02d", $0 % 60)):00Z"}"#
        }
        let long = String(repeating: "x", count: 200)
        let tampered =
            #"{"formatVersion": 1, "events": {"\#(long)": {"count": 1, "last": "2026-12-04T11:00:00Z"}, "#
            + many.joined(separator: ", ") + "}}"
        let capped = try AnnouncementStateFile.decode(Data(tampered.utf8))
        #expect(capped.events.count == AnnouncementState.maximumTrackedEvents)
        #expect(capped.events[long] == nil)
        // The most recent go last: every name kept is at least as recent as every name dropped.
        let minute = { (index: Int) in start.addingTimeInterval(Double(index % 60) * 60) }
        let dropped = (0..<1_000).filter { capped.events["e\($0)"] == nil }.map(minute)
        let oldestKept = try #require(capped.events.values.map(\.last).min())
        #expect(dropped.allSatisfy { $0 <= oldestKept })
    }

    @Test("a reader that does not know a top-level member skips it")
    func unknownMember() throws {
        let text =
            #"{"formatVersion": 1, "futureThing": {"a": [1, 2]}, "dismissals": {"m": {"revision": 0, "at": "2026-12-04T10:00:00Z"}}}"#
        let state = try AnnouncementStateFile.decode(Data(text.utf8))
        #expect(state.dismissals["m"]?.revision == 0)
    }

    @Test("events survive a relaunch with the file store")
    func relaunch() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileAnnouncementStateStore(directory: directory)
        _ = try store.update { state in
            state.recordEvent("checkout", count: 2, at: start)
            for index in 0..<300 {
                state.recordEvent("noise\(index)", at: start.addingTimeInterval(Double(index - 1_000)))
            }
        }
        let reopened = FileAnnouncementStateStore(directory: directory).load().state
        #expect(reopened.events["checkout"] == .init(count: 2, last: start))
        #expect(reopened.events.count == AnnouncementState.maximumTrackedEvents)
        #expect(reopened.events["noise44"] == nil, "the 45 oldest went")
        #expect(reopened.events["noise45"] != nil)
    }
}
