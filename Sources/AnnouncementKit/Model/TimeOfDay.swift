/// A wall-clock time written `HH:mm`, from `00:00` to `24:00` (the end of the day).
public struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// 0–24; 24 only with minute 0.
    public let hour: Int
    /// 0–59.
    public let minute: Int

    /// Creates a time; returns `nil` outside `00:00`…`24:00`.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour) && (0...59).contains(minute) || hour == 24 && minute == 0 else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Parses exactly `HH:mm`, such as `09:30`; returns `nil` for anything else.
    public init?(_ text: String) {
        let utf8 = Array(text.utf8)
        guard utf8.count == 5, utf8[2] == UInt8(ascii: ":") else { return nil }
        func digit(_ byte: UInt8) -> Int? {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
        }
        guard let h1 = digit(utf8[0]), let h2 = digit(utf8[1]), let m1 = digit(utf8[3]), let m2 = digit(utf8[4])
        else { return nil }
        self.init(hour: h1 * 10 + h2, minute: m1 * 10 + m2)
    }

    /// Minutes since midnight.
    package var minutesSinceMidnight: Int { hour * 60 + minute }

    /// The time as `HH:mm`.
    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    /// Earlier times sort first.
    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        lhs.minutesSinceMidnight < rhs.minutesSinceMidnight
    }
}
