import AnnouncementKit
import Foundation
import Testing

@Suite("BannerStringsCatalog: missing and broken resources")
struct BannerStringsCatalogTests {
    static let german = Array(#"{"learnMore": "Mehr erfahren", "open": "Öffnen", "close": "Schließen"}"#.utf8)

    /// A fresh folder holding `files` (name to bytes), removed after `body`.
    static func withFolder<Result>(
        _ files: [String: [UInt8]], _ body: (URL) throws -> Result
    ) throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, bytes) in files {
            try Data(bytes).write(to: folder.appendingPathComponent(name))
        }
        return try body(folder)
    }

    @Test("no folder, a missing folder, an empty folder: English for every locale")
    func noResources() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString)")
        let empty = try Self.withFolder([:]) { BannerStringsCatalog(directory: $0) }
        for catalog in [BannerStringsCatalog(directory: nil), BannerStringsCatalog(directory: missing), empty] {
            for locale in ["de", "ja", "en", nil] {
                #expect(catalog.strings(for: locale) == .english)
            }
            #expect(catalog.languages == [])
        }
        #expect(BannerStringsCatalog(directory: missing).problems.count == 1)
        #expect(empty.problems == [])
    }

    @Test(
        "a broken file: that language reads English, the others are kept",
        arguments: [
            (Array(#"{"learnMore": "Mehr erfahren""#.utf8), "de.json: not JSON"),
            (Array("".utf8), "de.json: not JSON"),
            (Array(#"["Mehr erfahren"]"#.utf8), "de.json: not a JSON object"),
            ([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x22, 0x22, 0x7D], "de.json: not UTF-8"),
            (
                Array(repeating: UInt8(ascii: " "), count: BannerStringsCatalog.maximumFileSize + 1),
                "de.json: 65537 bytes"
            ),
        ])
    func brokenFile(bytes: [UInt8], problem: String) throws {
        let japanese = Array(#"{"learnMore": "詳しく見る"}"#.utf8)
        let catalog = try Self.withFolder(["de.json": bytes, "ja.json": japanese]) {
            BannerStringsCatalog(directory: $0)
        }
        #expect(catalog.strings(for: "de-AT") == .english)
        #expect(catalog.strings(for: "ja").learnMore == "詳しく見る")
        #expect(catalog.languages == ["ja"])
        #expect(catalog.problems.count == 1)
        #expect(catalog.problems.first?.hasPrefix(problem) == true, "\(catalog.problems)")
    }

    @Test("a word a language lacks, or gives as something other than text, is the English word")
    func missingWords() {
        let french = Array(
            #"{"learnMore": "En savoir plus", "open": 3, "close": "   ", "critical": null, "extra": "x"}"#.utf8)
        let catalog = BannerStringsCatalog(files: ["fr": french])
        var expected = BannerStrings.english
        expected.learnMore = "En savoir plus"
        #expect(catalog.strings(for: "fr-CA") == expected)
        #expect(
            Set(catalog.problems)
                == [
                    "fr.json: open is not text", "fr.json: close is not text", "fr.json: critical is not text",
                    "fr.json: unknown key extra",
                ])
    }

    @Test("a regional file is read before the language's, word by word, then English")
    func regional() {
        let austrian = Array(#"{"open": "Aufmachen"}"#.utf8)
        let catalog = BannerStringsCatalog(files: ["de": Self.german, "de-AT": austrian])
        let strings = catalog.strings(for: "de_AT")
        #expect(strings.open == "Aufmachen")
        #expect(strings.learnMore == "Mehr erfahren")
        #expect(strings.warning == "Warning")
        #expect(catalog.strings(for: "de-CH").open == "Öffnen")
    }

    @Test("an English file replaces the compiled words it holds; without it they are the compiled ones")
    func englishFile() {
        let catalog = BannerStringsCatalog(files: ["en": Array(#"{"open": "Open it"}"#.utf8)])
        #expect(catalog.strings(for: "en-GB").open == "Open it")
        #expect(catalog.strings(for: "de").open == "Open it")
        #expect(catalog.strings(for: "de").close == "Close")
    }

    @Test("a file name that is not a language tag, a folder named like a file: left out with a problem")
    func badNames() throws {
        let catalog = try Self.withFolder(["d.json": Self.german, "de.json": Self.german, "notes.txt": [0x41]]) {
            folder in
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("fr.json"), withIntermediateDirectories: false)
            return BannerStringsCatalog(directory: folder)
        }
        #expect(catalog.languages == ["de"])
        #expect(Set(catalog.problems) == ["d.json: the name is not a language tag", "fr.json: not a regular file"])
        #expect(catalog.strings(for: "de").learnMore == "Mehr erfahren")
    }

    @Test("past the remembered locales, words are still looked up, the same on every call")
    func manyLocales() {
        let catalog = BannerStringsCatalog(files: ["de": Self.german])
        let count = BannerStringsCatalog.maximumRememberedLocales * 2
        for round in 0..<2 {
            for index in 0..<count {
                #expect(catalog.strings(for: "de-x-u\(index)").learnMore == "Mehr erfahren", "round \(round)")
                #expect(catalog.strings(for: "en-x-u\(index)").learnMore == "Learn More", "round \(round)")
            }
        }
        #expect(catalog.strings(for: nil) == .english)
    }
}
