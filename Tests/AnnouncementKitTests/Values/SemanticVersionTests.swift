import AnnouncementKit
import Testing

@Suite("Semantic versions")
struct SemanticVersionTests {
    @Test(
        "lenient forms read as full versions",
        arguments: [
            ("2.5", "2.5.0"), ("v2.5.1", "2.5.1"), ("V3", "3.0.0"), ("1.0.0-beta.2+exp.sha", "1.0.0-beta.2+exp.sha"),
            ("17", "17.0.0"), ("0.0.0", "0.0.0"),
            ("v1.2.3-rc.1+sha.5", "1.2.3-rc.1+sha.5"), ("1.0.0-alpha-1.0-x", "1.0.0-alpha-1.0-x"),
            ("18446744073709551615", "18446744073709551615.0.0"), ("1.2.3+build-5.-", "1.2.3+build-5.-"),
        ])
    func parsing(text: String, canonical: String) throws {
        #expect(try #require(SemanticVersion(text)).description == canonical)
    }

    @Test(
        "malformed versions are refused",
        arguments: [
            "", "v", "1.2.3.4", "1..2", "01.2", "1.2.x", "1.2.3-", "1.2.3-01", "1.2.3+", "1.2.3-a..b", "two", " 1.2",
            "1.2.3-bé", "\u{663}.1", "1.2.3+bu ild", "18446744073709551616", "1.2.3-beta.01", "vv1", "v\u{301}1.2",
            "1.2.3-+", "1.2.3+a+b", "1.", ".1", "1.2.3 ", "１.2",
        ])
    func refused(text: String) {
        #expect(SemanticVersion(text) == nil)
    }

    @Test("precedence follows SemVer 2.0 (the specification's own ordering example)")
    func precedence() throws {
        let ordered = [
            "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11",
            "1.0.0-rc.1", "1.0.0", "1.0.1", "1.1.0", "2.0.0", "2.10.0", "10.0.0",
        ].map { SemanticVersion($0)! }
        for (lower, higher) in zip(ordered, ordered.dropFirst()) {
            #expect(lower < higher, "\(lower) < \(higher)")
            #expect(!(higher < lower))
        }
        #expect(SemanticVersion("1.0.0+build.1") == SemanticVersion("1.0.0+build.2"))
        #expect(SemanticVersion("2.5") == SemanticVersion("v2.5.0"))
    }

    @Test("small and large numbers, with and without pre-release or build, order and compare alike")
    func packedAndFullAgree() throws {
        // 4194303 is the largest major and 2097151 the largest minor or patch kept packed; the
        // neighbours above them are kept whole, and the two forms must order as one sequence.
        let ordered = [
            "0.0.0", "0.0.1", "0.0.2097151", "0.0.2097152", "0.1.0", "0.2097151.0", "0.2097152.0", "1.0.0-rc.1",
            "1.0.0", "4194303.2097151.2097151", "4194304.0.0-alpha", "4194304.0.0", "18446744073709551615.0.0",
        ]
        let versions = try ordered.map { try #require(SemanticVersion($0)) }
        for (lowerIndex, lower) in versions.enumerated() {
            #expect(lower.description == ordered[lowerIndex])
            for (higherIndex, higher) in versions.enumerated() {
                #expect((lower < higher) == (lowerIndex < higherIndex), "\(lower) < \(higher)")
                #expect((lower == higher) == (lowerIndex == higherIndex), "\(lower) == \(higher)")
            }
        }
        let packed = SemanticVersion(major: 3, minor: 4, patch: 1)
        let withBuild = SemanticVersion(major: 3, minor: 4, patch: 1, build: ["sha", "1"])
        #expect(packed == withBuild)
        #expect(packed.hashValue == withBuild.hashValue)
        #expect(withBuild.build == ["sha", "1"] && packed.build.isEmpty)
        #expect((packed.major, packed.minor, packed.patch) == (3, 4, 1))
        let large = SemanticVersion(major: 4_194_304, minor: 2_097_152, patch: 7)
        #expect((large.major, large.minor, large.patch) == (4_194_304, 2_097_152, 7))
    }
}
