/// The manual page `man/announce.1`, in groff's `man` macros, made from the command descriptions
/// (``CommandSpec``) that `--help` and the completion scripts come from; a test keeps the committed file
/// equal to it.
enum ManPage {
    /// The whole page for `specs`, headed with `version`.
    static func text(specs: [CommandSpec], version: String) -> String {
        var lines = [
            #".\" The manual page of announce; generated from the command descriptions, do not edit."#,
            #".\" Re-record it with ANNOUNCE_RECORD_GOLDEN=1 swift test --filter ManPageTests."#,
            ".TH ANNOUNCE 1 \"\" \"announce \(version)\" \"User Commands\"",
            ".nh",
            ".ad l",
            ".SH NAME",
            #"announce \- check, explain and preview AnnouncementKit feeds"#,
            ".SH SYNOPSIS",
        ]
        for spec in specs {
            lines.append(".B announce \(spec.name)")
            let arguments = synopsis(spec)
            if !arguments.isEmpty { lines.append(escaped(arguments)) }
            lines.append(".br")
        }
        lines += [
            ".B announce",
            #"\-\-version | \-V | version | \-\-help | help [COMMAND]"#,
            ".SH DESCRIPTION",
            "announce is the command-line tool of AnnouncementKit, for the people who write announcement feeds "
                + "and the developers who add the package to an app. It checks a feed and reports each finding "
                + "with its line, column and JSON path, explains which announcement a user would see and why "
                + "the others are not shown, draws banners in the terminal or in an HTML page, fetches a feed "
                + "as the app does, and integrates the package into an app project.",
            ".PP",
            #"Every command takes \-h or \-\-help. Feed text is printed with control characters and bidi "#
                + "controls escaped.",
            ".SH COMMANDS",
        ]
        for spec in specs { lines += section(spec) }
        lines += [
            ".SH EXIT STATUS",
            ".TP", ".B 0", "Fine: no errors (for validate, warnings allowed unless \\-\\-strict).",
            ".TP", ".B 1", "A feed has errors or cannot be used; init refused and wrote nothing.",
            ".TP", ".B 2", "Usage error, or a file that cannot be read or written.",
            ".SH ENVIRONMENT",
            ".TP", ".B NO_COLOR", "When set (to any value), preview draws without colour.",
            ".TP", ".B COLUMNS", "The width preview draws at when \\-\\-width is not given (at most 1000).",
            ".TP", ".B TZ", "The zone of schedules whose time zone is \"local\".",
            ".TP", ".BR LANG \", \" LC_ALL \", \" LC_MESSAGES",
            "The user's language when \\-\\-locale is not given (for targeting, and the words preview draws): "
                + "LC_ALL first, then LC_MESSAGES, then LANG.",
            ".SH FILES",
            ".TP", ".I PREFIX/libexec/announce/",
            "The installed binary with the package's words in each language beside it; PREFIX/bin/announce "
                + "links to it (make install).",
            ".SH SEE ALSO",
            "The feed format: docs/feed-format.md in the AnnouncementKit repository, or the JSON Schema "
                + "that announce schema prints.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func synopsis(_ spec: CommandSpec) -> String {
        var parts = spec.positionalName.isEmpty ? [] : [spec.positionalName]
        for option in spec.options {
            let base = option.valueName.map { "\(option.name) \($0)" } ?? option.name
            parts.append("[\(base)]" + (option.repeatable ? "..." : ""))
        }
        return parts.joined(separator: " ")
    }

    private static func section(_ spec: CommandSpec) -> [String] {
        var lines = [".SS announce \(spec.name)", escaped(spec.summary)]
        for option in spec.options {
            lines.append(".TP")
            var head = "\\fB\(escaped(option.name))\\fR"
            if let valueName = option.valueName { head += " \\fI\(escaped(valueName))\\fR" }
            if option.repeatable { head += " (repeatable)" }
            lines.append(head)
            var help = option.help
            if let allowed = option.allowedValues { help += " (\(allowed.joined(separator: "|")))" }
            lines.append(escaped(help))
        }
        for paragraph in paragraphs(spec.discussion) {
            lines.append(".PP")
            if paragraph.contains(where: isAligned) {
                lines.append(".nf")
                lines += paragraph.map(escaped)
                lines.append(".fi")
            } else {
                lines += paragraph.map(escaped)
            }
        }
        return lines
    }

    /// The discussion's paragraphs (blocks between blank lines), each as its lines.
    private static func paragraphs(_ text: String) -> [[String]] {
        var result: [[String]] = []
        var current: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { result.append(current) }
                current = []
            } else {
                current.append(String(line))
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// Whether a line is laid out in columns (two spaces inside it), and so must not be refilled.
    private static func isAligned(_ line: String) -> Bool {
        line.first == " " || line.drop(while: { $0 == " " }).contains("  ")
    }

    /// `text` as groff prints it literally: backslashes as `\e`, hyphens as `\-` (so they are not turned
    /// into dashes and can be searched for), and a `.` or `'` that would start a request escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            default: result.append(character)
            }
        }
        if let first = result.first, first == "." || first == "'" { result = "\\&" + result }
        return result
    }
}
