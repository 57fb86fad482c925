extension Announcement {
    /// A recurring window inside an announcement's date range, such as weekdays 09:00–17:00.
    ///
    /// A window whose end is before its start runs past midnight and belongs to the weekday on
    /// which it starts; equal start and end mean the whole day.
    public struct Schedule: Sendable, Hashable {
        /// The time zone name meaning the device's own zone.
        public static let localTimeZone = "local"

        /// An IANA time zone name such as `Europe/Berlin`, or ``localTimeZone``.
        public var timeZone: String
        /// Days on which the window opens, 1 = Monday … 7 = Sunday; `nil` means every day.
        public var weekdays: [Int]?
        /// When the window opens; `nil` means 00:00.
        public var startTime: TimeOfDay?
        /// When the window closes; `nil` means the end of the day.
        public var endTime: TimeOfDay?

        /// Creates a schedule; the defaults make a window that is always open in UTC.
        public init(
            timeZone: String = "UTC", weekdays: [Int]? = nil, startTime: TimeOfDay? = nil, endTime: TimeOfDay? = nil
        ) {
            self.timeZone = timeZone
            self.weekdays = weekdays
            self.startTime = startTime
            self.endTime = endTime
        }
    }
}
