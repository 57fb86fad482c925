import Foundation

extension AnnouncementStateFile {
    /// What reading a state document gave: every entry read before the first problem, and the problem.
    struct ReadOutcome {
        /// The entries read (all of them when ``problem`` is `nil`), within `AnnouncementState.maximumTrackedIDs`.
        var state = AnnouncementState()
        /// The first thing wrong with the document; `nil` when it was read whole.
        var problem: ReadError?
        /// The document is of a format version this package does not read: nothing of it was kept.
        var isNewerFormat = false

        /// What was kept, for messages: `the installation id, 3 dismissals and 2 impression records`.
        var recoveredSummary: String {
            (state.installationID == nil ? "" : "the installation id, ")
                + "\(state.dismissals.count) dismissals and \(state.impressions.count) impression records"
        }
    }

    /// Reads a state document in one pass whose cost is linear in the number of bytes, keeping what it
    /// read before a problem: a file cut short, damaged in its middle, or only a prefix of a file over
    /// ``maximumBytes`` still gives the entries before the damage. A document of a newer format version
    /// gives nothing (it would be misread). Last-seen dates of ids with no dismissal or impressions (0.1
    /// kept one for every id of every feed) are dropped: they have no use.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> ReadOutcome {
        var outcome = ReadOutcome()
        var text = bytes
        var encodingProblem: ReadError?
        if let invalid = UTF8Validation.firstInvalidOffset(in: bytes) {
            text = UnsafeBufferPointer(rebasing: bytes[..<invalid])
            encodingProblem = ReadError(message: "not a state file (byte \(invalid) is not UTF-8)")
        }
        var reader = DocumentReader(bytes: text)
        do {
            try reader.read(into: &outcome.state)
        } catch {
            outcome.problem = error
        }
        if reader.isNewerFormat {
            outcome.state = AnnouncementState()
            outcome.isNewerFormat = true
        } else if let encodingProblem, outcome.problem == nil || reader.failedAtEnd {
            // The parse stopped where the text was cut at the bad byte: that byte is the problem.
            outcome.problem = encodingProblem
        }
        outcome.state.dropUnusedLastSeen()
        outcome.state.enforceCapacity()
        outcome.state.enforceEventCapacity()
        // A read that stopped inside a second `conversionWindows` member left what it read of it unpruned.
        outcome.state.pruneConversionWindows()
        return outcome
    }

    /// Reads the members of a state document as they come, storing each entry once it is whole.
    private struct DocumentReader {
        private let bytes: UnsafeBufferPointer<UInt8>
        private var parser: JSONParser
        private var version: Int?
        /// A `formatVersion` above `AnnouncementStateFile/formatVersion` was read.
        private(set) var isNewerFormat = false
        /// The JSON ended before the document did (rather than holding something wrong).
        private(set) var failedAtEnd = false

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            parser = JSONParser(bytes: bytes, start: 0)
        }

        mutating func read(into state: inout AnnouncementState) throws(ReadError) {
            var tape = JSONTape(bytes: bytes)
            parser.skipWhitespace()
            guard parser.currentByte == UInt8(ascii: "{") else {
                throw ReadError(
                    message: parser.currentByte == nil
                        ? "not a state file (it is empty)" : "not a state file (expected a JSON object)")
            }
            if try step({ parser throws(JSONParser.Failure) in try parser.openObject() }) {
                repeat {
                    let key = try step({ parser throws(JSONParser.Failure) in try parser.readKey().key })
                    try readMember(key, into: &state, tape: &tape)
                } while try step({ parser throws(JSONParser.Failure) in try parser.closeMember() })
            }
            try step({ parser throws(JSONParser.Failure) in try parser.finish() })
            guard version != nil else { throw ReadError(message: "not a state file (missing \"formatVersion\")") }
        }

        private mutating func readMember(
            _ key: String, into state: inout AnnouncementState, tape: inout JSONTape
        ) throws(ReadError) {
            switch key {
            case "formatVersion":
                let number = try value(tape: &tape) { node throws(ReadError) in try integer(node, at: key) }
                guard number >= 1, number <= formatVersion else {
                    isNewerFormat = number > formatVersion
                    throw ReadError(
                        message: "state format version \(number) is not supported (this version reads \(formatVersion))"
                    )
                }
                version = number
            case "installationId":
                state.installationID = try value(tape: &tape) { node throws(ReadError) in
                    guard node.isNull else { return try string(node, at: key) }
                    return nil
                }
            case "lastBannerLeft":
                state.lastBannerLeft = try value(tape: &tape) { node throws(ReadError) in
                    guard node.isNull else { return try timestamp(node, at: key) }
                    return nil
                }
            case "dismissals":
                try readMap(key, tape: &tape) { id, node throws(ReadError) in
                    let revision = try integer(
                        try member("revision", of: node, at: path(key, id)), at: path(key, id, "revision"))
                    let date = try timestamp(try member("at", of: node, at: path(key, id)), at: path(key, id, "at"))
                    state.dismissals[id] = .init(revision: revision, date: date)
                }
            case "impressions":
                try readMap(key, tape: &tape) { id, node throws(ReadError) in
                    let count = try integer(
                        try member("count", of: node, at: path(key, id)), at: path(key, id, "count"))
                    let date = try timestamp(
                        try member("last", of: node, at: path(key, id)), at: path(key, id, "last"))
                    state.impressions[id] = .init(count: count, last: date)
                }
            case "lastSeen":
                try readMap(key, tape: &tape) { id, node throws(ReadError) in
                    state.lastSeen[id] = try timestamp(node, at: path(key, id))
                }
            case "events":
                try readMap(key, tape: &tape) { name, node throws(ReadError) in
                    let count = try integer(
                        try member("count", of: node, at: path(key, name)), at: path(key, name, "count"))
                    let date = try timestamp(
                        try member("last", of: node, at: path(key, name)), at: path(key, name, "last"))
                    guard count >= 1 else { return }
                    state.events[name] = .init(count: count, last: date)
                    // A file with more names than kept costs memory for twice the cap at most.
                    if state.events.count > 2 * AnnouncementState.maximumTrackedEvents { state.enforceEventCapacity() }
                }
            case "recentImpressions":
                try readRecentImpressions(key, into: &state, tape: &tape)
            case "conversionWindows":
                try readConversionWindows(key, into: &state, tape: &tape)
            default:
                try step({ parser throws(JSONParser.Failure) in try parser.skipValue() })
            }
        }

        /// Reads the array (or `null`) of `{"id", "at"}` records at the parser, one at a time, keeping at
        /// most `AnnouncementState.maximumRecentImpressions` (the latest).
        private mutating func readRecentImpressions(
            _ name: String, into state: inout AnnouncementState, tape: inout JSONTape
        ) throws(ReadError) {
            let maximum = AnnouncementState.maximumRecentImpressions
            try readArray(name, tape: &tape) { node, place throws(ReadError) in
                state.recentImpressions.append(
                    AnnouncementState.RecentImpression(
                        id: try string(try member("id", of: node, at: place), at: place + ".id"),
                        date: try timestamp(try member("at", of: node, at: place), at: place + ".at")))
                // Trimmed in batches: one pass per `maximum` records read, not one per record.
                if state.recentImpressions.count >= 2 * maximum {
                    state.recentImpressions.removeFirst(state.recentImpressions.count - maximum)
                }
            }
            if state.recentImpressions.count > maximum {
                state.recentImpressions.removeFirst(state.recentImpressions.count - maximum)
            }
        }

        /// Reads the array (or `null`) of `{"id", "variant"?, "event", "start", "end"}` records at the parser,
        /// one at a time, keeping at most `AnnouncementState.maximumConversionWindows` (the latest opened);
        /// a window the state cannot keep (a text too long, an end not after the start) is left out.
        private mutating func readConversionWindows(
            _ name: String, into state: inout AnnouncementState, tape: inout JSONTape
        ) throws(ReadError) {
            try readArray(name, tape: &tape) { node, place throws(ReadError) in
                let variant = try optionalMember("variant", of: node, at: place)
                state.conversionWindows.append(
                    AnnouncementState.ConversionWindow(
                        id: try string(try member("id", of: node, at: place), at: place + ".id"),
                        variantID: try variant.map { node throws(ReadError) in
                            try string(node, at: place + ".variant")
                        },
                        event: try string(try member("event", of: node, at: place), at: place + ".event"),
                        start: try timestamp(try member("start", of: node, at: place), at: place + ".start"),
                        end: try timestamp(try member("end", of: node, at: place), at: place + ".end")))
                // A file with more windows than kept costs memory for twice the cap at most.
                if state.conversionWindows.count > 2 * AnnouncementState.maximumConversionWindows {
                    state.pruneConversionWindows()
                }
            }
            state.pruneConversionWindows()
        }

        /// Reads the array (or `null`) at the parser one element at a time, giving each element and its
        /// place (`NAME[INDEX]`, for messages) to `body`; memory holds one element at a time.
        private mutating func readArray(
            _ name: String, tape: inout JSONTape, _ body: (JSONTape.Node, String) throws(ReadError) -> Void
        ) throws(ReadError) {
            switch parser.currentByte {
            case UInt8(ascii: "n"):
                _ = try value(tape: &tape) { node throws(ReadError) in node.isNull }
                return
            case UInt8(ascii: "["):
                break
            default:
                throw ReadError(message: "not a state file (wrong type at \(name): expected an array)")
            }
            guard try step({ parser throws(JSONParser.Failure) in try parser.openArray() }) else { return }
            var index = 0
            repeat {
                let place = "\(name)[\(index)]"
                try value(tape: &tape) { node throws(ReadError) in try body(node, place) }
                index += 1
            } while try step({ parser throws(JSONParser.Failure) in try parser.closeElement() })
        }

        /// Reads the value at the parser onto `tape` and gives it to `body`.
        private mutating func value<Result>(
            tape: inout JSONTape, _ body: (JSONTape.Node) throws(ReadError) -> Result
        ) throws(ReadError) -> Result {
            try step({ parser throws(JSONParser.Failure) in try parser.parseValue(into: &tape) })
            return try tape.withRoot(body)
        }

        /// Reads the object (or `null`) at the parser one member at a time, giving each member's id and value
        /// to `body`; memory holds one member at a time.
        private mutating func readMap(
            _ name: String, tape: inout JSONTape, _ body: (String, JSONTape.Node) throws(ReadError) -> Void
        ) throws(ReadError) {
            switch parser.currentByte {
            case UInt8(ascii: "n"):
                _ = try value(tape: &tape) { node throws(ReadError) in node.isNull }
                return
            case UInt8(ascii: "{"):
                break
            default:
                throw ReadError(message: "not a state file (wrong type at \(name): expected an object)")
            }
            guard try step({ parser throws(JSONParser.Failure) in try parser.openObject() }) else { return }
            repeat {
                let id = try step({ parser throws(JSONParser.Failure) in try parser.readKey().key })
                try value(tape: &tape) { node throws(ReadError) in try body(id, node) }
            } while try step({ parser throws(JSONParser.Failure) in try parser.closeMember() })
        }

        /// Runs a step of the parser, turning its failure into a ``ReadError``.
        private mutating func step<Result>(
            _ body: (inout JSONParser) throws(JSONParser.Failure) -> Result
        ) throws(ReadError) -> Result {
            do {
                return try body(&parser)
            } catch {
                failedAtEnd = error.offset >= bytes.count
                throw ReadError(message: "not a state file (not valid JSON: \(error.message), at byte \(error.offset))")
            }
        }
    }

    // MARK: - Entry values

    /// `MAP.ID` or `MAP.ID.FIELD`, for messages; an id that is long or not plain ASCII is shown quoted
    /// and cut (see ``shown(_:)``).
    private static func path(_ map: String, _ id: String, _ field: String? = nil) -> String {
        let plain = id.utf8.count <= 40 && id.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") }
        return map + "." + (plain ? id : shown(id)) + (field.map { "." + $0 } ?? "")
    }

    /// `text` quoted for a message: at most 40 characters, and every character that is not printable
    /// ASCII written as `\u{…}`, so a hostile file cannot put control or bidi characters in a message.
    static func shown(_ text: String) -> String {
        var result = "\""
        for (index, scalar) in text.unicodeScalars.enumerated() {
            guard index < 40 else {
                result += "…"
                break
            }
            if scalar.value >= 0x20, scalar.value < 0x7F, scalar != "\"", scalar != "\\" {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result + "\""
    }

    private static func member(_ name: String, of node: JSONTape.Node, at path: @autoclosure () -> String)
        throws(ReadError)
        -> JSONTape.Node
    {
        guard case .object = node.kind else {
            throw ReadError(message: "not a state file (wrong type at \(path()): expected an object)")
        }
        let found = node.members.first { member in
            member.keyNode.asciiText.map { $0.elementsEqual(name.utf8) } ?? (member.key == name)
        }
        guard let found else {
            throw ReadError(message: "not a state file (missing \"\(name)\" at \(path()))")
        }
        return found.value
    }

    /// The member `name` of the object `node`, `nil` when it has none.
    private static func optionalMember(_ name: String, of node: JSONTape.Node, at path: @autoclosure () -> String)
        throws(ReadError) -> JSONTape.Node?
    {
        do {
            return try member(name, of: node, at: path())
        } catch {
            guard case .object = node.kind else { throw error }
            return nil
        }
    }

    private static func integer(_ node: JSONTape.Node, at path: @autoclosure () -> String) throws(ReadError) -> Int {
        guard case .number(let value) = node.kind, let integer = Int(exactly: value) else {
            throw ReadError(message: "not a state file (wrong type at \(path()): expected an integer)")
        }
        return integer
    }

    private static func string(_ node: JSONTape.Node, at path: @autoclosure () -> String) throws(ReadError) -> String {
        guard let text = node.stringValue else {
            throw ReadError(message: "not a state file (wrong type at \(path()): expected a string)")
        }
        return text
    }

    private static func timestamp(_ node: JSONTape.Node, at path: @autoclosure () -> String) throws(ReadError) -> Date {
        if let text = node.unescapedText, let date = try? Timestamp.parse(utf8: text) { return date }
        let text = try string(node, at: path())
        guard let date = try? Timestamp.parse(text) else {
            throw ReadError(message: "\(path()) \(shown(text)) is not a timestamp")
        }
        return date
    }
}
