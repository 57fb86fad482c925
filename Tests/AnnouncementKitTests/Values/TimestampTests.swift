import AnnouncementKit
import Foundation
import Testing

@Suite("Timestamps")
struct TimestampTests {
    @Test(
        "accepted forms give the right instant",
        arguments: [
            ("2026-12-04T06:00:00Z", 1_796_364_000.0),
            ("2026-12-04t06:00:00z", 1_796_364_000.0),
            ("2026-12-04T07:00:00+01:00", 1_796_364_000.0),
            ("2026-12-04T07:00:00+0100", 1_796_364_000.0),
            ("2026-12-03T22:30:00-07:30", 1_796_364_000.0),
            ("2026-12-04T06:00:00.250Z", 1_796_364_000.25),
            ("1970-01-01T00:00:00Z", 0),
            ("2024-02-29T12:00:00Z", 1_709_208_000),
            ("1969-12-31T23:59:59Z", -1),
            ("2000-03-01T00:00:00Z", 951_868_800),
        ])
    func accepted(text: String, seconds: Double) throws {
        #expect(try Timestamp.parse(text) == Date(timeIntervalSince1970: seconds))
        let reference = ISO8601DateFormatter()
        reference.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let theirs = reference.date(from: text) ?? ISO8601DateFormatter().date(from: text) {
            #expect(abs(theirs.timeIntervalSince1970 - seconds) < 0.001)
        }
    }

    @Test(
        "refused forms say why",
        arguments: [
            ("2026-12-04T06:00:00", Timestamp.ParseError.missingZone),
            ("2026-12-04T06:00:00.5", .missingZone),
            ("2026-12-04", .malformed),
            ("2026-12-04 06:00:00Z", .malformed),
            ("04/12/2026", .malformed),
            ("2026-12-04T06:00Z", .malformed),
            ("2026-12-04T06:00:00Zjunk", .malformed),
            ("2026-12-04T06:00:00.Z", .malformed),
            ("", .malformed),
            ("2026-13-01T00:00:00Z", .outOfRange("month 13")),
            ("2026-02-29T00:00:00Z", .outOfRange("day 29 of month 2")),
            ("2026-04-31T00:00:00Z", .outOfRange("day 31 of month 4")),
            ("2026-01-01T24:00:00Z", .outOfRange("hour 24")),
            ("2026-01-01T00:60:00Z", .outOfRange("minute 60")),
            ("2026-01-01T00:00:60Z", .outOfRange("second 60")),
            ("2026-01-01T00:00:00+24:00", .outOfRange("offset beyond ±23:59")),
        ])
    func refused(text: String, error: Timestamp.ParseError) {
        #expect(throws: error) { try Timestamp.parse(text) }
    }

    @Test("formatting writes UTC and reads back to the same Date")
    func roundTrip() throws {
        #expect(Timestamp.format(Date(timeIntervalSince1970: 1_796_364_000)) == "2026-12-04T06:00:00Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: 1_796_364_000.25)) == "2026-12-04T06:00:00.25Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let seconds = Double.random(in: -2_000_000_000...4_000_000_000, using: &generator)
            let date = Date(timeIntervalSince1970: seconds)
            #expect(try Timestamp.parse(Timestamp.format(date)) == date, "\(seconds)")
        }
    }
}
