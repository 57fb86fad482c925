import AnnouncementTestSupport
import Foundation
import Testing

@testable import AnnounceCLI

/// `man/announce.1`: made from the command descriptions, committed, and rendered by groff.
@Suite("The man page")
struct ManPageTests {
    private var generated: String {
        ManPage.text(specs: Announce.commands.map(\.spec), version: Announce.version)
    }

    @Test("man/announce.1 is what the command descriptions make (re-record with ANNOUNCE_RECORD_GOLDEN=1)")
    func noDrift() throws {
        let url = Fixtures.url("man/announce.1")
        if ProcessInfo.processInfo.environment["ANNOUNCE_RECORD_GOLDEN"] == "1" {
            try Data(generated.utf8).write(to: url)
            return
        }
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(
            committed == generated,
            "man/announce.1 is behind the command descriptions: run ANNOUNCE_RECORD_GOLDEN=1 swift test --filter ManPageTests"
        )
    }

    @Test(
        "groff renders the page with every command and option, and no warning",
        .enabled(if: TestDependencies.runsTests(needing: "groff"), "groff is not installed: run scripts/test-deps"))
    func renders() async throws {
        let groff = try #require(
            TestDependencies.program(named: "groff"), "groff is not installed: run scripts/test-deps")
        let result = try await Fixtures.run(
            groff, ["-man", "-Tutf8", "-ww", "-rLL=100n", Fixtures.url("man/announce.1").path],
            environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        // Bold and underline come as overstrikes (`X\bX`, `_\bX`); read the plain text.
        let text = result.standardOutput.replacingOccurrences(of: ".\u{8}", with: "", options: .regularExpression)
        #expect(text.contains("ANNOUNCE(1)"))
        #expect(text.contains("announce \(Announce.version)"))
        for spec in Announce.commands.map(\.spec) {
            #expect(text.contains("announce \(spec.name)"), "\(spec.name) missing from the rendered page")
            for option in spec.options {
                #expect(text.contains(option.name), "\(spec.name) \(option.name) missing from the rendered page")
            }
        }
        for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXIT STATUS", "ENVIRONMENT"] {
            #expect(text.contains("\n\(heading)\n"), "\(heading) missing")
        }
        // Hyphens stay ASCII hyphens (searchable, copyable), not dashes.
        #expect(!text.contains("\u{2010}") && !text.contains("\u{2212}"))
    }

    @Test("groff-special text is escaped: backslashes, hyphens, a leading dot or quote")
    func escaping() {
        #expect(ManPage.escaped(#"a\b"#) == #"a\eb"#)
        #expect(ManPage.escaped("--strict") == #"\-\-strict"#)
        #expect(ManPage.escaped(".TH x") == #"\&.TH x"#)
        #expect(ManPage.escaped("'quote") == #"\&'quote"#)
    }
}
