import AnnouncementKit
import Testing

extension Rules {
    /// node-semver's comparison and valid-version fixtures against ``SemanticVersion``.
    @Suite("SemVer peer suite (node-semver)")
    struct SemVerPeerTests {
        struct Comparison: Sendable, CustomStringConvertible {
            let greater: String
            let lesser: String
            var description: String { "\(greater) > \(lesser)" }
        }

        struct ValidVersion: Sendable, CustomStringConvertible {
            let text: String
            let major: UInt64
            let minor: UInt64
            let patch: UInt64
            let prerelease: [SemanticVersion.Identifier]
            let build: [String]
            var description: String { text }
        }

        static let comparisons: [Comparison] = PeerSuite.elements("node-semver/test/fixtures/comparisons.json")
            .compactMap {
                guard let pair = $0.arrayValue, pair.count >= 2, let greater = pair[0].stringValue,
                    let lesser = pair[1].stringValue
                else { return nil }
                return Comparison(greater: greater, lesser: lesser)
            }

        static let validVersions: [ValidVersion] = PeerSuite.elements("node-semver/test/fixtures/valid-versions.json")
            .compactMap {
                guard let row = $0.arrayValue, row.count == 6, let text = row[0].stringValue,
                    let major = row[1].numberValue, let minor = row[2].numberValue, let patch = row[3].numberValue,
                    let prerelease = row[4].arrayValue, let build = row[5].arrayValue
                else { return nil }
                let identifiers: [SemanticVersion.Identifier] = prerelease.compactMap {
                    switch $0 {
                    case .number(let number): .numeric(UInt64(number))
                    case .string(let text): .alphanumeric(text)
                    default: nil
                    }
                }
                return ValidVersion(
                    text: text, major: UInt64(major), minor: UInt64(minor), patch: UInt64(patch),
                    prerelease: identifiers,
                    build: build.compactMap(\.stringValue))
            }

        @Test("the fixtures hold 31 comparisons and 22 valid versions")
        func counts() {
            #expect(Self.comparisons.count == 31)
            #expect(Self.validVersions.count == 22)
        }

        @Test("greater > lesser and lesser < greater", arguments: comparisons)
        func comparison(_ pair: Comparison) throws {
            let greater = try #require(SemanticVersion(pair.greater))
            let lesser = try #require(SemanticVersion(pair.lesser))
            #expect(greater > lesser)
            #expect(lesser < greater)
            #expect(greater != lesser)
        }

        @Test("the same comparisons through sem_ver", arguments: comparisons)
        func semVerOperator(_ pair: Comparison) throws {
            let data: JSONValue = ["greater": .string(pair.greater), "lesser": .string(pair.lesser)]
            for (op, expected) in [(">", true), (">=", true), ("!=", true), ("<", false), ("<=", false), ("=", false)] {
                let rule = try TargetingRule(["sem_ver": [["var": "greater"], .string(op), ["var": "lesser"]]])
                #expect(rule.isSatisfied(by: data) == expected, "\(pair.greater) \(op) \(pair.lesser)")
            }
        }

        @Test("valid versions parse to their parts", arguments: validVersions)
        func valid(_ expected: ValidVersion) throws {
            let version = try #require(SemanticVersion(expected.text))
            #expect(version.major == expected.major)
            #expect(version.minor == expected.minor)
            #expect(version.patch == expected.patch)
            #expect(version.prerelease == expected.prerelease)
            #expect(version.build == expected.build)
        }
    }
}
