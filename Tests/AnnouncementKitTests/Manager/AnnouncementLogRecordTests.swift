import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

/// The bounds of what the manager logs: feed text cut and escaped, and a hostile feed that gives
/// a bounded number of records of bounded size.
@Suite("Announcement log records", .timeLimit(.minutes(1)))
struct AnnouncementLogRecordTests {
    typealias Record = AnnouncementLogRecord

    @Test("feed text is cut at 200 scalars and its control characters are escaped")
    func boundedText() {
        #expect(Record.bounded("plain") == "plain")
        let long = String(repeating: "x", count: 1000)
        #expect(Record.bounded(long) == String(repeating: "x", count: 200) + "…")
        #expect(Record.bounded(String(repeating: "x", count: 200)) == String(repeating: "x", count: 200))
        // One character of a million scalars (a letter and its combining marks) is cut too.
        let cluster = "e" + String(repeating: "\u{301}", count: 1_000_000)
        #expect(Record.bounded(cluster).unicodeScalars.count == 201)
        let escaped = Record.bounded("a\u{1B}[31mred\nline")
        #expect(!escaped.unicodeScalars.contains { $0.value < 0x20 }, "\(escaped)")
        let controls = Record.bounded(String(repeating: "\u{1B}", count: 500))
        #expect(controls.unicodeScalars.count == 201)
    }

    @Test("a line is the message and the metadata sorted by key")
    func line() {
        let record = Record(level: .info, category: .fetch, message: "m", metadata: ["b": "2", "a": "1"])
        #expect(record.line == "m a=1 b=2")
        #expect(Record(level: .info, category: .fetch, message: "m").line == "m")
        #expect(Record.Level.allCases.sorted() == [.debug, .info, .notice, .warning, .error])
    }

    @Test("a feed of 10,050 bad items with a 1 MB id gives 23 records of bounded size")
    func hostileFeed() async throws {
        let hugeID = String(repeating: "h", count: 1 << 20)
        var items = [#"{"id": "\#(hugeID)", "title": "T", "message": "M"}"#]
        items += (1..<10_050).map { #"{"id": "bad-\#($0)", "message": "no title"}"# }
        let body = AnnouncementManagerLoggingTests.feed(items)
        let fixture = try AnnouncementManagerLoggingTests.Fixture([.ok(body)], maximumBodySize: 4 << 20)
        let result = await fixture.manager.refresh()
        fixture.manager.stop()
        #expect(result.failure == nil)
        #expect(result.rejected.count == 10_000)

        // One fetch record, 20 findings and the one that counts the rest, one budget hit (at most 28).
        let records = fixture.collector.records
        #expect(records.count == 23)
        let feed = fixture.collector.records(.feed)
        #expect(feed.count == Record.maximumFindingsPerFetch + 1)
        #expect(feed.last?.metadata["notLogged"] == String(10_000 - Record.maximumFindingsPerFetch))
        #expect(fixture.collector.records(.fetch).only?.metadata["rejected"] == "10000")
        let budget = try #require(fixture.collector.records(.budget).only)
        #expect(budget.metadata["reason"] == "tooManyItems")
        #expect(budget.metadata["limit"] == "10000")

        for record in records {
            #expect(record.message.unicodeScalars.count <= 2 * (Record.maximumFieldLength + 1) + 100, "\(record)")
            for value in record.metadata.values {
                #expect(value.unicodeScalars.count <= Record.maximumFieldLength + 1)
            }
        }
        let total = records.reduce(0) { $0 + $1.line.utf8.count }
        #expect(total < 32 * 1024, "\(total) bytes of log")
    }

    @Test("a silent handler is given no records, and a closure handler every one")
    func handlers() {
        let seen = LockedValue<[Record]>([])
        let handler = AnnouncementLogHandler { record in seen.withLock { $0.append(record) } }
        let record = Record(level: .warning, category: .budget, message: "m")
        handler.log(record)
        AnnouncementLogHandler.silent.log(record)
        #expect(seen.withLock { $0 } == [record])
        #expect(!handler.isSilent)
    }
}
