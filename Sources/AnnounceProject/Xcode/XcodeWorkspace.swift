package import Foundation

/// The projects an Xcode workspace (`*.xcworkspace/contents.xcworkspacedata`, XML) lists.
///
/// A `FileRef`'s `location` is `group:PATH` (relative to the enclosing `Group`s, the outermost
/// relative to the folder that holds the workspace), `container:PATH` (relative to that folder)
/// or `absolute:PATH`; `self:` names the project a workspace lives in.
///
/// The file is read by a small scanner of its tags and attributes rather than an XML library: the
/// workspace is someone else's file, and FoundationXML's parser on Linux traps on an element name
/// that is not UTF-8 (found by `Sources/FuzzProjectFiles`). Comments, processing instructions and
/// declarations are skipped; attribute values take either quote and the five named entities and
/// numeric character references.
package enum XcodeWorkspace {
    /// The largest workspace file read: 4 MiB.
    package static let maximumSize = 4 << 20
    /// The deepest nesting of `Group`s followed.
    package static let maximumDepth = 64
    /// The most projects listed.
    package static let maximumProjects = 1_000

    /// The `.xcodeproj` paths `data` lists, relative to the workspace's folder, in order; absolute
    /// locations, `self:` and paths that leave the folder are left out.
    package static func projectPaths(_ data: Data) -> [String] {
        guard data.count <= maximumSize else { return [] }
        var scanner = TagScanner(bytes: [UInt8](data))
        var groups: [String] = []
        var projects: [String] = []
        while projects.count < maximumProjects, let tag = scanner.next() {
            let base = groups.last ?? ""
            if tag.closing {
                if tag.name == "Group", !groups.isEmpty { groups.removeLast() }
                continue
            }
            let location = tag.attributes["location"].flatMap { resolve($0, base: base) }
            switch tag.name {
            case "Group" where !tag.selfClosing:
                guard groups.count < maximumDepth else { return projects }
                groups.append(location ?? base)
            case "FileRef":
                guard let location, location.hasSuffix(".xcodeproj"), !location.hasPrefix("/"),
                    !location.hasPrefix(".."), !projects.contains(location)
                else { continue }
                projects.append(location)
            default:
                continue
            }
        }
        return projects
    }

    /// The projects the workspace at `path` (an `.xcworkspace` folder) lists, relative to the
    /// folder that holds it.
    package static func projectPaths(workspaceAt path: String) -> [String] {
        let file = path + "/contents.xcworkspacedata"
        guard let data = BoundedFile.contents(file, limit: maximumSize) else { return [] }
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
}

/// The tags of an XML text, one at a time, in linear time.
struct TagScanner {
    struct Tag {
        var name: String
        var closing: Bool
        var selfClosing: Bool
        var attributes: [String: String]
    }

    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The next element tag, or nil at the end; comments, `<?…?>` and `<!…>` are skipped.
    mutating func next() -> Tag? {
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if starts(with: "<!--") {
                skip(past: "-->")
                continue
            }
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "?") || bytes[index + 1] == UInt8(ascii: "!") {
                skip(past: ">")
                continue
            }
            index += 1
            let closing = index < bytes.count && bytes[index] == UInt8(ascii: "/")
            if closing { index += 1 }
            let name = readName()
            var tag = Tag(name: name, closing: closing, selfClosing: false, attributes: [:])
            // A tag the file ends inside of is not a tag.
            if readAttributes(into: &tag), !name.isEmpty { return tag }
        }
        return nil
    }

    private func starts(with text: String) -> Bool {
        let prefix = Array(text.utf8)
        return index + prefix.count <= bytes.count && Array(bytes[index..<index + prefix.count]) == prefix
    }

    private mutating func skip(past text: String) {
        let end = Array(text.utf8)
        while index < bytes.count {
            if starts(with: text) {
                index += end.count
                return
            }
            index += 1
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
            || byte == UInt8(ascii: ".")
    }

    private mutating func readName() -> String {
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// The attributes up to the tag's `>` (or `/>`), which it steps past; false when the text ends first.
    private mutating func readAttributes(into tag: inout Tag) -> Bool {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") {
                index += 1
                return true
            }
            if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") {
                tag.selfClosing = true
                index += 2
                return true
            }
            guard Self.isNameByte(byte) else {
                index += 1
                continue
            }
            let name = readName()
            while index < bytes.count,
                bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A
                    || bytes[index] == 0x0D
            {
                index += 1
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
            index += 1
            while index < bytes.count,
                bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A
                    || bytes[index] == 0x0D
            {
                index += 1
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
            else { continue }
            let quote = bytes[index]
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote { index += 1 }
            let value = Self.decodeEntities(String(decoding: bytes[start..<index], as: UTF8.self))
            if index < bytes.count { index += 1 }
            if tag.attributes[name] == nil { tag.attributes[name] = value }
        }
        return false
    }

    /// `text` with `&amp;`, `&quot;`, `&apos;`, `&lt;`, `&gt;` and `&#N;`/`&#xN;` replaced; anything
    /// else after `&` is kept as written.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            guard let semicolon = after.prefix(10).firstIndex(of: ";") else {
                result += "&"
                rest = after
                continue
            }
            let entity = after[..<semicolon]
            let named = ["amp": "&", "quot": "\"", "apos": "'", "lt": "<", "gt": ">"]
            if let replacement = named[String(entity)] {
                result += replacement
            } else if entity.hasPrefix("#"), let scalar = Self.scalar(entity.dropFirst()) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "&" + entity + ";"
            }
            rest = after[after.index(after: semicolon)...]
        }
        return result + rest
    }

    private static func scalar(_ reference: Substring) -> Unicode.Scalar? {
        let value =
            reference.hasPrefix("x") || reference.hasPrefix("X")
            ? UInt32(reference.dropFirst(), radix: 16) : UInt32(reference, radix: 10)
        return value.flatMap(Unicode.Scalar.init)
    }
}
