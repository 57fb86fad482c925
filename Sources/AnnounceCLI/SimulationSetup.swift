import AnnouncementKit
import Foundation

/// What `simulate` and `preview` share: the options that describe a user at an instant, and what
/// they describe once read — the decoded feed, the context, the state and the time.
///
/// ```swift
/// let setup: SimulationSetup
/// do {
///     setup = try SimulationSetup(arguments, environment: environment)
/// } catch {
///     return error.result(command: "simulate")
/// }
/// let selection = AnnouncementSelector.select(
///     setup.decoded.announcements, rejected: setup.decoded.rejected, evaluator: setup.evaluator, at: setup.date)
/// ```
///
/// The options are checked in the order they are read: `--at`, the context options, `--state-dir`,
/// the feed file, then `--dismissed` and `--impressions` (which name items of the feed), then `--event`.
struct SimulationSetup {
    /// The options both commands accept, in the order their help lists them.
    static let options: [OptionSpec] = [
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
        OptionSpec("--test-device", help: "The device is a test device: draft announcements show."),
        OptionSpec(
            "--event", value: "NAME[=N|@ISO8601]", repeatable: true,
            help: "Record an app event: once at --at, N times the last at --at, or once at that instant."),
        OptionSpec(
            "--impression", value: "ID@ISO8601", repeatable: true,
            help: "Record one impression of ID at that instant, for the feed's global limits."),
    ]

    /// The name the feed is reported under: its path as given, or `<stdin>`.
    var name: String
    /// The decoded feed: its usable announcements and the items it rejected.
    var decoded: FeedDecodingResult
    /// The user the options describe, with the locale resolved and the state's installation id.
    var context: AnnouncementContext
    /// The state from `--state-dir` (or an empty one), with `--dismissed`, `--impressions` and `--event`
    /// recorded.
    var state: AnnouncementState
    /// The banner's placement, from `--placement`.
    var placement: String?
    /// The instant to simulate: `--at`, or the time the set-up was made.
    var date: Date
    /// Things worth saying on stderr that do not stop the command, one line each, not yet escaped.
    var notes: [String]

    /// Why the set-up cannot go on: the message and how the command ends.
    struct Failure: Error, Equatable {
        enum Kind: Equatable {
            /// The command was called wrongly (exit 2, with the hint to run `--help`).
            case usage
            /// The feed file or the state file cannot be read (exit 2).
            case unreadable
            /// The feed was read but cannot be used (exit 1).
            case unusableFeed
        }

        var kind: Kind
        /// One line, not yet escaped for a terminal.
        var message: String

        /// The result of `announce COMMAND` ending with this failure: the message escaped on stderr.
        func result(command: String) -> CommandResult {
            let line = "announce \(command): \(TerminalText.escaped(message))\n"
            switch kind {
            case .usage:
                return CommandResult(
                    standardError: line + "Run 'announce \(command) --help' for usage.\n", status: .usage)
            case .unreadable: return CommandResult(standardError: line, status: .usage)
            case .unusableFeed: return CommandResult(standardError: line, status: .failure)
            }
        }
    }

    /// Reads the feed named by the one positional argument and the state, and builds the context
    /// from the options of ``options``.
    init(_ arguments: ParsedArguments, environment: Announce.Environment) throws(Failure) {
        let path = arguments.positionals[0]
        name = FeedFile.displayName(path)
        date = try Self.date(arguments)
        placement = arguments.value("--placement")
        context = try Self.context(arguments, at: date)
        state = try Self.state(arguments, environment)
        context.installationID = state.installationID
        decoded = try Self.decode(path, arguments, environment)
        notes = []
        if !decoded.rejected.isEmpty {
            notes.append(
                "\(decoded.rejected.count) invalid item(s) are listed as excluded; run 'announce validate \(path)' for details"
            )
        }
        context.locale =
            arguments.value("--locale") ?? Self.localeFromEnvironment(environment.variables)
            ?? decoded.feed.defaultLocale
        notes += recordDismissals(arguments.allValues("--dismissed"))
        try recordImpressions(arguments.allValues("--impressions"))
        try recordEvents(arguments.allValues("--event"))
        try recordTimedImpressions(arguments.allValues("--impression"))
    }

    /// The evaluator for ``context``, ``state`` and ``placement``.
    var evaluator: EligibilityEvaluator {
        EligibilityEvaluator(
            context: context, state: state, scheduler: AnnouncementScheduler(), placement: placement,
            limits: decoded.feed.limits)
    }

    /// The language texts are shown in: the context's locale.
    var locale: String { context.locale ?? "en" }

    /// The context as simulate and preview print it: platform, versions, locale, user, segments,
    /// placement, and `test device` for one; one line, escaped for a terminal.
    var contextLine: String {
        var facts = ["platform \(context.platform)"]
        if let version = context.appVersion { facts.append("app \(version)") }
        if let version = context.osVersion { facts.append("OS \(version)") }
        facts.append("locale \(locale)")
        facts.append("user \(context.rolloutKey.isEmpty ? "(none)" : context.rolloutKey)")
        if !context.segments.isEmpty {
            facts.append("segments \(context.segments.sorted().joined(separator: ","))")
        }
        facts.append("placement \(placement ?? "(none)")")
        if context.isTestDevice { facts.append("test device") }
        return TerminalText.escaped(facts.joined(separator: ", "))
    }

    // MARK: - Reading the options

    /// The most days `--days-since-install` takes: a hundred years.
    static let maximumDaysSinceInstall = 36_525

    /// `--at`, or now.
    private static func date(_ arguments: ParsedArguments) throws(Failure) -> Date {
        guard let text = arguments.value("--at") else { return Date() }
        do {
            return try Timestamp.parse(text)
        } catch {
            throw Failure(kind: .usage, message: "--at \(text) \(error)")
        }
    }

    /// The context the options describe (all but the locale, which may come from the feed, and the
    /// installation id, which comes from the state).
    private static func context(_ arguments: ParsedArguments, at date: Date) throws(Failure) -> AnnouncementContext {
        var context = AnnouncementContext(
            platform: arguments.value("--platform") ?? AnnouncementContext.currentPlatform)
        for (option, keyPath) in [
            ("--app-version", \AnnouncementContext.appVersion), ("--os-version", \AnnouncementContext.osVersion),
        ] {
            guard let text = arguments.value(option) else { continue }
            guard let version = SemanticVersion(text) else {
                throw Failure(kind: .usage, message: "\(option) \(text) is not a version; write it like 3.4 or 3.4.1")
            }
            context[keyPath: keyPath] = version
        }
        context.segments = Set(arguments.allValues("--segment"))
        for pair in arguments.allValues("--attribute") {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw Failure(kind: .usage, message: "--attribute \(pair) must be KEY=VALUE")
            }
            context.attributes[String(pair[..<equals])] = AttributeArgument.value(
                String(pair[pair.index(after: equals)...]))
        }
        if let text = arguments.value("--days-since-install") {
            let days = try NumberArgument.whole(
                text, option: "--days-since-install", unit: "days", in: 0...maximumDaysSinceInstall)
            context.installDate = date.addingTimeInterval(-Double(days) * 86_400)
        }
        context.userID = arguments.value("--user-id")
        context.isTestDevice = arguments.flag("--test-device")
        return context
    }

    /// The state kept in `--state-dir`, or an empty state without it.
    private static func state(_ arguments: ParsedArguments, _ environment: Announce.Environment) throws(Failure)
        -> AnnouncementState
    {
        guard let directory = arguments.value("--state-dir") else { return AnnouncementState() }
        let url = URL(fileURLWithPath: directory, relativeTo: environment.currentDirectory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw Failure(kind: .usage, message: "--state-dir \(directory) is not a directory")
        }
        let file = url.appendingPathComponent(AnnouncementStateFile.fileName)
        guard FileManager.default.fileExists(atPath: file.path) else { return AnnouncementState() }
        do {
            return try AnnouncementStateFile.read(contentsOf: file)
        } catch let error as AnnouncementStateFile.ReadError {
            throw Failure(
                kind: .unreadable,
                message: "cannot read \(directory)/\(AnnouncementStateFile.fileName): \(error.message)")
        } catch {
            throw Failure(kind: .unreadable, message: "cannot read \(file.path): \(error.localizedDescription)")
        }
    }

    /// The feed at `path`, decoded with the action policy of `--allow-http` and `--allow-scheme`.
    private static func decode(_ path: String, _ arguments: ParsedArguments, _ environment: Announce.Environment)
        throws(Failure) -> FeedDecodingResult
    {
        let contents: FeedFile.Contents
        switch FeedFile.read(path, environment: environment) {
        case .success(let read): contents = read
        case .failure(let error): throw Failure(kind: .unreadable, message: error.message)
        }
        let schemes = arguments.allValues("--allow-scheme")
        let decoder = FeedDecoder(
            policy: ActionPolicy(
                allowsHTTP: arguments.flag("--allow-http"), allowedDeepLinkSchemes: schemes.isEmpty ? nil : Set(schemes)
            ))
        do {
            return try contents.decode(with: decoder)
        } catch {
            let diagnostic = error.diagnostic
            throw Failure(
                kind: .unusableFeed,
                message: "\(FeedFile.displayName(path)):\(diagnostic.line ?? 1):\(diagnostic.column ?? 1): "
                    + "the feed cannot be used: \(diagnostic.message)")
        }
    }

    /// Records a dismissal at ``date`` of each id of `--dismissed`; a note for each id that names no
    /// usable announcement or one that cannot be dismissed.
    private mutating func recordDismissals(_ ids: [String]) -> [String] {
        let byID = Dictionary(decoded.announcements.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var notes: [String] = []
        for id in ids {
            guard let announcement = byID[id] else {
                notes.append("--dismissed \(id): the feed has no usable announcement with that id")
                continue
            }
            if !state.recordDismissal(of: announcement, at: date) {
                notes.append("--dismissed \(id): ignored, the announcement is not dismissible")
            }
        }
        return notes
    }

    /// Records each `ID=N` of `--impressions`: N impressions, the last at ``date``.
    private mutating func recordImpressions(_ pairs: [String]) throws(Failure) {
        for pair in pairs {
            guard let equals = pair.lastIndex(of: "=") else {
                throw Failure(kind: .usage, message: "--impressions \(pair) must be ID=N with N a whole number")
            }
            let count = try NumberArgument.whole(
                pair[pair.index(after: equals)...], option: "--impressions \(pair): N", unit: "impressions",
                in: 0...NumberArgument.maximumCount)
            if count > 0 { state.impressions[String(pair[..<equals])] = .init(count: count, last: date) }
        }
    }

    /// Records each `ID@ISO8601` of `--impression`: one impression of ID at that instant, in the
    /// impression counts and the recent impressions the global limits read, oldest first.
    private mutating func recordTimedImpressions(_ values: [String]) throws(Failure) {
        var records: [(id: String, date: Date)] = []
        for value in values {
            guard let at = value.lastIndex(of: "@"), at != value.startIndex else {
                throw Failure(kind: .usage, message: "--impression \(value) must be ID@ISO8601")
            }
            let text = String(value[value.index(after: at)...])
            do {
                records.append((String(value[..<at]), try Timestamp.parse(text)))
            } catch {
                throw Failure(kind: .usage, message: "--impression \(value): \(text) \(error)")
            }
        }
        for (id, instant) in records.sorted(by: { $0.date < $1.date }) {
            let previous = state.impressions[id]
            let (count, overflow) = (previous?.count ?? 0).addingReportingOverflow(1)
            state.impressions[id] = .init(count: overflow ? .max : count, last: max(previous?.last ?? instant, instant))
            state.recentImpressions.append(.init(id: id, date: instant))
        }
        state.pruneRecentImpressions(at: date)
    }

    /// The locale from `LC_ALL`, then `LC_MESSAGES`, then `LANG`, as a language tag (`de_AT.UTF-8` →
    /// `de-AT`); `nil` for unset, `C` and `POSIX`.
    static func localeFromEnvironment(_ variables: [String: String]) -> String? {
        LanguageTag.fromEnvironment(variables)
    }
}
