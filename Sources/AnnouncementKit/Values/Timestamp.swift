package import Foundation

/// Reads and writes the feed's timestamps: ISO 8601 / RFC 3339 date-times that carry a zone.
///
/// Accepted: `2026-12-04T06:00:00Z`, `2026-12-04T07:00:00+01:00`, `2026-12-04T06:00:00.250Z`,
/// `+0100` offsets and a lower-case `t`/`z`. A date-time with no zone is refused, because it would
/// mean a different instant on every device.
package enum Timestamp {
    /// Why a string is not an accepted timestamp.
    package enum ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not of the form `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`.
        case malformed
        /// A date-time with no `Z` and no offset.
        case missingZone
        /// A field out of range, such as month 13 or February 30.
        case outOfRange(String)

        /// What is wrong and how to write it instead.
        package var description: String {
            switch self {
            case .malformed:
                "is not an ISO 8601 date-time; write it like 2026-12-04T06:00:00Z"
            case .missingZone:
                "has no time zone; add Z for UTC or an offset such as +01:00"
            case .outOfRange(let detail):
                "is not a real date-time (\(detail))"
            }
        }
    }

    /// Parses a timestamp.
    package static func parse(_ text: String) throws(ParseError) -> Date {
        var text = text
        return try text.withUTF8 { bytes in parseResult(bytes) }.get()
    }

    private static func parseResult(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Date, ParseError> {
        do {
            return .success(try parse(utf8: bytes))
        } catch {
            return .failure(error)
        }
    }

    /// Parses a timestamp from its UTF-8.
    static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(ParseError) -> Date {
        var index = 0
        func number(_ width: Int) throws(ParseError) -> Int {
            guard index + width <= bytes.count else { throw .malformed }
            var value = 0
            for _ in 0..<width {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { throw .malformed }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                index += 1
            }
            return value
        }
        func expect(_ character: UInt8, or other: UInt8? = nil) throws(ParseError) {
            guard index < bytes.count, bytes[index] == character || bytes[index] == other else { throw .malformed }
            index += 1
        }
        let year = try number(4)
        try expect(UInt8(ascii: "-"))
        let month = try number(2)
        try expect(UInt8(ascii: "-"))
        let day = try number(2)
        try expect(UInt8(ascii: "T"), or: UInt8(ascii: "t"))
        let hour = try number(2)
        try expect(UInt8(ascii: ":"))
        let minute = try number(2)
        try expect(UInt8(ascii: ":"))
        let second = try number(2)
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") {
                index += 1
            }
            guard index > start else { throw .malformed }
            let digits = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            fraction = Double("0." + digits) ?? 0
        }
        guard index < bytes.count else { throw .missingZone }
        var offsetSeconds = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            let offsetHours = try number(2)
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") { index += 1 }
            let offsetMinutes = try number(2)
            guard offsetHours <= 23, offsetMinutes <= 59 else { throw .outOfRange("offset beyond ±23:59") }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        default:
            throw .malformed
        }
        guard index == bytes.count else { throw .malformed }
        guard year >= 1 else { throw .outOfRange("year 0000") }
        guard (1...12).contains(month) else { throw .outOfRange("month \(month)") }
        guard (1...daysInMonth(year: year, month: month)).contains(day) else {
            throw .outOfRange("day \(day) of month \(month)")
        }
        guard hour <= 23 else { throw .outOfRange("hour \(hour)") }
        guard minute <= 59 else { throw .outOfRange("minute \(minute)") }
        guard second <= 59 else { throw .outOfRange("second \(second)") }
        let days = daysFromCivil(year: year, month: month, day: day)
        let whole = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(whole) + fraction)
    }

    /// The seconds since 1970 a state file can write: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z. A
    /// time outside is written as the nearest end.
    package static let writableSeconds: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    /// `date` moved into ``writableSeconds``, as a state file writes it (a date that is not a number, as the
    /// latest end).
    package static func writable(_ date: Date) -> Date {
        let seconds = date.timeIntervalSince1970
        guard !seconds.isNaN else { return Date(timeIntervalSince1970: writableSeconds.upperBound) }
        return Date(timeIntervalSince1970: min(max(seconds, writableSeconds.lowerBound), writableSeconds.upperBound))
    }

    /// Formats `date` in UTC as `YYYY-MM-DDTHH:MM:SSZ`, or `YYYY-MM-DDTHH:MM:SS.mmmZ` when it does not fall on
    /// a whole second: the instant rounded to the nearest millisecond (a half rounds up), with exactly three
    /// fractional digits or none. This is how every instant is shown (the CLI's text and JSON, exclusion
    /// details, explanations); ``parse(_:)`` reads it back to the same millisecond.
    ///
    /// The millisecond is taken from the seconds since 2001 that a `Date` holds, split exactly into whole
    /// seconds and a fraction and rounded once, so `2026-12-10T12:00:00.001Z` parsed and shifted stays
    /// `.001`, never `.000999928`. A date outside the years 1 to 9999 (or not finite) is written as the
    /// nearest end of ``writableSeconds``.
    package static func format(_ date: Date) -> String {
        let (seconds, millisecond) = splitMilliseconds(date)
        var text = dateTime(seconds)
        if millisecond > 0 { text += "." + pad(millisecond, 3) }
        return text + "Z"
    }

    /// Formats `date` with every digit its `Double` holds (up to nine fractional digits, trailing zeros
    /// dropped), so that ``parse(_:)`` reads the text back to the same `Date`: the form a state file stores,
    /// where a dismissal must read back as the instant it was recorded. For showing an instant use
    /// ``format(_:)``.
    package static func exactFormat(_ date: Date) -> String {
        let interval = writable(date).timeIntervalSince1970
        let whole = interval.rounded(.down)
        let fraction = interval - whole
        var text = dateTime(Int(whole))
        if fraction > 0 {
            var digits = String(Int((fraction * 1e9).rounded()))
            digits = String(repeating: "0", count: max(0, 9 - digits.count)) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            if !digits.isEmpty { text += "." + digits }
        }
        return text + "Z"
    }

    /// The seconds since 2001 that Foundation's `Date` counts from, in the Unix epoch's seconds.
    private static let referenceOffset: Int64 = 978_307_200

    /// `date` as whole seconds since 1970 and a millisecond 0–999, rounded to the nearest millisecond (a
    /// half up) and kept inside ``writableSeconds``.
    ///
    /// The rounding is correct for every `Double`: the fraction of a second is exact (a number minus its
    /// floor), and the one rounding of `fraction × 1000` is undone with a fused multiply-add where it
    /// could move a value across a half.
    package static func splitMilliseconds(_ date: Date) -> (seconds: Int, millisecond: Int) {
        let lowest = Int64(writableSeconds.lowerBound)
        let highest = Int64(writableSeconds.upperBound)
        let reference = date.timeIntervalSinceReferenceDate
        guard reference.isFinite else { return (Int(reference < 0 ? lowest : highest), 0) }
        let limit = Double(highest - referenceOffset + 1)
        let clamped = min(max(reference, Double(lowest - referenceOffset)), limit)
        let whole = clamped.rounded(.down)
        let fraction = clamped - whole
        let product = fraction * 1000
        var millisecond = product.rounded(.down)
        let rest = product - millisecond
        // The exact product is `product` plus its rounding error; only at a computed half can the error
        // tell which side the exact value lies on.
        if rest > 0.5 || (rest == 0.5 && exactProductError(fraction, product) >= 0) { millisecond += 1 }
        var seconds = Int64(whole) + referenceOffset
        var milliseconds = Int(millisecond)
        if milliseconds >= 1000 {
            seconds += 1
            milliseconds -= 1000
        }
        if seconds > highest { return (Int(highest), 0) }
        if seconds < lowest { return (Int(lowest), 0) }
        return (Int(seconds), milliseconds)
    }

    /// `fraction × 1000 − product` exactly, by a fused multiply-add: the error of the rounded product.
    private static func exactProductError(_ fraction: Double, _ product: Double) -> Double {
        (-product).addingProduct(fraction, 1000)
    }

    /// `YYYY-MM-DDTHH:MM:SS` for whole seconds since 1970, in UTC.
    private static func dateTime(_ seconds: Int) -> String {
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civilFromDays(days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3600, 2) + ":"
            + pad(secondOfDay % 3600 / 60, 2) + ":" + pad(secondOfDay % 60, 2)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    private static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01.
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
