import AnnouncementKit
import Foundation

/// `announce validate FEED...`: checks feeds and prints one line per finding.
enum ValidateCommand {
    static let spec = CommandSpec(
        name: "validate",
        summary: "Check feeds and report every error and warning with its line, column and JSON path.",
        positionalName: "FEED...",
        minimumPositionals: 1,
        maximumPositionals: nil,
        options: [
            OptionSpec(
                "--allow-scheme", value: "SCHEME", repeatable: true,
                help: "A deep-link scheme the app handles; without it any non-web scheme passes."),
            OptionSpec("--allow-http", help: "Accept plain http in url actions, for apps that opt in."),
            OptionSpec(
                "--format", value: "FORMAT", allowed: ["text", "json", "github"],
                help: "Output format: text, json, or github (workflow annotations)."),
            OptionSpec("--strict", help: "Fail (exit 1) on warnings too, as on errors."),
        ],
        discussion: """
            Each finding is printed as FILE:LINE:COL: error|warning: MESSAGE (JSON_PATH); under a
            JSON syntax error, the feed's line with a ^ under the column and the likely cause.
            --format github prints ::error file=F,line=L,col=C::MESSAGE (or ::warning) per finding,
            which GitHub Actions shows on the pull request.
            An error drops the announcement it is about (the others are kept); a whole-feed error
            (not UTF-8, not JSON, wrong shape, unsupported schemaVersion) rejects the file.
            Use - as FEED to read standard input. A summary per file goes to standard error.
            Feed text in messages (and file names) is printed with control characters and bidi
            controls escaped as a JSON string writes them, such as \\u001b or \\u202e; --format json
            escapes them the same way, DEL, C1 and bidi controls included.

            Exit status: 0 no errors (warnings allowed, unless --strict), 1 some feed has errors (or,
            with --strict, warnings), 2 usage error or unreadable file.
            """)

    private struct FileReport: Encodable {
        let file: String
        let errors: [Diagnostic]
        let warnings: [Diagnostic]
    }

    private struct Report: Encodable {
        let files: [FileReport]
    }

    static func run(_ arguments: ParsedArguments, _ environment: Announce.Environment) async -> CommandResult {
        let schemes = arguments.allValues("--allow-scheme")
        let decoder = FeedDecoder(
            policy: ActionPolicy(
                allowsHTTP: arguments.flag("--allow-http"),
                allowedDeepLinkSchemes: schemes.isEmpty ? nil : Set(schemes)))
        let format = arguments.value("--format") ?? "text"
        let json = format == "json"
        let strict = arguments.flag("--strict")
        var result = CommandResult()
        var reports: [FileReport] = []
        for path in arguments.positionals {
            let name = FeedFile.displayName(path)
            let shownName = TerminalText.escaped(name)
            let contents: FeedFile.Contents
            switch FeedFile.read(path, environment: environment) {
            case .success(let read): contents = read
            case .failure(let error):
                result.standardError += "announce validate: \(TerminalText.escaped(error.message))\n"
                result.status = .usage
                continue
            }
            let diagnostics: [Diagnostic]
            var syntaxError = false
            do {
                let decoded = try contents.decode(with: decoder)
                diagnostics = decoded.diagnostics
                let total = decoded.announcements.count + decoded.rejected.count
                result.standardError +=
                    "\(shownName): \(decoded.announcements.count) of \(total) announcements usable; "
                    + "\(count(decoded.errors.count, "error")), \(count(decoded.warnings.count, "warning"))\n"
            } catch {
                diagnostics = [error.diagnostic]
                syntaxError = error.kind == .invalidJSON
                result.standardError += "\(shownName): rejected as a whole (\(error.kind.summary))\n"
            }
            let errors = diagnostics.filter { $0.severity == .error }
            let failing = strict ? diagnostics : errors
            if !failing.isEmpty, result.status == .success { result.status = .failure }
            switch format {
            case "json":
                reports.append(
                    FileReport(file: name, errors: errors, warnings: diagnostics.filter { $0.severity == .warning }))
            case "github":
                for diagnostic in diagnostics {
                    result.standardOutput += GitHubAnnotation.line(diagnostic, file: name)
                }
            default:
                for diagnostic in diagnostics {
                    result.standardOutput +=
                        "\(shownName):\(diagnostic.line ?? 1):\(diagnostic.column ?? 1): \(diagnostic.severity.rawValue): "
                        + "\(TerminalText.escaped(diagnostic.message)) (\(TerminalText.escaped(diagnostic.path)))\n"
                    if syntaxError, case .bytes(let data) = contents, let line = diagnostic.line {
                        for shown in SyntaxExcerpt.lines(data, line: line, column: diagnostic.column ?? 1) {
                            result.standardOutput += shown + "\n"
                        }
                    }
                }
            }
        }
        if json {
            result.standardOutput = JSONOutput.encode(Report(files: reports))
        }
        return result
    }

    private static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }
}

extension FeedDecodingError.Kind {
    /// A few words for the summary line.
    var summary: String {
        switch self {
        case .empty: "empty"
        case .invalidUTF8: "not UTF-8"
        case .invalidJSON: "not JSON"
        case .invalidShape: "not shaped like a feed"
        case .unsupportedSchemaVersion: "unsupported schemaVersion"
        case .tooLarge: "too large"
        }
    }
}
