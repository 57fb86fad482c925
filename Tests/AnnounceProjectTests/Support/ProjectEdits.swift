@testable import AnnounceProject

/// The edits `announce init` makes, as the project suites apply them.
enum ProjectEdits {
    static let packageURL = "https://github.com/announcementkit/AnnouncementKit"
    static let products = ["AnnouncementKit", "AnnouncementKitUI"]

    /// The remote package and both products on `target`.
    static func integrateRemote(_ editor: inout XcodeProjectEditor, target: String) throws {
        let package = try editor.addRemotePackage(repositoryURL: packageURL, minimumVersion: "0.3.0")
        try editor.addProducts(products, of: package, to: target)
    }

    /// The local package at `path` and both products on `target`.
    static func integrateLocal(_ editor: inout XcodeProjectEditor, path: String, target: String) throws {
        let package = try editor.addLocalPackage(relativePath: path)
        try editor.addProducts(products, of: package, to: target)
    }

    /// The names of the `/* Begin X section */` markers, in order.
    static func sectionNames(_ editor: XcodeProjectEditor) -> [String] {
        editor.project.document.comments.compactMap { comment in
            let words = comment.text.split(separator: " ")
            return words.count == 3 && words[0] == "Begin" && words[2] == "section" ? String(words[1]) : nil
        }
    }

    /// The object ids in the order their section lists them, per section.
    static func idsBySection(_ editor: XcodeProjectEditor) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for entry in editor.project.objectsNode.entries ?? [] {
            result[editor.project.isa(of: entry.key) ?? "", default: []].append(entry.key)
        }
        return result
    }

    /// Every 24-hex-digit word of the text that no object defines (a dangling reference).
    static func undefinedReferences(_ editor: XcodeProjectEditor) -> [String] {
        let text = editor.text
        var words: Set<String> = []
        var word = ""
        for character in text + " " {
            if character.isHexDigit && !character.isLowercase {
                word.append(character)
            } else {
                if word.count == 24 { words.insert(word) }
                word = ""
            }
        }
        return words.filter { editor.project.objectEntries[$0] == nil }.sorted()
    }
}
