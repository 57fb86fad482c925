import AnnouncementKit
import Foundation

/// `announce simulate FEED`: what a given user would see at a given instant, and why not the rest.
enum SimulateCommand {
    static let contextOptions: [OptionSpec] = [
        OptionSpec(
            "--at", value: "ISO8601", help: "The instant to simulate, such as 2026-12-04T06:00:00Z (default: now)."),
        OptionSpec(
            "--platform", value: "P", help: "iOS, iPadOS, macOS, tvOS, watchOS, visionOS or linux (default: this one)."),
        OptionSpec("--app-version", value: "V", help: "The app's version, such as 3.4.1."),
        OptionSpec("--os-version", value: "V", help: "The OS version, such as 17.5."),
        OptionSpec("--locale", value: "L", help: "The user's language tag (default: LC_ALL, LC_MESSAGES, LANG)."),
        OptionSpec("--user-id", value: "U", help: "The user id rollouts are keyed by (default: the installation id)."),
        OptionSpec("--segment", value: "S", repeatable: true, help: "A segment the user is in."),
        OptionSpec(
            "--attribute", value: "K=V", repeatable: true,
            help: "An attribute for targeting rules: true/false, a JSON number, else a string."),
        OptionSpec("--days-since-install", value: "N", help: "Days since the app was installed."),
        OptionSpec("--dismissed", value: "ID", repeatable: true, help: "Record a dismissal of ID at --at."),
        OptionSpec(
            "--impressions", value: "ID=N", repeatable: true, help: "Record N impressions of ID, the last at --at."),
        OptionSpec("--placement", value: "NAME", help: "The banner's placement name (default: none)."),
        OptionSpec("--state-dir", value: "DIR", help: "Read dismissals and impressions from DIR/state.json."),
        OptionSpec("--allow-scheme", value: "SCHEME", repeatable: true, help: "A deep-link scheme the app handles."),
        OptionSpec("--allow-http", help: "Accept plain http in url actions."),
    ]

    static let spec = CommandSpec(
        name: "simulate",
        summary: "Show which announcement a user would see at an instant, the queue, and why the rest are excluded.",
        positionalName: "FEED",
        minimumPositionals: 1,
        maximumPositionals: 1,
        options: contextOptions + [
            OptionSpec("--format", value: "FORMAT", allowed: ["text", "json"], help: "Output format.")
        ],
        discussion: """
            Reasons, in the order they are checked: invalid, notStarted, expired, outsideWindow,
            dismissed, audienceMismatch, rolloutExcluded, frequencyCapped, placementMismatch.
            --attribute K=V reads true and false as booleans and a value written as a JSON number
            (-12, 0, 3.5, 1e3, -0) as a number; anything else stays a string as typed, such as 01234,
            0x10, +1, .5, 1., Infinity, NaN, 1e400 (too large for a double) or " 1" (with a space).
            Feed text is printed with control characters and bidi controls escaped, such as \\u001b.
            Schedules in the "local" time zone use the TZ environment variable.
            --format json prints {"at", "active", "queue", "excluded": [{"id", "reason", "detail"}],
            "nextChange"}; nextChange is the next instant at which time alone changes the answer.

            Exit status: 0 fine, 1 the feed cannot be used, 2 usage error or unreadable file.
            """)

    /// Everything simulate and preview need: the decoded feed and the evaluator for the context.
    struct Setup {
        var name: String
        var decoded: FeedDecodingResult
        var evaluator: EligibilityEvaluator
        var date: Date
        var locale: String
        var notes: [String]

        /// The context as simulate and preview print it: platform, versions, locale, user, segments,
        /// placement; one line, escaped for a terminal.
        var contextLine: String {
            let context = evaluator.context
            var facts = ["platform \(context.platform)"]
            if let version = context.appVersion { facts.append("app \(version)") }
            if let version = context.osVersion { facts.append("OS \(version)") }
            facts.append("locale \(locale)")
            facts.append("user \(context.rolloutKey.isEmpty ? "(none)" : context.rolloutKey)")
            if !context.segments.isEmpty {
                facts.append("segments \(context.segments.sorted().joined(separator: ","))")
            }
            facts.append("placement \(evaluator.placement ?? "(none)")")
            return TerminalText.escaped(facts.joined(separator: ", "))
        }
    }

    private struct Output: Encodable {
        let at: String
        let active: String?
        let queue: [String]
        let excluded: [ExclusionOutput]
        let nextChange: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(at, forKey: .at)
            try container.encode(active, forKey: .active)
            try container.encode(queue, forKey: .queue)
            try container.encode(excluded, forKey: .excluded)
            try container.encode(nextChange, forKey: .nextChange)
        }

        enum CodingKeys: String, CodingKey { case at, active, queue, excluded, nextChange }
    }

    private struct ExclusionOutput: Encodable {
        let id: String
        let reason: String
        let detail: String
    }

    static func run(_ arguments: ParsedArguments, _ environment: Announce.Environment) async -> CommandResult {
        let setup: Setup
        switch prepare(arguments, environment, command: "simulate") {
        case .success(let value): setup = value
        case .failure(let failure): return failure.result
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
                    nextChange: selection.nextChange.map(Timestamp.format)))
        } else {
            result.standardOutput = text(selection, setup: setup)
        }
        return result
    }

    /// The text report. Every piece of feed text (ids, titles, details) and the file name go through
    /// ``TerminalText``, so each item stays on its line and nothing in it reaches the terminal raw.
    private static func text(_ selection: AnnouncementSelection, setup: Setup) -> String {
        let defaultLocale = setup.decoded.feed.defaultLocale
        func line(_ announcement: Announcement) -> String {
            let title = announcement.title.resolved(for: setup.locale, defaultLocale: defaultLocale)
            return "\(TerminalText.escaped(announcement.id))  [\(announcement.style.rawValue), "
                + "priority \(announcement.priority)]  \"\(TerminalText.escaped(title))\""
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

    // MARK: - Shared with preview

    struct Failure: Error {
        let result: CommandResult
    }

    /// The messages of a command that cannot go on, each one line of escaped text on stderr.
    private struct Messages {
        let command: String

        /// A usage error (exit 2), with the hint to run `--help`.
        func usage(_ message: String) -> Failure {
            Failure(
                result: CommandResult(
                    standardError: "announce \(command): \(TerminalText.escaped(message))\n"
                        + "Run 'announce \(command) --help' for usage.\n",
                    status: .usage))
        }

        /// A file that cannot be read (exit 2) or a feed that cannot be used (exit 1).
        func unusable(_ message: String, _ status: CommandResult.Status) -> Failure {
            Failure(
                result: CommandResult(
                    standardError: "announce \(command): \(TerminalText.escaped(message))\n", status: status))
        }
    }

    /// Reads the feed and the state, and builds the context from the options.
    static func prepare(_ arguments: ParsedArguments, _ environment: Announce.Environment, command: String)
        -> Result<Setup, Failure>
    {
        do throws(Failure) {
            return .success(try setup(arguments, environment, Messages(command: command)))
        } catch {
            return .failure(error)
        }
    }

    private static func setup(_ arguments: ParsedArguments, _ environment: Announce.Environment, _ messages: Messages)
        throws(Failure) -> Setup
    {
        let path = arguments.positionals[0]
        let name = FeedFile.displayName(path)
        var date = Date()
        if let text = arguments.value("--at") {
            do {
                date = try Timestamp.parse(text)
            } catch {
                throw messages.usage("--at \(text) \(error)")
            }
        }
        var context = try self.context(arguments, at: date, messages)
        var state = try self.state(arguments, environment, messages)
        context.installationID = state.installationID

        let contents: FeedFile.Contents
        switch FeedFile.read(path, environment: environment) {
        case .success(let read): contents = read
        case .failure(let error): throw messages.unusable(error.message, .usage)
        }
        let schemes = arguments.allValues("--allow-scheme")
        let decoder = FeedDecoder(
            policy: ActionPolicy(
                allowsHTTP: arguments.flag("--allow-http"), allowedDeepLinkSchemes: schemes.isEmpty ? nil : Set(schemes)
            ))
        let decoded: FeedDecodingResult
        do {
            decoded = try contents.decode(with: decoder)
        } catch {
            let diagnostic = error.diagnostic
            throw messages.unusable(
                "\(name):\(diagnostic.line ?? 1):\(diagnostic.column ?? 1): "
                    + "the feed cannot be used: \(diagnostic.message)", .failure)
        }
        var notes: [String] = []
        if !decoded.rejected.isEmpty {
            notes.append(
                "\(decoded.rejected.count) invalid item(s) are listed as excluded; run 'announce validate \(path)' for details"
            )
        }
        context.locale =
            arguments.value("--locale") ?? localeFromEnvironment(environment.variables)
            ?? decoded.feed.defaultLocale

        let byID = Dictionary(decoded.announcements.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for id in arguments.allValues("--dismissed") {
            guard let announcement = byID[id] else {
                notes.append("--dismissed \(id): the feed has no usable announcement with that id")
                continue
            }
            if !state.recordDismissal(of: announcement, at: date) {
                notes.append("--dismissed \(id): ignored, the announcement is not dismissible")
            }
        }
        for pair in arguments.allValues("--impressions") {
            guard let equals = pair.lastIndex(of: "="), let count = Int(pair[pair.index(after: equals)...]), count >= 0
            else {
                throw messages.usage("--impressions \(pair) must be ID=N with N a whole number")
            }
            let id = String(pair[..<equals])
            if count > 0 { state.impressions[id] = .init(count: count, last: date) }
        }
        let evaluator = EligibilityEvaluator(
            context: context, state: state, scheduler: AnnouncementScheduler(),
            placement: arguments.value("--placement"))
        return Setup(
            name: name, decoded: decoded, evaluator: evaluator, date: date, locale: context.locale ?? "en",
            notes: notes)
    }

    /// The context the options describe (all but the locale, which may come from the feed, and the
    /// installation id, which comes from the state).
    private static func context(_ arguments: ParsedArguments, at date: Date, _ messages: Messages)
        throws(Failure) -> AnnouncementContext
    {
        var context = AnnouncementContext(
            platform: arguments.value("--platform") ?? AnnouncementContext.currentPlatform)
        for (option, keyPath) in [
            ("--app-version", \AnnouncementContext.appVersion), ("--os-version", \AnnouncementContext.osVersion),
        ] {
            guard let text = arguments.value(option) else { continue }
            guard let version = SemanticVersion(text) else {
                throw messages.usage("\(option) \(text) is not a version; write it like 3.4 or 3.4.1")
            }
            context[keyPath: keyPath] = version
        }
        context.segments = Set(arguments.allValues("--segment"))
        for pair in arguments.allValues("--attribute") {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw messages.usage("--attribute \(pair) must be KEY=VALUE")
            }
            context.attributes[String(pair[..<equals])] = AttributeArgument.value(
                String(pair[pair.index(after: equals)...]))
        }
        if let text = arguments.value("--days-since-install") {
            guard let days = Int(text), days >= 0 else {
                throw messages.usage("--days-since-install \(text) must be a whole number of days")
            }
            context.installDate = date.addingTimeInterval(-Double(days) * 86_400)
        }
        context.userID = arguments.value("--user-id")
        return context
    }

    /// The state kept in `--state-dir`, or an empty state without it.
    private static func state(
        _ arguments: ParsedArguments, _ environment: Announce.Environment, _ messages: Messages
    ) throws(Failure) -> AnnouncementState {
        guard let directory = arguments.value("--state-dir") else { return AnnouncementState() }
        let url = URL(fileURLWithPath: directory, relativeTo: environment.currentDirectory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw messages.usage("--state-dir \(directory) is not a directory")
        }
        let file = url.appendingPathComponent(AnnouncementStateFile.fileName)
        guard FileManager.default.fileExists(atPath: file.path) else { return AnnouncementState() }
        do {
            return try AnnouncementStateFile.read(contentsOf: file)
        } catch let error as AnnouncementStateFile.ReadError {
            throw messages.unusable(
                "cannot read \(directory)/\(AnnouncementStateFile.fileName): \(error.message)", .usage)
        } catch {
            throw messages.unusable("cannot read \(file.path): \(error.localizedDescription)", .usage)
        }
    }

    /// The locale from `LC_ALL`, then `LC_MESSAGES`, then `LANG`, as a language tag (`de_AT.UTF-8` →
    /// `de-AT`); `nil` for unset, `C` and `POSIX`.
    static func localeFromEnvironment(_ variables: [String: String]) -> String? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = variables[name], !value.isEmpty else { continue }
            let base = value.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? value
            if base == "C" || base == "POSIX" { return nil }
            let tag = base.replacingOccurrences(of: "_", with: "-")
            return LanguageTag.isWellFormed(tag) ? tag : nil
        }
        return nil
    }
}
