import Foundation

extension AnnouncementStateFile {
    /// Encodes `state` in at most `limit` bytes, removing from `state` the ids that do not fit, oldest
    /// activity first (see ``AnnouncementState/maximumTrackedIDs``), so that what a store keeps in memory
    /// is what it wrote.
    ///
    /// The document is written in the order that matters most when only its start can be read (a copy
    /// cut short, a file over ``maximumBytes`` from an older version): the format version and the
    /// installation id first, then dismissals, impressions and last-seen dates, each map most recently
    /// active id first.
    static func encode(bounding state: inout AnnouncementState, limit: Int = maximumBytes) -> Data {
        let ranked = state.trackedIDsNewestFirst()
        var sections = [
            Section(name: "dismissals"), Section(name: "impressions"), Section(name: "lastSeen"),
        ]
        for id in ranked {
            if let record = state.dismissals[id] {
                sections[0].append(id: id) { bytes in
                    bytes += Array("{\"revision\": \(record.revision), \"at\": ".utf8)
                    JSONWriter.quote(Timestamp.format(record.date), to: &bytes)
                    bytes.append(UInt8(ascii: "}"))
                }
            }
            if let record = state.impressions[id] {
                sections[1].append(id: id) { bytes in
                    bytes += Array("{\"count\": \(record.count), \"last\": ".utf8)
                    JSONWriter.quote(Timestamp.format(record.last), to: &bytes)
                    bytes.append(UInt8(ascii: "}"))
                }
            }
            if let seen = state.lastSeen[id] {
                sections[2].append(id: id) { bytes in JSONWriter.quote(Timestamp.format(seen), to: &bytes) }
            }
            for index in sections.indices { sections[index].endID() }
        }

        var header = Array("{\n  \"formatVersion\": \(formatVersion),\n".utf8)
        if let installationID = state.installationID {
            header += Array("  \"installationId\": ".utf8)
            JSONWriter.quote(installationID, to: &header)
            header += Array(",\n".utf8)
        }
        func size(keeping count: Int) -> Int {
            header.count + sections.reduce(0) { $0 + $1.size(keeping: count) } + 2 * (sections.count - 1) + 3
        }
        let most = min(ranked.count, AnnouncementState.maximumTrackedIDs)
        var kept = most
        if size(keeping: kept) > limit {
            kept = 0
            while kept < most, size(keeping: kept + 1) <= limit { kept += 1 }
        }
        for id in ranked[kept...] { state.removeRecords(of: id) }

        var output = header
        output.reserveCapacity(size(keeping: kept))
        for (index, section) in sections.enumerated() {
            section.write(keeping: kept, to: &output)
            output += Array((index == sections.count - 1 ? "\n}\n" : ",\n").utf8)
        }
        assert(output.count == size(keeping: kept), "the size of the state document was worked out wrong")
        return Data(output)
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

        /// Appends the entry of `id`, whose value `value` writes.
        mutating func append(id: String, value: (inout [UInt8]) -> Void) {
            body += Array((body.isEmpty ? "\n    " : ",\n    ").utf8)
            JSONWriter.quote(id, to: &body)
            body += Array(": ".utf8)
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
