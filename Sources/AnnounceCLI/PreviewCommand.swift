import AnnouncementKit
import Foundation

/// `announce preview FEED`: the banner a user would see, drawn in the terminal, or every
/// announcement of the feed as an HTML page.
enum PreviewCommand {
    static let spec = CommandSpec(
        name: "preview",
        summary: "Draw the banner a user would see in the terminal, or every announcement as an HTML page.",
        positionalName: "FEED",
        minimumPositionals: 1,
        maximumPositionals: 1,
        options: SimulateCommand.contextOptions + [
            OptionSpec("--all", help: "Draw every announcement: the active one, the queue, then the excluded ones."),
            OptionSpec("--html", value: "OUT.html", help: "Write every announcement as a self-contained HTML page."),
            OptionSpec("--width", value: "N", help: "The banner's width in columns (default: COLUMNS, else 80)."),
        ],
        discussion: """
            The context options are those of 'announce simulate'. Colour is used when standard output is a
            terminal and NO_COLOR is not set. Widths are display columns: a wide East Asian character or an
            emoji counts 2. Feed text is drawn with control characters and bidi controls escaped, such as
            \\u001b or \\u202e. With --html, the page shows every announcement in light and dark appearance
            with its selection status, and nothing is drawn in the terminal.

            Exit status: 0 fine (also when nothing is active), 1 the feed cannot be used, 2 usage error,
            unreadable feed or unwritable page.
            """)

    static func run(_ arguments: ParsedArguments, _ environment: Announce.Environment) async -> CommandResult {
        func usage(_ message: String) -> CommandResult {
            CommandResult(
                standardError: "announce preview: \(TerminalText.escaped(message))\n"
                    + "Run 'announce preview --help' for usage.\n",
                status: .usage)
        }
        var width = 80
        if let text = arguments.value("--width") {
            guard let value = Int(text), value >= TerminalBannerRenderer.minimumWidth else {
                return usage(
                    "--width \(text) must be a whole number of columns, at least \(TerminalBannerRenderer.minimumWidth)"
                )
            }
            width = value
        } else if let text = environment.variables["COLUMNS"], let value = Int(text), value > 0 {
            width = max(value, TerminalBannerRenderer.minimumWidth)
        }

        let setup: SimulateCommand.Setup
        switch SimulateCommand.prepare(arguments, environment, command: "preview") {
        case .success(let value): setup = value
        case .failure(let failure): return failure.result
        }
        let selection = AnnouncementSelector.select(
            setup.decoded.announcements, rejected: setup.decoded.rejected, evaluator: setup.evaluator, at: setup.date)
        let items = BannerPreviewItem.items(for: selection, announcements: setup.decoded.announcements)
        var result = CommandResult()
        result.standardError = setup.notes.map { "announce preview: \(TerminalText.escaped($0))\n" }.joined()

        if let output = arguments.value("--html") {
            writePage(items, to: output, setup, environment, into: &result)
            return result
        }

        let colors = environment.isTerminal && environment.variables["NO_COLOR"] == nil
        let renderer = TerminalBannerRenderer(width: width, colors: colors)
        let instant = Timestamp.format(setup.date)
        if !arguments.flag("--all") {
            guard let active = selection.active else {
                result.standardOutput =
                    "No announcement is active at \(instant) for this context; run with --all to see every one.\n"
                return result
            }
            result.standardOutput = wrapped("Active at \(instant): \(label(active))", width)
            result.standardOutput += renderer.render(appearance(active, setup))
            if !selection.queue.isEmpty {
                let count = selection.queue.count
                result.standardOutput +=
                    "\n" + wrapped("\(count) more queued behind it; run with --all to see every one.", width)
            }
            return result
        }
        var output =
            wrapped("\(TerminalText.escaped(setup.name)) at \(instant)", width) + wrapped(setup.contextLine, width)
        if selection.active == nil { output += "\n" + wrapped("No announcement is active.", width) }
        for item in items {
            output += "\n"
            if let announcement = item.announcement {
                output += wrapped("\(heading(item)): \(label(announcement))", width)
                output += reasonLines(item, width)
                output += renderer.render(appearance(announcement, setup))
            } else {
                output += wrapped("\(heading(item)): \(TerminalText.escaped(item.id))", width)
                output += reasonLines(item, width)
            }
        }
        result.standardOutput = output
        return result
    }

    /// Writes the HTML page to `output` and says so on stderr, or why it could not (exit 2).
    private static func writePage(
        _ items: [BannerPreviewItem], to output: String, _ setup: SimulateCommand.Setup,
        _ environment: Announce.Environment, into result: inout CommandResult
    ) {
        let page = HTMLPreviewRenderer(
            title: setup.name, subtitle: "At \(Timestamp.format(setup.date)): " + setup.contextLine,
            locale: setup.locale,
            defaultLocale: setup.decoded.feed.defaultLocale
        ).render(items)
        let url = URL(fileURLWithPath: output, relativeTo: environment.currentDirectory)
        do {
            try Data(page.utf8).write(to: url, options: .atomic)
        } catch {
            let message = "cannot write \(output): \(error.localizedDescription)"
            result.standardError += "announce preview: \(TerminalText.escaped(message))\n"
            result.status = .usage
            return
        }
        result.standardError +=
            "announce preview: wrote \(TerminalText.escaped(output)) "
            + "(\(items.count) announcement\(items.count == 1 ? "" : "s"))\n"
    }

    private static func appearance(_ announcement: Announcement, _ setup: SimulateCommand.Setup) -> BannerAppearance {
        BannerAppearance(
            announcement: announcement, locale: setup.locale, defaultLocale: setup.decoded.feed.defaultLocale)
    }

    private static func label(_ announcement: Announcement) -> String {
        "\(TerminalText.escaped(announcement.id)) (\(announcement.style.rawValue), priority \(announcement.priority))"
    }

    private static func heading(_ item: BannerPreviewItem) -> String {
        switch item.status {
        case .active: "Active"
        case .queued(let position): "Queued \(position)"
        case .excluded: "Excluded"
        }
    }

    /// For an excluded item, its reason and detail (escaped), wrapped and indented by two columns.
    private static func reasonLines(_ item: BannerPreviewItem, _ width: Int) -> String {
        guard case .excluded(let reason, let detail) = item.status else { return "" }
        let text = reason.rawValue + (detail.isEmpty ? "" : ": \(TerminalText.escaped(detail))")
        return TextWrapper.wrap(text, width: width - 2).map { "  " + $0 + "\n" }.joined()
    }

    /// `text` wrapped to `width` columns, each line ending in a newline.
    private static func wrapped(_ text: String, _ width: Int) -> String {
        TextWrapper.wrap(text, width: width).map { $0 + "\n" }.joined()
    }
}
