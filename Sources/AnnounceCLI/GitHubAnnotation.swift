import AnnouncementKit
import Foundation

/// `validate --format github`: one workflow command per finding, which GitHub Actions shows as an
/// annotation on the file and line. Properties and message are escaped as the runner reads them
/// (`%`, CR and LF always; `:` and `,` in properties), after feed text is escaped for a terminal.
enum GitHubAnnotation {
    static func line(_ diagnostic: Diagnostic, file: String) -> String {
        let command = diagnostic.severity == .error ? "error" : "warning"
        let message = TerminalText.escaped(diagnostic.message) + " (" + TerminalText.escaped(diagnostic.path) + ")"
        return "::\(command) file=\(property(TerminalText.escaped(file))),line=\(diagnostic.line ?? 1),"
            + "col=\(diagnostic.column ?? 1)::\(data(message))\n"
    }

    /// A message escaped as the runner unescapes it.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value escaped as the runner unescapes it.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
