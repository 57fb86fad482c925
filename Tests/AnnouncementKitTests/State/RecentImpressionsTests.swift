import AnnouncementKit
import Foundation
import Testing

@Suite("State: the recent impressions the global limits read")
struct RecentImpressionsTests {
    static let now = try! Timestamp.parse("2026-12-04T12:00:00Z")

    @Test("recording keeps the last 24 hours only, an impression exactly 24 h old going")
    func keepsTheWindow() {
        var state = AnnouncementState()
        state.recordImpression(of: "a", at: Self.now.addingTimeInterval(-86_400))
        state.recordImpression(of: "b", at: Self.now.addingTimeInterval(-86_399.999))
        state.recordImpression(of: "c", at: Self.now)
        #expect(state.recentImpressions.map(\.id) == ["b", "c"])
        #expect(state.impressions["a"]?.count == 1, "the per-id records are not touched")
    }

    @Test("at most 1,000 are kept, the oldest going first")
    func boundedCount() {
        var state = AnnouncementState()
        for index in 0..<1_005 {
            state.recordImpression(of: "id-\(index % 7)", at: Self.now.addingTimeInterval(Double(index)))
        }
        #expect(state.recentImpressions.count == AnnouncementState.maximumRecentImpressions)
        #expect(state.recentImpressions.first?.date == Self.now.addingTimeInterval(5))
        #expect(state.recentImpressions.last?.date == Self.now.addingTimeInterval(1_004))
    }

    @Test("the state file keeps them with fractions of a second, and a file without them reads as before")
    func roundTrip() throws {
        var state = AnnouncementState(installationID: "i")
        state.recordImpression(of: "a", at: Self.now.addingTimeInterval(-3_600.5))
        state.recordImpression(of: "b\"quoted", at: Self.now)
        let data = AnnouncementStateFile.encode(state)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"recentImpressions\": ["))
        let read = try AnnouncementStateFile.decode(data)
        #expect(read.recentImpressions == state.recentImpressions)
        #expect(read.impressions == state.impressions)
        let plain = AnnouncementStateFile.encode(AnnouncementState(installationID: "i"))
        #expect(!String(decoding: plain, as: UTF8.self).contains("recentImpressions"))
        #expect(try AnnouncementStateFile.decode(plain).recentImpressions.isEmpty)
    }

    @Test("reading keeps the latest 1,000 of a longer list; a damaged record is a damaged file")
    func readingIsBounded() throws {
        let records = (0..<2_500).map {
            #"{"id": "a", "at": "\#(Timestamp.format(Date(timeIntervalSince1970: Double(1_796_000_000 + $0))))"}"#
        }
        let text = #"{"formatVersion": 1, "recentImpressions": [\#(records.joined(separator: ","))]}"#
        let read = try AnnouncementStateFile.decode(Data(text.utf8))
        #expect(read.recentImpressions.count == 1_000)
        #expect(read.recentImpressions.first?.date == Date(timeIntervalSince1970: 1_796_001_500))
        #expect(throws: AnnouncementStateFile.ReadError.self) {
            try AnnouncementStateFile.decode(Data(#"{"formatVersion": 1, "recentImpressions": [{"id": 3}]}"#.utf8))
        }
        #expect(throws: AnnouncementStateFile.ReadError.self) {
            try AnnouncementStateFile.decode(Data(#"{"formatVersion": 1, "recentImpressions": {}}"#.utf8))
        }
    }
}
