package import Foundation

/// What `announce init` reads from an app's property lists: the URL schemes of an `Info.plist`
/// and the universal-link domains of an entitlements file. Both are XML (or binary) property
/// lists, read with Foundation's `PropertyListSerialization`; files past ``maximumBytes`` and
/// files that are not property lists are reported, never trusted.
package enum PropertyListFacts {
    /// The largest property list read: an `Info.plist` is a few kilobytes.
    package static let maximumBytes = 4 << 20

    /// Why a property list could not be read.
    package struct ReadError: Error, Equatable, CustomStringConvertible {
        package var description: String
    }

    /// The top-level dictionary of the property list in `data`.
    package static func dictionary(_ data: Data, name: String) throws(ReadError) -> [String: Any] {
        guard data.count <= maximumBytes else {
            throw ReadError(description: "\(name) is larger than \(maximumBytes) bytes")
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw ReadError(description: "\(name) is not a property list")
        }
        guard let dictionary = object as? [String: Any] else {
            throw ReadError(description: "\(name) does not hold a dictionary at its top")
        }
        return dictionary
    }

    /// The URL schemes an `Info.plist` declares (`CFBundleURLTypes` → `CFBundleURLSchemes`), in
    /// order, without repeats; a `$(VAR)` is left as written for the caller to expand.
    package static func urlSchemes(infoPlist: [String: Any]) -> [String] {
        var schemes: [String] = []
        for type in infoPlist["CFBundleURLTypes"] as? [[String: Any]] ?? [] {
            for scheme in type["CFBundleURLSchemes"] as? [String] ?? [] where !schemes.contains(scheme) {
                schemes.append(scheme)
            }
        }
        return schemes
    }

    /// The `applinks:` domains of an entitlements file (`com.apple.developer.associated-domains`).
    package static func universalLinkDomains(entitlements: [String: Any]) -> [String] {
        let domains = entitlements["com.apple.developer.associated-domains"] as? [String] ?? []
        return domains.filter { $0.hasPrefix("applinks:") }.map { String($0.dropFirst("applinks:".count)) }
    }

    /// `text` with each `$(NAME)` and `${NAME}` replaced by `settings[NAME]` (with `:rfc1034identifier`
    /// and other modifiers dropped); `nil` when a name has no value.
    package static func expand(_ text: String, settings: [String: String]) -> String? {
        var result = ""
        var rest = Substring(text)
        var depth = 0
        while let start = rest.range(of: "$(") ?? rest.range(of: "${") {
            depth += 1
            guard depth <= 16 else { return nil }
            result += rest[..<start.lowerBound]
            let close: Character = rest[start].hasSuffix("(") ? ")" : "}"
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: close) else { return nil }
            let name = after[..<end].split(separator: ":").first.map(String.init) ?? ""
            guard let value = settings[name] else { return nil }
            result += value
            rest = after[after.index(after: end)...]
        }
        return result + rest
    }
}
