import AnnouncementKit
import AnnouncementKitPreview
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
        options: SimulationSetup.options + [
            OptionSpec("--all", help: "Draw every announcement: the active one, the queue, then the excluded ones."),
            OptionSpec("--html", value: "OUT.html", help: "Write every announcement as a self-contained HTML page."),
            OptionSpec("--width", value: "N", help: "The banner's width in columns (default: COLUMNS, else 80)."),
            OptionSpec(
                "--position", value: "POSITION", allowed: AnnouncementBannerPosition.allCases.map(\.rawValue),
                help: "Where the page's screens show banners, as the app places them (default: top)."),
            OptionSpec(
                "--cache-dir", value: "DIR",
                help: "Read images from this provider cache (as 'announce fetch --cache-dir' leaves it)."),
        ],
        discussion: """
            The context options are those of 'announce simulate'. Colour is used when standard output is a
            terminal and NO_COLOR is not set. Widths are display columns: a wide East Asian character or an
            emoji counts 2; --width is 20 to 1000, and COLUMNS beyond 1000 draws 1000 wide. Feed text is drawn
            with control characters, bidi controls and invisible characters (zero-width, BOM, tag
            characters) escaped, such as \\u001b, \\u202e, \\u200b or \\u{e0041}; the page marks the same
            escapes. A message is cut at 40 rows, saying how many lines were left out; --all writes each
            banner as it is drawn and draws at most 8 MiB of banners, listing the rest. With --html, the page shows every announcement in light and dark appearance
            in a phone-sized screen, with its status in plain words and the reason code beside it, and nothing
            is drawn in the terminal. Each announcement is drawn in its format (banner, modal, sheet); the
            page shows banners at --position. An image shows as [image: ALT] in the terminal; the page embeds
            it as a data: URI when --cache-dir holds it, and otherwise shows its alt text. Nothing is ever
            loaded from the network.

            Exit status: 0 fine (also when nothing is active), 1 the feed cannot be used, 2 usage error,
            unreadable feed or unwritable page.
            """)

    /// The most bytes of drawn banners `--all` writes; past it, the remaining items are listed by their
    /// heading and reason only, and a last line says how many were not drawn.
    static let maximumDrawnBytes = 8 * 1_048_576

    static func run(_ arguments: ParsedArguments, _ environment: Announce.Environment) async -> CommandResult {
        let width: Int
        var setup: SimulationSetup
        let images: AnnouncementImageCache?
        var widthNotes: [String] = []
        do {
            width = try self.width(arguments, environment, notes: &widthNotes)
            setup = try SimulationSetup(arguments, environment: environment)
            images = try imageCache(arguments, environment)
        } catch {
            return error.result(command: "preview")
        }
        setup.notes = widthNotes + setup.notes
        let selection = AnnouncementSelector.select(
            setup.decoded.announcements, rejected: setup.decoded.rejected, evaluator: setup.evaluator, at: setup.date)
        let items = BannerPreviewItem.items(for: selection, announcements: setup.decoded.announcements)
        var result = CommandResult()
        result.standardError = setup.notes.map { "announce preview: \(TerminalText.escaped($0))\n" }.joined()

        if let output = arguments.value("--html") {
            let position = arguments.value("--position").flatMap(AnnouncementBannerPosition.init(rawValue:)) ?? .top
            writePage(items, to: output, setup, environment, images: images, position: position, into: &result)
            return result
        }

        let colors = environment.isTerminal && environment.variables["NO_COLOR"] == nil
        let renderer = TerminalBannerRenderer(width: width, colors: colors)
        var output = StandardOutput(environment)
        if arguments.flag("--all") {
            everyBanner(items, selection, setup, renderer, width, to: &output)
        } else {
            output.write(activeBanner(selection, setup, renderer, width))
        }
        result.standardOutput = output.collected
        return result
    }

    /// The active banner and how many are queued behind it, or that none is active.
    private static func activeBanner(
        _ selection: AnnouncementSelection, _ setup: SimulationSetup, _ renderer: TerminalBannerRenderer,
        _ width: Int
    ) -> String {
        let instant = Timestamp.format(setup.date)
        guard let active = selection.active else {
            return "No announcement is active at \(instant) for this context; run with --all to see every one.\n"
        }
        var output = wrapped("Active at \(instant): \(label(active))", width)
        output += renderer.render(appearance(active, setup))
        if !selection.queue.isEmpty {
            let count = selection.queue.count
            output += "\n" + wrapped("\(count) more queued behind it; run with --all to see every one.", width)
        }
        return output
    }

    /// The feed and the context, then every item: the active one, the queue, then the excluded ones
    /// with their reasons; each item written as soon as it is drawn. Once ``maximumDrawnBytes`` are
    /// written, the items left are listed without their banner, and a last line says how many.
    private static func everyBanner(
        _ items: [BannerPreviewItem], _ selection: AnnouncementSelection, _ setup: SimulationSetup,
        _ renderer: TerminalBannerRenderer, _ width: Int, to output: inout StandardOutput
    ) {
        var header =
            wrapped("\(TerminalText.escaped(setup.name)) at \(Timestamp.format(setup.date))", width)
            + wrapped(setup.contextLine, width)
        if selection.active == nil { header += "\n" + wrapped("No announcement is active.", width) }
        output.write(header)
        var undrawn = 0
        for item in items {
            var card = "\n"
            if let announcement = item.announcement {
                card += wrapped("\(heading(item)): \(label(announcement))", width)
                card += reasonLines(item, width)
                if output.byteCount < maximumDrawnBytes {
                    card += renderer.render(appearance(announcement, setup))
                } else {
                    undrawn += 1
                }
            } else {
                card += wrapped("\(heading(item)): \(TerminalText.escaped(item.id))", width)
                card += reasonLines(item, width)
            }
            output.write(card)
        }
        guard undrawn > 0 else { return }
        output.write(
            "\n"
                + wrapped(
                    "\(undrawn) announcement\(undrawn == 1 ? " is" : "s are") listed without a banner: 'preview --all' "
                        + "draws at most \(maximumDrawnBytes / 1_048_576) MiB of banners; --html OUT.html draws "
                        + "every one", width))
    }

    /// The widths `--width` takes, in columns.
    static let widths = TerminalBannerRenderer.minimumWidth...TerminalBannerRenderer.maximumWidth

    /// `--width` (in ``widths``, else a usage error), else `COLUMNS` moved into ``widths`` (a note says so
    /// when it was wider), else 80. A `COLUMNS` that is not a positive whole number is ignored, as the
    /// shell's own variable may be anything.
    private static func width(_ arguments: ParsedArguments, _ environment: Announce.Environment, notes: inout [String])
        throws(SimulationSetup.Failure) -> Int
    {
        if let text = arguments.value("--width") {
            return try NumberArgument.whole(text, option: "--width", unit: "columns", in: widths)
        }
        // Digits too many for an Int are a width past the bound too.
        guard let text = environment.variables["COLUMNS"],
            let value = Int(text)
                ?? (!text.isEmpty && text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber) ? Int.max : nil),
            value > 0
        else { return 80 }
        if value > widths.upperBound {
            notes.append("COLUMNS \(text) is wider than \(widths.upperBound) columns; drawn \(widths.upperBound) wide")
        }
        return min(max(value, widths.lowerBound), widths.upperBound)
    }

    /// The image cache of `--cache-dir`; `nil` without the option. A path that is not a directory is a
    /// usage error.
    private static func imageCache(_ arguments: ParsedArguments, _ environment: Announce.Environment)
        throws(SimulationSetup.Failure) -> AnnouncementImageCache?
    {
        guard let path = arguments.value("--cache-dir") else { return nil }
        let url = URL(fileURLWithPath: path, relativeTo: environment.currentDirectory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SimulationSetup.Failure(
                kind: .usage,
                message: "--cache-dir \(path) is not a directory; give the cache directory of 'announce fetch'")
        }
        return AnnouncementImageCache(directory: url)
    }

    /// Writes the HTML page to `output` and says so on stderr, or why it could not (exit 2). Images come
    /// from `images` when it holds them, checked again by their first bytes; banners are drawn at
    /// `position` (`--position`).
    private static func writePage(
        _ items: [BannerPreviewItem], to output: String, _ setup: SimulationSetup,
        _ environment: Announce.Environment, images: AnnouncementImageCache?, position: AnnouncementBannerPosition,
        into result: inout CommandResult
    ) {
        let renderer = HTMLPreviewRenderer(
            title: setup.name, subtitle: "At \(Timestamp.format(setup.date)): " + setup.contextLine,
            locale: setup.locale, defaultLocale: setup.decoded.feed.defaultLocale,
            position: position)
        var embedded = images.map(PreviewImages.init(cache:))
        let page = renderer.render(items) { url in embedded?.image(for: url) }
        let url = URL(fileURLWithPath: output, relativeTo: environment.currentDirectory)
        do {
            try Data(page.utf8).write(to: url, options: .atomic)
        } catch {
            let message = "cannot write \(output): \(error.localizedDescription)"
            result.standardError += "announce preview: \(TerminalText.escaped(message))\n"
            result.status = .usage
            return
        }
        if let leftOut = embedded?.leftOut, leftOut > 0 {
            result.standardError +=
                "announce preview: \(leftOut) cached image\(leftOut == 1 ? "" : "s") left out (alt text shown): a page "
                + "embeds at most \(PreviewImages.maximumTotalBytes / 1_048_576) MiB of images from at most "
                + "\(PreviewImages.maximumLookups) URLs\n"
        }
        if let note = images?.directoryReport.flatMap(PreviewImages.directoryNote) {
            result.standardError += "announce preview: \(note)\n"
        }
        result.standardError +=
            "announce preview: wrote \(TerminalText.escaped(output)) "
            + "(\(items.count) announcement\(items.count == 1 ? "" : "s"))\n"
    }

    private static func appearance(_ announcement: Announcement, _ setup: SimulationSetup) -> BannerAppearance {
        BannerAppearance(
            announcement: announcement, locale: setup.locale, defaultLocale: setup.decoded.feed.defaultLocale)
    }

    /// The id, the format when it is not a banner, the style, the priority and the variant shown.
    private static func label(_ announcement: Announcement) -> String {
        let format = announcement.format == .banner ? "" : "\(announcement.format.rawValue), "
        let variant = announcement.variantID.map { " [variant \(TerminalText.escaped($0))]" } ?? ""
        return "\(TerminalText.escaped(announcement.id)) (\(format)\(announcement.style.rawValue), priority "
            + "\(announcement.priority))\(variant)"
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
