package import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The projects an Xcode workspace (`*.xcworkspace/contents.xcworkspacedata`, XML) lists.
///
/// A `FileRef`'s `location` is `group:PATH` (relative to the enclosing `Group`s, the outermost
/// relative to the folder that holds the workspace), `container:PATH` (relative to that folder)
/// or `absolute:PATH`; `self:` names the project a workspace lives in.
package enum XcodeWorkspace {
    /// The largest workspace file read: 4 MiB.
    package static let maximumSize = 4 << 20

    /// The `.xcodeproj` paths `data` lists, relative to the workspace's folder, in order; absolute
    /// locations, `self:` and paths that leave the folder are left out.
    package static func projectPaths(_ data: Data) -> [String] {
        guard data.count <= maximumSize else { return [] }
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        _ = parser.parse()
        return reader.projects
    }

    /// The projects the workspace at `path` (an `.xcworkspace` folder) lists, relative to the
    /// folder that holds it.
    package static func projectPaths(workspaceAt path: String) -> [String] {
        let file = path + "/contents.xcworkspacedata"
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file),
            ((attributes[.size] as? NSNumber)?.intValue ?? 0) <= maximumSize,
            let data = FileManager.default.contents(atPath: file)
        else { return [] }
        return projectPaths(data)
    }

    /// A location attribute resolved against `base`, or nil for absolute, `self:` and unknown kinds.
    static func resolve(_ location: String, base: String) -> String? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let kind = location[..<colon]
        let path = String(location[location.index(after: colon)...])
        switch kind {
        case "group": return XcodePath.join(base, path)
        case "container": return XcodePath.normalize(path)
        default: return nil
        }
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var projects: [String] = []
        var groups: [String] = []
        var depth = 0

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            depth += 1
            guard depth < 64 else {
                parser.abortParsing()
                return
            }
            let base = groups.last ?? ""
            let location = attributes["location"].flatMap { Self.resolveIn($0, base: base) }
            switch element {
            case "Group":
                groups.append(location ?? base)
            case "FileRef":
                guard let location, location.hasSuffix(".xcodeproj"), !location.hasPrefix("/"),
                    !location.hasPrefix(".."), projects.count < 1_000, !projects.contains(location)
                else { return }
                projects.append(location)
            default:
                break
            }
        }

        func parser(
            _ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?
        ) {
            depth -= 1
            if element == "Group", !groups.isEmpty { groups.removeLast() }
        }

        static func resolveIn(_ location: String, base: String) -> String? {
            XcodeWorkspace.resolve(location, base: base)
        }
    }
}
