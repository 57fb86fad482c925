import AnnouncementTestSupport
import Foundation

@testable import AnnouncementKit

/// The peer-suite and generated fixtures under `Tests/Fixtures/peer-suites`, read as JSON values.
enum PeerSuite {
    static let folder = "Tests/Fixtures/peer-suites/"

    /// The file at `path` (relative to the fixtures folder), parsed.
    static func json(_ path: String) throws -> JSONValue {
        let bytes = [UInt8](try Fixtures.data(folder + path))
        return try bytes.withUnsafeBufferPointer { try JSONParser.parse($0) }.value
    }

    /// The elements of the array in the file at `path`, or none when it cannot be read; for
    /// `arguments:` lists, which cannot throw. Every suite also checks its case count, so a missing
    /// file fails a test rather than passing silently.
    static func elements(_ path: String) -> [JSONValue] {
        guard case .array(let items)? = try? json(path) else { return [] }
        return items
    }

    /// The JSON files of a fixture folder, with their parsed contents.
    static func files(in path: String) -> [(name: String, value: JSONValue)] {
        let urls = (try? Fixtures.files(in: folder + path)) ?? []
        return urls.compactMap { url in
            (try? json(path + "/" + url.lastPathComponent)).map { (url.lastPathComponent, $0) }
        }
    }
}

extension JSONValue {
    /// The member `key` of an object, `nil` otherwise.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The string, `nil` for other values.
    var stringValue: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// The number, `nil` for other values.
    var numberValue: Double? {
        guard case .number(let number) = self else { return nil }
        return number
    }

    /// The elements, `nil` for other values.
    var arrayValue: [JSONValue]? {
        guard case .array(let items) = self else { return nil }
        return items
    }
}
