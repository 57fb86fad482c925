import AnnouncementKit
import Foundation
import Testing

@Suite("State: the conversion windows of goals")
struct ConversionWindowTests {
    static let now = try! Timestamp.parse("2026-12-04T12:00:00Z")

    static func window(_ id: String, variant: String? = nil, event: String = "goal", at offset: Double = 0)
        -> AnnouncementState.ConversionWindow
    {
        .init(
            id: id, variantID: variant, event: event, start: now.addingTimeInterval(offset),
            end: now.addingTimeInterval(offset + 3_600))
    }

    @Test("one window per id, the later impression replacing it; windows over are dropped")
    func openAndReplace() {
        var state = AnnouncementState()
        state.openConversionWindow(Self.window("a", variant: "x"))
        state.openConversionWindow(Self.window("b", at: 10))
        state.openConversionWindow(Self.window("a", variant: "y", at: 20))
        #expect(state.conversionWindows.map(\.id) == ["b", "a"])
        #expect(state.conversionWindows.last?.variantID == "y")
        state.openConversionWindow(Self.window("c", at: 3_610))
        #expect(state.conversionWindows.map(\.id) == ["a", "c"], "b ended exactly at 3,610 s")
    }

    @Test("the prune at each refresh drops the windows that ended")
    func pruneAtRefresh() {
        var state = AnnouncementState()
        state.openConversionWindow(Self.window("a"))
        state.openConversionWindow(Self.window("b", at: 1_800))
        state.prune(keeping: [], at: Self.now.addingTimeInterval(3_600))
        #expect(state.conversionWindows.map(\.id) == ["b"])
    }

    @Test("converting closes the event's windows, open at the instant; the end is excluded")
    func converting() {
        var state = AnnouncementState()
        state.openConversionWindow(Self.window("a"))
        state.openConversionWindow(Self.window("b", event: "other"))
        let at = Self.now.addingTimeInterval(3_599.999)
        #expect(state.conversionWindows(convertedBy: "goal", at: at).map(\.id) == ["a"])
        #expect(state.conversionWindows(convertedBy: "goal", at: Self.now.addingTimeInterval(3_600)).isEmpty)
        #expect(state.conversionWindows(convertedBy: "goal", at: Self.now.addingTimeInterval(-1)).isEmpty)
        state.closeConversionWindows(convertedBy: "goal", at: at)
        #expect(state.conversionWindows.map(\.id) == ["b"])
    }

    @Test("at most 256 windows, the earliest opened going first; texts over 128 bytes are not kept")
    func bounds() {
        var state = AnnouncementState()
        for index in 0..<300 { state.openConversionWindow(Self.window("id-\(index)", at: Double(index))) }
        #expect(state.conversionWindows.count == AnnouncementState.maximumConversionWindows)
        #expect(state.conversionWindows.first?.id == "id-44")
        #expect(state.conversionWindows.last?.id == "id-299")
        let long = String(repeating: "x", count: 129)
        for window in [Self.window(long, at: 400), Self.window("v", variant: long, at: 400), Self.window("", at: 400)] {
            state.openConversionWindow(window)
        }
        state.openConversionWindow(Self.window("e", event: long, at: 400))
        #expect(state.conversionWindows.count == 256)
        #expect(state.conversionWindows.last?.id == "id-299")
    }

    @Test("the state file keeps them after the other records; a file without them is written as before")
    func roundTrip() throws {
        var state = AnnouncementState(installationID: "i")
        state.recordImpression(of: "a", at: Self.now)
        state.recordEvent("checkout", at: Self.now)
        let before = AnnouncementStateFile.encode(state)
        state.openConversionWindow(Self.window("a", variant: "b\"q", at: 0.25))
        state.openConversionWindow(Self.window("c", at: 1))
        let data = AnnouncementStateFile.encode(state)
        let text = String(decoding: data, as: UTF8.self)
        let first: String =
            #"    {"id": "a", "variant": "b\"q", "event": "goal", "start": "2026-12-04T12:00:00.25Z", "#
            + #""end": "2026-12-04T13:00:00.25Z"},"#
        let second: String =
            #"    {"id": "c", "event": "goal", "start": "2026-12-04T12:00:01Z", "end": "2026-12-04T13:00:01Z"}"#
        let expected: String = #""conversionWindows": ["# + "\n" + first + "\n" + second + "\n  ]\n}\n"
        #expect(text.hasSuffix(expected))
        var read = try AnnouncementStateFile.decode(data)
        read.shownThisSession = state.shownThisSession
        #expect(read == state)
        state.conversionWindows = []
        #expect(AnnouncementStateFile.encode(state) == before, "byte for byte what was written without them")
        #expect(!String(decoding: before, as: UTF8.self).contains("conversionWindows"))
    }

    @Test("a reader skips the member as an older one does; reading is bounded and checked")
    func reading() throws {
        let member =
            #""conversionWindows": [{"id": "a", "event": "goal", "start": "2026-12-04T12:00:00Z", "end": "2026-12-04T13:00:00Z"}]"#
        let older = #"{"formatVersion": 1, "futureWindows": [{"id": "a"}], \#(member)}"#
        #expect(try AnnouncementStateFile.decode(Data(older.utf8)).conversionWindows.map(\.id) == ["a"])
        let records = (0..<600).map {
            let start = Timestamp.format(Self.now.addingTimeInterval(Double($0)))
            let end = Timestamp.format(Self.now.addingTimeInterval(Double($0 + 60)))
            return #"{"id": "id-\#($0)", "event": "goal", "start": "\#(start)", "end": "\#(end)"}"#
        }
        let bad = #"{"id": "z", "event": "goal", "start": "2026-12-04T12:00:00Z", "end": "2026-12-04T12:00:00Z"}"#
        let many = #"{"formatVersion": 1, "conversionWindows": [\#(records.joined(separator: ",")), \#(bad)]}"#
        let read = try AnnouncementStateFile.decode(Data(many.utf8))
        #expect(read.conversionWindows.count == 256)
        #expect(read.conversionWindows.first?.id == "id-344")
        #expect(read.conversionWindows.contains { $0.id == "z" } == false, "an end not after the start")
        for damaged in [
            #"{"formatVersion": 1, "conversionWindows": [{"id": "a", "event": "goal", "start": 3}]}"#,
            #"{"formatVersion": 1, "conversionWindows": [{"id": "a", "variant": 1, "event": "g", "start": "2026-12-04T12:00:00Z", "end": "2026-12-04T13:00:00Z"}]}"#,
            #"{"formatVersion": 1, "conversionWindows": {}}"#,
        ] {
            #expect(throws: AnnouncementStateFile.ReadError.self) {
                try AnnouncementStateFile.decode(Data(damaged.utf8))
            }
        }
    }
}
