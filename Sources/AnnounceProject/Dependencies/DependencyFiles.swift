package import Foundation

/// The names a project's dependency files declare, read by their simple line formats: the pods of
/// a `Podfile` and a `Podfile.lock`, the repositories of a `Cartfile`, the pins of a
/// `Package.resolved`. Only names are read; nothing is evaluated.
package enum DependencyFiles {
    /// The pod names of a `Podfile`: each `pod 'Name'` or `pod "Name"` outside a comment.
    package static func podfilePods(_ text: String) -> [String] {
        var pods: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let trimmed = code.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("pod "), let name = firstQuoted(trimmed.dropFirst(4)) else { continue }
            pods.append(name)
        }
        return pods
    }

    /// The pod names of a `Podfile.lock`: the entries of its `PODS:` section, subspecs included
    /// (`Firebase/InAppMessaging`).
    package static func podfileLockPods(_ text: String) -> [String] {
        var pods: [String] = []
        var inPods = false
        for line in text.split(whereSeparator: \.isNewline) {
            if !line.hasPrefix(" ") {
                inPods = line.hasPrefix("PODS:")
                continue
            }
            // Top-level entries are indented by two spaces ("  - Name (1.0)"), their own
            // dependencies by four.
            guard inPods, line.hasPrefix("  - ") else { continue }
            var entry = line.dropFirst(4)
            if entry.first == "\"" { entry = entry.dropFirst() }
            let name = entry.prefix { $0 != " " && $0 != ":" && $0 != "\"" }
            if !name.isEmpty { pods.append(String(name)) }
        }
        return pods
    }

    /// The repositories of a `Cartfile` or `Cartfile.resolved`: `github "Owner/Name"` as
    /// `Owner/Name`, `git "URL"` and `binary "URL"` as the URL.
    package static func cartfileRepositories(_ text: String) -> [String] {
        var repositories: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = code.split(separator: " ", maxSplits: 1)
            guard words.count == 2, ["github", "git", "binary"].contains(words[0]),
                let name = firstQuoted(words[1])
            else { continue }
            repositories.append(name)
        }
        return repositories
    }

    /// The repository URLs (or identities, when a pin has no URL) pinned by a `Package.resolved`
    /// of any format version (1: `object.pins[].repositoryURL`; 2 and 3: `pins[].location`).
    package static func resolvedPins(_ data: Data) -> [String] {
        guard data.count <= 8 << 20, let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [] }
        let pins =
            (object["pins"] as? [[String: Any]]) ?? ((object["object"] as? [String: Any])?["pins"] as? [[String: Any]])
            ?? []
        return pins.compactMap { pin in
            (pin["location"] as? String) ?? (pin["repositoryURL"] as? String) ?? (pin["identity"] as? String)
                ?? (pin["package"] as? String)
        }
    }

    /// The text between the first pair of single or double quotes in `text`.
    private static func firstQuoted(_ text: Substring) -> String? {
        guard let open = text.firstIndex(where: { $0 == "'" || $0 == "\"" }) else { return nil }
        let quote = text[open]
        let rest = text[text.index(after: open)...]
        guard let close = rest.firstIndex(of: quote) else { return nil }
        let name = rest[..<close]
        return name.isEmpty ? nil : String(name)
    }
}
