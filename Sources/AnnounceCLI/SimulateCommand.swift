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
        OptionSpec("--attribute", value: "K=V", repeatable: true, help: "An attribute for targeting rules."),
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
            --attribute K=V reads true/false as booleans and numbers as numbers, the rest as strings.
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
        /// placement.
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
            return facts.joined(separator: ", ")
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
        result.standardError = setup.notes.map { "announce simulate: \($0)\n" }.joined()
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

    private static func text(_ selection: AnnouncementSelection, setup: Setup) -> String {
        let defaultLocale = setup.decoded.feed.defaultLocale
        func line(_ announcement: Announcement) -> String {
            "\(announcement.id)  [\(announcement.style.rawValue), priority \(announcement.priority)]  "
                + "\"\(announcement.title.resolved(for: setup.locale, defaultLocale: defaultLocale))\""
        }
        var output = "\(setup.name) at \(Timestamp.format(setup.date))\n"
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
            let idWidth = selection.excluded.map(\.id.count).max() ?? 0
            let reasonWidth = selection.excluded.map(\.reason.rawValue.count).max() ?? 0
            for exclusion in selection.excluded {
                output +=
                    "  " + exclusion.id.padding(toLength: idWidth, withPad: " ", startingAt: 0) + "  "
                    + exclusion.reason.rawValue.padding(toLength: reasonWidth, withPad: " ", startingAt: 0) + "  "
                    + exclusion.detail + "\n"
            }
        }
        output += "Next change: " + (selection.nextChange.map(Timestamp.format) ?? "none within 366 days") + "\n"
        return output
    }

    // MARK: - Shared with preview

    struct Failure: Error {
        let result: CommandResult
    }

    /// Reads the feed and the state, and builds the context from the options.
    static func prepare(_ arguments: ParsedArguments, _ environment: Announce.Environment, command: String)
        -> Result<Setup, Failure>
    {
        func usage(_ message: String) -> Failure {
            Failure(
                result: CommandResult(
                    standardError: "announce \(command): \(message)\nRun 'announce \(command) --help' for usage.\n",
                    status: .usage))
        }
        let path = arguments.positionals[0]
        let name = FeedFile.displayName(path)

        var date = Date()
        if let text = arguments.value("--at") {
            do {
                date = try Timestamp.parse(text)
            } catch {
                return .failure(usage("--at \(text) \(error)"))
            }
        }
        var context = AnnouncementContext(
            platform: arguments.value("--platform") ?? AnnouncementContext.currentPlatform)
        for (option, keyPath) in [
            ("--app-version", \AnnouncementContext.appVersion), ("--os-version", \AnnouncementContext.osVersion),
        ] {
            guard let text = arguments.value(option) else { continue }
            guard let version = SemanticVersion(text) else {
                return .failure(usage("\(option) \(text) is not a version; write it like 3.4 or 3.4.1"))
            }
            context[keyPath: keyPath] = version
        }
        context.segments = Set(arguments.allValues("--segment"))
        for pair in arguments.allValues("--attribute") {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                return .failure(usage("--attribute \(pair) must be KEY=VALUE"))
            }
            context.attributes[String(pair[..<equals])] = attributeValue(String(pair[pair.index(after: equals)...]))
        }
        if let text = arguments.value("--days-since-install") {
            guard let days = Int(text), days >= 0 else {
                return .failure(usage("--days-since-install \(text) must be a whole number of days"))
            }
            context.installDate = date.addingTimeInterval(-Double(days) * 86_400)
        }

        var state = AnnouncementState()
        if let directory = arguments.value("--state-dir") {
            let url = URL(fileURLWithPath: directory, relativeTo: environment.currentDirectory)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                return .failure(usage("--state-dir \(directory) is not a directory"))
            }
            let file = url.appendingPathComponent(AnnouncementStateFile.fileName)
            if FileManager.default.fileExists(atPath: file.path) {
                do {
                    state = try AnnouncementStateFile.read(contentsOf: file)
                } catch let error as AnnouncementStateFile.ReadError {
                    return .failure(
                        Failure(
                            result: CommandResult(
                                standardError: "announce \(command): cannot read \(directory)/"
                                    + "\(AnnouncementStateFile.fileName): \(error.message)\n",
                                status: .usage)))
                } catch {
                    return .failure(
                        Failure(
                            result: CommandResult(
                                standardError: "announce \(command): cannot read \(file.path): "
                                    + "\(error.localizedDescription)\n", status: .usage)))
                }
            }
        }
        context.userID = arguments.value("--user-id")
        context.installationID = state.installationID

        let data: Data
        switch FeedFile.read(path, environment: environment) {
        case .success(let bytes): data = bytes
        case .failure(let error):
            return .failure(
                Failure(result: CommandResult(standardError: "announce \(command): \(error.message)\n", status: .usage))
            )
        }
        let schemes = arguments.allValues("--allow-scheme")
        let decoder = FeedDecoder(
            policy: ActionPolicy(
                allowsHTTP: arguments.flag("--allow-http"), allowedDeepLinkSchemes: schemes.isEmpty ? nil : Set(schemes)
            ))
        let decoded: FeedDecodingResult
        do {
            decoded = try decoder.decode(data)
        } catch {
            let diagnostic = error.diagnostic
            return .failure(
                Failure(
                    result: CommandResult(
                        standardError:
                            "announce \(command): \(name):\(diagnostic.line ?? 1):\(diagnostic.column ?? 1): "
                            + "the feed cannot be used: \(diagnostic.message)\n",
                        status: .failure)))
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
                return .failure(usage("--impressions \(pair) must be ID=N with N a whole number"))
            }
            let id = String(pair[..<equals])
            if count > 0 { state.impressions[id] = .init(count: count, last: date) }
        }
        let evaluator = EligibilityEvaluator(
            context: context, state: state, scheduler: AnnouncementScheduler(),
            placement: arguments.value("--placement"))
        return .success(
            Setup(
                name: name, decoded: decoded, evaluator: evaluator, date: date, locale: context.locale ?? "en",
                notes: notes))
    }

    /// `true`/`false` as booleans, numbers as numbers, anything else as a string.
    static func attributeValue(_ text: String) -> JSONValue {
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        if let number = Double(text), number.isFinite, text.first != "+", !text.hasPrefix(".") {
            return .number(number)
        }
        return .string(text)
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
