import AnnouncementKit
import Foundation
import Testing

/// The decoder reads `announcements` one item at a time; these cases pin that the results are the same
/// as reading the whole document first, whatever the order of the top-level members.
@Suite("Feed decoder, streaming")
struct FeedDecoderStreamingTests {
    private func item(_ index: Int, english: Bool = true) -> String {
        let tag = english ? "en" : "de"
        return """
            {"id": "item-\(index)", "title": {"\(tag)": "Title \(index)"}, "message": "Message", "priority": \(index)}
            """
    }

    private func feed(_ members: [String]) -> Data {
        Data(("{\n" + members.joined(separator: ",\n") + "\n}\n").utf8)
    }

    private func failure(_ data: Data) -> FeedDecodingError? {
        do {
            _ = try FeedDecoder().decode(data)
            return nil
        } catch {
            return error
        }
    }

    @Test("defaultLocale after announcements gives the same items and findings as before them")
    func lateDefaultLocale() throws {
        let items = "\"announcements\": [" + (0..<5).map { item($0, english: $0 != 2) }.joined(separator: ", ") + "]"
        for locale in ["\"de\"", "\"en\"", "null"] {
            let early = try FeedDecoder().decode(feed(["\"defaultLocale\": \(locale)", items, "\"extra\": 1"]))
            let late = try FeedDecoder().decode(feed([items, "\"extra\": 1", "\"defaultLocale\": \(locale)"]))
            #expect(early.announcements == late.announcements)
            #expect(early.feed.defaultLocale == late.feed.defaultLocale)
            #expect(early.rejected.map(\.index) == late.rejected.map(\.index))
            #expect(early.diagnostics.map(\.message) == late.diagnostics.map(\.message))
            #expect(early.diagnostics.map(\.path) == late.diagnostics.map(\.path))
        }
        let german = try FeedDecoder().decode(feed([items, "\"defaultLocale\": \"de\""]))
        #expect(german.announcements.map(\.id) == ["item-2"])
        #expect(german.feed.defaultLocale == "de")
    }

    @Test("a late whole-feed failure wins over every item decoded before it")
    func lateFailureWins() throws {
        let items = (0..<500).map { item($0) }.joined(separator: ",\n")
        let good = "\"announcements\": [\n" + items + "\n]"
        let truncated = String(decoding: feed([good]), as: UTF8.self).prefix(while: { $0 != "]" })
        #expect(failure(Data(truncated.utf8))?.kind == .invalidJSON)
        #expect(failure(feed([good, "\"schemaVersion\": 99"]))?.kind == .unsupportedSchemaVersion)
        #expect(failure(feed([good, "\"defaultLocale\": 3"]))?.kind == .invalidShape)
        #expect(failure(feed([good, "\"announcements\": []"]))?.diagnostic.path == "$.announcements")
        #expect(failure(feed([good]) + Data("x".utf8))?.kind == .invalidJSON)
        // JSON syntax is checked first, even after a top-level shape problem.
        let both = feed(["\"schemaVersion\": \"one\"", good]) + Data(",".utf8)
        #expect(failure(both)?.kind == .invalidJSON)
        #expect(try FeedDecoder().decode(feed([good])).announcements.count == 500)
    }

    @Test("decoding Data and decoding [UInt8] give the same result")
    func dataAndBytesAgree() throws {
        let data = feed(["\"announcements\": [" + item(1) + ", {\"id\": 3}, " + item(2, english: false) + "]"])
        let fromData = try FeedDecoder().decode(data)
        let fromBytes = try FeedDecoder().decode(bytes: [UInt8](data))
        #expect(fromData == fromBytes)
        #expect(fromData.diagnostics.count > 1)
    }
}
