// Reading and editing app projects, for `announce init`: Xcode project files (`Xcode/`), Swift
// sources (`SwiftSource/`), SwiftPM manifests, property lists and dependency-manager files. Plain
// values and pure functions over text and bytes; the command that decides and writes is in
// AnnounceCLI. Nothing here depends on AnnouncementKit.

/// Where a finding is in a project: a path relative to the project root and a 1-based line.
package struct SourceLocation: Hashable, Sendable, Codable {
    /// The file, relative to the project root, with `/` separators.
    package var file: String
    /// The 1-based line.
    package var line: Int

    /// A location in `file` at `line`.
    package init(file: String, line: Int) {
        self.file = file
        self.line = line
    }
}
