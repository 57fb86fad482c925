import AnnouncementKit
import Foundation

/// `announce simulate FEED`: what a given user would see at a given instant, and why not the rest.
enum SimulateCommand {
    /// "Reasons, in the order they are checked: …", every ``ExclusionReason`` in its order, wrapped at
    /// 96 columns as the rest of the help is.
    static var reasonsLine: String {
        var lines = ["Reasons, in the order they are checked:"]
        let names = ExclusionReason.allCases.map(\.rawValue)
        for (index, name) in names.enumerated() {
            let word = name + (index == names.count - 1 ? "." : ",")
            if lines[lines.count - 1].count + 1 + word.count > 96 {
                lines.append(word)
            } else {
                lines[lines.count - 1] += " " + word
            }
        }
        return lines.joined(separator: "\n")
    }

    static let spec = CommandSpec(
        name: "simulate",
        summary: "Show which announcement a user would see at an instant, the queue, and why the rest are excluded.",
        positionalName: "FEED",
        minimumPositionals: 1,
        maximumPositionals: 1,
        options: SimulationSetup.options + [
            OptionSpec("--format", value: "FORMAT", allowed: ["text", "json"], help: "Output format.")
        ],
        discussion: """
            \(reasonsLine)
            --attribute K=V reads true and false as booleans and a value written as a JSON number
            (-12, 0, 3.5, 1e3, -0) as a number; anything else stays a string as typed, such as 01234,
            0x10, +1, .5, 1., Infinity, NaN, 1e400 (too large for a double) or " 1" (with a space).
            Feed text is printed with control characters and bidi controls escaped, such as \\u001b.
            Schedules in the "local" time zone use the TZ environment variable.
            --format json prints {"at", "active", "queue", "excluded": [{"id", "reason", "detail"}],
            "nextChange"}; nextChange is the next instant at which time alone changes the answer. When an
            eligible item has variants, "variants" maps each such id to the variant the user gets (the
            text output shows it as [variant ID]).

            Exit status: 0 fine, 1 the feed cannot be used, 2 usage error or unreadable file.
            """)

    private struct Output: Encodable {
        let at: String
        let active: String?
        let queue: [String]
        let excluded: [ExclusionOutput]
        let nextChange: String?
        /// The variant of each eligible item that has variants; left out when none has.
        let variants: [String: String]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(at, forKey: .at)
            try container.encode(active, forKey: .active)
            try container.encode(queue, forKey: .queue)
            try container.encode(excluded, forKey: .excluded)
            try container.encode(nextChange, forKey: .nextChange)
            if !variants.isEmpty { try container.encode(variants, forKey: .variants) }
        }

        enum CodingKeys: String, CodingKey { case at, active, queue, excluded, nextChange, variants }
    }

    private struct ExclusionOutput: Encodable {
        let id: String
        let reason: String
        let detail: String
    }

    static func run(_ arguments: ParsedArguments, _ environment: Announce.Environment) async -> CommandResult {
        let setup: SimulationSetup
        do {
            setup = try SimulationSetup(arguments, environment: environment)
        } catch {
            return error.result(command: "simulate")
        }
        let selection = AnnouncementSelector.select(
            setup.decoded.announcements, rejected: setup.decoded.rejected, evaluator: setup.evaluator, at: setup.date)
        var result = CommandResult()
        result.standardError = setup.notes.map { "announce simulate: \(TerminalText.escaped($0))\n" }.joined()
        if arguments.value("--format") == "json" {
            result.standardOutput = JSONOutput.encode(
                Output(
                    at: Timestamp.format(setup.date), active: selection.active?.id, queue: selection.queue.map(\.id),
                    excluded: selection.excluded.map {
                        ExclusionOutput(id: $0.id, reason: $0.reason.rawValue, detail: $0.detail)
                    },
                    nextChange: selection.nextChange.map(Timestamp.format), variants: variants(of: selection)))
        } else {
            result.standardOutput = text(selection, setup: setup)
        }
        return result
    }

    /// The variant id of each eligible announcement that has one, by announcement id.
    private static func variants(of selection: AnnouncementSelection) -> [String: String] {
        let shown = (selection.active.map { [$0] } ?? []) + selection.queue
        return Dictionary(
            shown.compactMap { announcement in announcement.variantID.map { (announcement.id, $0) } },
            uniquingKeysWith: { first, _ in first })
    }

    /// The text report. Every piece of feed text (ids, titles, details) and the file name go through
    /// ``TerminalText``, so each item stays on its line and nothing in it reaches the terminal raw.
    private static func text(_ selection: AnnouncementSelection, setup: SimulationSetup) -> String {
        let defaultLocale = setup.decoded.feed.defaultLocale
        func line(_ announcement: Announcement) -> String {
            let title = announcement.localizedTitle.resolved(for: setup.locale, defaultLocale: defaultLocale)
            return "\(TerminalText.escaped(announcement.id))  [\(announcement.style.rawValue), "
                + "priority \(announcement.priority)]  \"\(TerminalText.escaped(title))\""
                + (announcement.variantID.map { "  [variant \(TerminalText.escaped($0))]" } ?? "")
        }
        var output = "\(TerminalText.escaped(setup.name)) at \(Timestamp.format(setup.date))\n"
        output += setup.contextLine + "\n\n"
        output += "Active:   " + (selection.active.map(line) ?? "(none)") + "\n"
        if selection.queue.isEmpty {
            output += "Queue:    (empty)\n"
        } else {
            for (index, announcement) in selection.queue.enumerated() {
                output += (index == 0 ? "Queue:    " : "          ") + "\(index + 1). " + line(announcement) + "\n"
            }
        }
        if selection.excluded.isEmpty {
            output += "Excluded: (none)\n"
        } else {
            output += "Excluded:\n"
            let ids = selection.excluded.map { TerminalText.escaped($0.id) }
            let idWidth = ids.map { DisplayWidth.of($0) }.max() ?? 0
            let reasonWidth = selection.excluded.map(\.reason.rawValue.count).max() ?? 0
            for (id, exclusion) in zip(ids, selection.excluded) {
                output +=
                    "  " + id + String(repeating: " ", count: idWidth - DisplayWidth.of(id)) + "  "
                    + exclusion.reason.rawValue.padding(toLength: reasonWidth, withPad: " ", startingAt: 0) + "  "
                    + TerminalText.escaped(exclusion.detail) + "\n"
            }
        }
        output += "Next change: " + (selection.nextChange.map(Timestamp.format) ?? "none within 366 days") + "\n"
        return output
    }
}
