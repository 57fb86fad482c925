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

    @Test("the exact form writes UTC and reads back to the same Date")
    func roundTrip() throws {
        #expect(Timestamp.exactFormat(Date(timeIntervalSince1970: 1_796_364_000)) == "2026-12-04T06:00:00Z")
        #expect(Timestamp.exactFormat(Date(timeIntervalSince1970: 1_796_364_000.25)) == "2026-12-04T06:00:00.25Z")
        #expect(Timestamp.exactFormat(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let seconds = Double.random(in: -2_000_000_000...4_000_000_000, using: &generator)
            let date = Date(timeIntervalSince1970: seconds)
            #expect(try Timestamp.parse(Timestamp.exactFormat(date)) == date, "\(seconds)")
        }
    }

    @Test(
        "an instant is shown to the nearest millisecond, with three fractional digits or none",
        arguments: [
            (1_796_364_000.0, "2026-12-04T06:00:00Z"),
            (1_796_364_000.25, "2026-12-04T06:00:00.250Z"),
            (1_796_364_000.001, "2026-12-04T06:00:00.001Z"),
            (1_796_364_000.0004, "2026-12-04T06:00:00Z"),
            (1_796_364_000.0006, "2026-12-04T06:00:00.001Z"),
            (1_796_364_000.9996, "2026-12-04T06:00:01Z"),
            (1_796_364_059.9999, "2026-12-04T06:01:00Z"),
            (-0.5, "1969-12-31T23:59:59.500Z"),
            (-1, "1969-12-31T23:59:59Z"),
            (-0.0004, "1970-01-01T00:00:00Z"),
        ])
    func milliseconds(seconds: Double, text: String) {
        #expect(Timestamp.format(Date(timeIntervalSince1970: seconds)) == text)
    }

    @Test("an edge one millisecond after a round instant keeps its millisecond (no .000999928)")
    func millisecondAfterRoundInstant() throws {
        let round = try Timestamp.parse("2026-12-10T12:00:00Z")
        #expect(Timestamp.format(round.addingTimeInterval(0.001)) == "2026-12-10T12:00:00.001Z")
        #expect(Timestamp.format(try Timestamp.parse("2026-12-10T12:00:00.001Z")) == "2026-12-10T12:00:00.001Z")
        #expect(Timestamp.format(try Timestamp.parse("2026-12-04T10:04:59.999Z")) == "2026-12-04T10:04:59.999Z")
    }

    @Test("every millisecond of a day in 2026 prints as itself and reads back to within half a millisecond")
    func everyMillisecondReadsBack() throws {
        let base = 1_796_364_000
        for millisecond in stride(from: 0, to: 86_400_000, by: 997) {
            let text = Timestamp.format(Date(timeIntervalSince1970: Double(base) + Double(millisecond) / 1000))
            let date = try Timestamp.parse(text)
            let back = Timestamp.splitMilliseconds(date)
            #expect(back.seconds * 1000 + back.millisecond == base * 1000 + millisecond, "\(text)")
        }
    }

    @Test("a half millisecond that a Double holds exactly rounds up; its neighbours round to the nearer side")
    func halfMillisecond() {
        // 0.0625 s is 62.5 ms exactly.
        #expect(Timestamp.format(Date(timeIntervalSinceReferenceDate: 0.0625)) == "2001-01-01T00:00:00.063Z")
        #expect(Timestamp.format(Date(timeIntervalSinceReferenceDate: 0.0625.nextDown)) == "2001-01-01T00:00:00.062Z")
        #expect(Timestamp.format(Date(timeIntervalSinceReferenceDate: 0.0625.nextUp)) == "2001-01-01T00:00:00.063Z")
    }

    @Test(
        "a date outside the years 1 to 9999, or not finite, prints as the nearest end and never traps",
        arguments: [Double.infinity, -Double.infinity, Double.nan, 1e300, -1e300, Double.greatestFiniteMagnitude])
    func outOfRange(seconds: Double) {
        let text = Timestamp.format(Date(timeIntervalSinceReferenceDate: seconds))
        #expect(["9999-12-31T23:59:59Z", "0001-01-01T00:00:00Z"].contains(text), "\(seconds): \(text)")
        let exact = Timestamp.exactFormat(Date(timeIntervalSinceReferenceDate: seconds))
        #expect(exact.hasPrefix("9999-") || exact.hasPrefix("0001-"), "\(seconds): \(exact)")
    }
}
