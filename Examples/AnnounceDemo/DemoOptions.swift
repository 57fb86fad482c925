import AnnouncementKit
import AnnouncementKitPreview
package import Foundation

/// The command line of `announce-demo`: a feed file and the options that set up the demo.
package struct DemoOptions: Equatable, Sendable {
    /// What the command line asks for.
    package enum Request: Equatable, Sendable {
        /// Run the demo.
        case run(DemoOptions)
        /// Print the help and exit.
        case help
    }

    /// A command line that cannot be used; exit status 2.
    package struct UsageError: Error, Equatable {
        /// What is wrong, in one line.
        package var message: String
    }

    /// The feed file, as named on the command line.
    package var feedPath: String
    /// Where the demo clock starts; the real time when `nil`.
    package var now: Date?
    /// The reader's language tag.
    package var locale: String = "en"
    /// The banner's width in columns; the terminal's when `nil`.
    package var width: Int?

    /// The help text.
    package static let help = """
        usage: announce-demo FEED [--now ISO8601] [--locale TAG] [--width N]

        Runs an AnnouncementManager over FEED (a feed file, such as Examples/feed.json) on a demo
        clock and draws the active banner. The banner changes by itself when the clock passes a
        schedule boundary, as in an app.

        Keys: d dismiss, a act (shows the route the app would open), n or → move the clock to the
        manager's next change (one hour on when none is coming), + one hour on, q quit. When standard
        input is not a terminal, each line names a key (d, a, n, +, q); the demo ends at its end.

        Options:
          --now ISO8601   where the demo clock starts, such as 2026-12-03T12:00:00Z (default: now)
          --locale TAG    the reader's language, such as de-AT (default: en)
          --width N       the banner's width in columns, at least 20 (default: the terminal's, else 80)
          --help          show this help

        The user is an iOS user of app version 3.4.1 on OS 17.5; dismissals and impressions are kept in
        memory for the run. Exit status: 0 fine, 1 the feed cannot be used, 2 usage error or unreadable
        feed.
        """

    /// What `arguments` (without the program name) ask for; `--name value` and `--name=value` both work.
    package static func parse(_ arguments: [String]) throws(UsageError) -> Request {
        var feedPath: String?
        var values: [String: String] = [:]
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--help" || argument == "-h" { return .help }
            guard argument.hasPrefix("--") else {
                guard feedPath == nil else { throw UsageError(message: "unexpected argument '\(argument)'") }
                feedPath = argument
                continue
            }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard ["--now", "--locale", "--width"].contains(name) else {
                throw UsageError(message: "unknown option '\(name)'; see --help")
            }
            guard let given = value ?? remaining.popFirst() else {
                throw UsageError(message: "\(name) needs a value")
            }
            values[name] = given
        }
        guard let feedPath else { throw UsageError(message: "name a feed file, such as Examples/feed.json") }
        return .run(try DemoOptions(feedPath: feedPath, values: values))
    }

    private init(feedPath: String, values: [String: String]) throws(UsageError) {
        self.feedPath = feedPath
        if let text = values["--now"] {
            do {
                now = try Timestamp.parse(text)
            } catch {
                throw UsageError(message: "--now \(text) is not an ISO 8601 instant such as 2026-12-03T12:00:00Z")
            }
        }
        if let text = values["--locale"] {
            guard !text.isEmpty else { throw UsageError(message: "--locale needs a language tag such as de-AT") }
            locale = text
        }
        if let text = values["--width"] {
            let widths = TerminalBannerRenderer.minimumWidth...TerminalBannerRenderer.maximumWidth
            guard let value = Int(text), widths.contains(value) else {
                throw UsageError(
                    message: "--width must be a whole number of columns from \(widths.lowerBound) to "
                        + "\(widths.upperBound); got '\(TerminalText.escaped(text))'")
            }
            width = value
        }
    }

    /// Options for `feedPath` with every default.
    package init(feedPath: String, now: Date? = nil, locale: String = "en", width: Int? = nil) {
        self.feedPath = feedPath
        self.now = now
        self.locale = locale
        self.width = width
    }
}
