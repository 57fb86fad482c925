import Foundation

extension AnnouncementStateFile {
    /// Encodes `state` in at most `limit` bytes, removing from `state` the ids that do not fit, oldest
    /// activity first (see `AnnouncementState.maximumTrackedIDs`), and last-seen dates of ids with no
    /// record, so that what a store keeps in memory is what reading the file gives.
    ///
    /// The document is written in the order that matters most when only its start can be read (a copy
    /// cut short, a file over ``maximumBytes`` from an older version): the format version and the
    /// installation id first, then dismissals, impressions and last-seen dates, each map most recently
    /// active id first, then the app's event records, the recent impressions and the open conversion
    /// windows (each when there are any).
    static func encode(bounding state: inout AnnouncementState, limit: Int = maximumBytes) -> Data {
        var ranked = state.rankedEntries()
        if let firstUnused = ranked.firstIndex(where: { !$0.hasRecord }) {
            // Last-seen dates alone rank last; they are not written.
            for entry in ranked[firstUnused...] { state.lastSeen[entry.id] = nil }
            ranked.removeSubrange(firstUnused...)
        }
        var sections = [
            Section(name: "dismissals"), Section(name: "impressions"), Section(name: "lastSeen"),
        ]
        var quoted: [UInt8] = []
        for entry in ranked {
            quoted.removeAll(keepingCapacity: true)
            quoted.append(quoting: entry.id)
            if let record = entry.dismissal {
                sections[0].append(quotedID: quoted) { bytes in
                    bytes.append(text: "{\"revision\": ")
                    bytes.append(integer: record.revision)
                    bytes.append(text: ", \"at\": ")
                    bytes.append(timestamp: record.date)
                    bytes.append(UInt8(ascii: "}"))
                }
            }
            if let record = entry.impressions {
                sections[1].append(quotedID: quoted) { bytes in
                    bytes.append(text: "{\"count\": ")
                    bytes.append(integer: record.count)
                    bytes.append(text: ", \"last\": ")
                    bytes.append(timestamp: record.last)
                    bytes.append(UInt8(ascii: "}"))
                }
            }
            if let seen = entry.lastSeen {
                sections[2].append(quotedID: quoted) { bytes in bytes.append(timestamp: seen) }
            }
            for index in sections.indices { sections[index].endID() }
        }

        var header = Array("{\n  \"formatVersion\": \(formatVersion),\n".utf8)
        if let installationID = state.installationID {
            header += Array("  \"installationId\": ".utf8)
            JSONWriter.quote(installationID, to: &header)
            header += Array(",\n".utf8)
        }
        if let left = state.lastBannerLeft {
            header += Array("  \"lastBannerLeft\": ".utf8)
            header.append(timestamp: left)
            header += Array(",\n".utf8)
        }
        let events = eventsMember(&state)
        state.pruneConversionWindows()
        let trailer =
            recentImpressionsMember(state.recentImpressions) + conversionWindowsMember(state.conversionWindows)
        func size(keeping count: Int) -> Int {
            header.count + sections.reduce(0) { $0 + $1.size(keeping: count) } + 2 * (sections.count - 1) + 3
                + events.count + trailer.count
        }
        let most = min(ranked.count, AnnouncementState.maximumTrackedIDs)
        var kept = most
        if size(keeping: kept) > limit {
            kept = 0
            while kept < most, size(keeping: kept + 1) <= limit { kept += 1 }
        }
        for entry in ranked[kept...] { state.removeRecords(of: entry.id) }

        var output = header
        output.reserveCapacity(size(keeping: kept))
        for (index, section) in sections.enumerated() {
            section.write(keeping: kept, to: &output)
            if index == sections.count - 1 { output += events + trailer }
            output += Array((index == sections.count - 1 ? "\n}\n" : ",\n").utf8)
        }
        assert(output.count == size(keeping: kept), "the size of the state document was worked out wrong")
        return Data(output)
    }

    /// `,\n  "events": {…}` with the event records of `state`, most recent first, after capping them (see
    /// `AnnouncementState.maximumTrackedEvents`); empty when there are none, so a state without events
    /// is written as older versions wrote it. At most 256 names of 128 bytes: some 200 KB at worst.
    private static func eventsMember(_ state: inout AnnouncementState) -> [UInt8] {
        state.enforceEventCapacity()
        guard !state.events.isEmpty else { return [] }
        let ordered = state.events.sorted { first, second in
            first.value.last != second.value.last ? first.value.last > second.value.last : first.key < second.key
        }
        var bytes: [UInt8] = []
        bytes.append(text: ",\n  \"events\": {")
        for (index, (name, record)) in ordered.enumerated() {
            bytes.append(text: index == 0 ? "\n    " : ",\n    ")
            bytes.append(quoting: name)
            bytes.append(text: ": {\"count\": ")
            bytes.append(integer: record.count)
            bytes.append(text: ", \"last\": ")
            bytes.append(timestamp: record.last)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(text: "\n  }")
        return bytes
    }

    /// `,\n  "recentImpressions": [{"id": …, "at": …}, …]`, oldest first, after the maps (its loss costs
    /// least); nothing when there are none, so a state without them is written as before.
    private static func recentImpressionsMember(_ records: [AnnouncementState.RecentImpression]) -> [UInt8] {
        guard !records.isEmpty else { return [] }
        var bytes = Array(",\n  \"recentImpressions\": [".utf8)
        for (index, record) in records.enumerated() {
            bytes.append(text: index == 0 ? "\n    {\"id\": " : ",\n    {\"id\": ")
            bytes.append(quoting: record.id)
            bytes.append(text: ", \"at\": ")
            bytes.append(timestamp: record.date)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(text: "\n  ]")
        return bytes
    }

    /// `,\n  "conversionWindows": [{"id": …, "variant": …, "event": …, "start": …, "end": …}, …]`, earliest
    /// opened first (`variant` only for an announcement with variants), last in the document; nothing when
    /// there are none, so a state without them is written as before.
    private static func conversionWindowsMember(_ windows: [AnnouncementState.ConversionWindow]) -> [UInt8] {
        guard !windows.isEmpty else { return [] }
        var bytes = Array(",\n  \"conversionWindows\": [".utf8)
        let ordered = windows.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        for (index, window) in ordered.enumerated() {
            bytes.append(text: index == 0 ? "\n    {\"id\": " : ",\n    {\"id\": ")
            bytes.append(quoting: window.id)
            if let variantID = window.variantID {
                bytes.append(text: ", \"variant\": ")
                bytes.append(quoting: variantID)
            }
            bytes.append(text: ", \"event\": ")
            bytes.append(quoting: window.event)
            bytes.append(text: ", \"start\": ")
            bytes.append(timestamp: window.start)
            bytes.append(text: ", \"end\": ")
            bytes.append(timestamp: window.end)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(text: "\n  ]")
        return bytes
    }

    /// One map of the document, its entries in ranking order: entry `k` holds the record of the `k`-th
    /// ranked id, or nothing when that id has no record here.
    private struct Section {
        let name: String
        /// The entries, each preceded by its separator, so any prefix of them is a valid object body.
        private(set) var body: [UInt8] = []
        /// Where the body ends after the entries of the first `k + 1` ranked ids.
        private(set) var ends: [Int] = []

        init(name: String) {
            self.name = name
        }

        /// Appends the entry of the id whose JSON string is `quotedID`; `value` writes its value.
        mutating func append(quotedID: [UInt8], value: (inout [UInt8]) -> Void) {
            body.append(text: body.isEmpty ? "\n    " : ",\n    ")
            body.append(contentsOf: quotedID)
            body.append(text: ": ")
            value(&body)
        }

        /// Closes the entries of one ranked id.
        mutating func endID() {
            ends.append(body.count)
        }

        private func length(keeping count: Int) -> Int {
            count == 0 ? 0 : ends[count - 1]
        }

        /// The bytes `write(keeping:to:)` appends.
        func size(keeping count: Int) -> Int {
            let length = length(keeping: count)
            return name.utf8.count + 7 + length + (length == 0 ? 1 : 4)
        }

        /// Appends `  "NAME": {…}` with the entries of the first `count` ranked ids.
        func write(keeping count: Int, to output: inout [UInt8]) {
            let length = length(keeping: count)
            output += Array("  \"\(name)\": {".utf8)
            output += body[..<length]
            output += Array((length == 0 ? "}" : "\n  }").utf8)
        }
    }
}

extension [UInt8] {
    /// Appends the UTF-8 of `text`.
    fileprivate mutating func append(text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `text` as a JSON string; text with nothing to escape (ids almost always) is copied whole.
    fileprivate mutating func append(quoting text: String) {
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        }
        guard plain == true else {
            JSONWriter.quote(text, to: &self)
            return
        }
        append(UInt8(ascii: "\""))
        append(contentsOf: text.utf8)
        append(UInt8(ascii: "\""))
    }

    /// Appends `value` in decimal.
    fileprivate mutating func append(integer value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        let start = count
        var magnitude = value.magnitude
        repeat {
            append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        self[start...].reverse()
    }

    /// Appends `date` as a quoted timestamp, the same text as `Timestamp/exactFormat(_:)` writes, without
    /// making a string (a state file holds tens of thousands). A date outside the years 1 to 9999 (a
    /// clock gone wild) is written as the nearest one inside, so the file always reads back.
    fileprivate mutating func append(timestamp date: Date) {
        let interval = Timestamp.writable(date).timeIntervalSince1970
        let whole = interval.rounded(.down)
        let fraction = interval - whole
        guard let seconds = Int(exactly: whole), seconds >= 0, fraction < 0.999_999_999 else {
            // Before 1970, or a fraction that rounds up to a second: the general path.
            JSONWriter.quote(Timestamp.exactFormat(Date(timeIntervalSince1970: interval)), to: &self)
            return
        }
        let (year, month, day) = Timestamp.civilFromDays(seconds / 86_400)
        let second = seconds % 86_400
        append(UInt8(ascii: "\""))
        append(digits: year, width: 4)
        append(UInt8(ascii: "-"))
        append(digits: month, width: 2)
        append(UInt8(ascii: "-"))
        append(digits: day, width: 2)
        append(UInt8(ascii: "T"))
        append(digits: second / 3600, width: 2)
        append(UInt8(ascii: ":"))
        append(digits: second % 3600 / 60, width: 2)
        append(UInt8(ascii: ":"))
        append(digits: second % 60, width: 2)
        if fraction > 0 {
            var nanoseconds = Int((fraction * 1e9).rounded())
            var width = 9
            while width > 0, nanoseconds % 10 == 0 {
                nanoseconds /= 10
                width -= 1
            }
            if width > 0 {
                append(UInt8(ascii: "."))
                append(digits: nanoseconds, width: width)
            }
        }
        append(contentsOf: [UInt8(ascii: "Z"), UInt8(ascii: "\"")])
    }

    /// Appends `value` (0 or more) in exactly `width` decimal digits, zeros in front.
    private mutating func append(digits value: Int, width: Int) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }
}
