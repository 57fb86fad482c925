import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

@Suite("BannerStrings")
struct BannerStringsTests {
    static let folder = "Sources/AnnouncementKit/Resources/BannerStrings"
    static let languages = ["de", "en", "es", "fr", "it", "ja", "pt-BR", "zh-Hans"]

    /// The words of one resource file, read with Foundation's JSON parser (not the package's).
    static func words(_ tag: String) throws -> [String: String] {
        let data = try Fixtures.data("\(folder)/\(tag).json")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: String], "\(tag).json")
    }

    @Test("the package holds the eight languages, each file read without a problem")
    func languagesInTheBundle() throws {
        let files = try Fixtures.files(in: Self.folder).map { $0.deletingPathExtension().lastPathComponent }
        #expect(files == Self.languages)
        #expect(BannerStringsCatalog.bundled.languages == Self.languages)
        #expect(BannerStringsCatalog.bundled.problems == [])
    }

    @Test("every word exists and is more than whitespace in every language, the same keys as English")
    func everyKeyInEveryLanguage() throws {
        let keys = Set(BannerStrings.Key.allCases.map(\.rawValue))
        #expect(Set(try Self.words("en").keys) == keys)
        for tag in Self.languages {
            let words = try Self.words(tag)
            #expect(Set(words.keys) == keys, "\(tag).json: keys differ from en.json")
            for (key, text) in words {
                #expect(text.contains { !$0.isWhitespace }, "\(tag).json: \(key) is blank")
                #expect(text == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(tag).json: \(key) is padded")
            }
        }
    }

    @Test("en.json is the English compiled into the package")
    func englishFileMatchesCompiledEnglish() throws {
        let file = try Self.words("en")
        for key in BannerStrings.Key.allCases {
            #expect(file[key.rawValue] == BannerStrings.english[key], "\(key.rawValue)")
        }
        #expect(BannerStrings(locale: "en") == .english)
    }

    @Test("each language's words differ from English where the language writes them differently")
    func translated() throws {
        // A word copied from English into another file is almost always a forgotten translation;
        // these are the words that are the same on purpose.
        let sameOnPurpose: Set<String> = ["fr.image"]
        let english = try Self.words("en")
        for tag in Self.languages where tag != "en" {
            for (key, text) in try Self.words(tag) where !sameOnPurpose.contains("\(tag).\(key)") {
                #expect(text != english[key], "\(tag).json: \(key) is the English word")
            }
        }
    }

    @Test(
        "the language is chosen as feed text is: the locale, then without its last subtag, then English",
        arguments: [
            ("de", "de"), ("de-AT", "de"), ("de_CH", "de"), ("DE-de", "de"), ("fr-CA", "fr"), ("es-419", "es"),
            ("it-IT", "it"), ("ja-JP", "ja"), ("pt-BR", "pt-BR"), ("pt_br", "pt-BR"), ("zh-Hans", "zh-Hans"),
            ("zh-Hans-CN", "zh-Hans"), ("zh_Hans_SG", "zh-Hans"), ("en-GB", "en"),
            // No Portuguese of Portugal, no Traditional Chinese: the nearest language of the same
            // primary language, which reads better than English.
            ("pt-PT", "pt-BR"), ("pt", "pt-BR"), ("pt-AO", "pt-BR"), ("zh-Hant", "zh-Hans"),
            ("zh-Hant-TW", "zh-Hans"), ("zh-TW", "zh-Hans"), ("zh-HK", "zh-Hans"),
            // Chinese without a script reads as Simplified in mainland China and Singapore.
            ("zh-CN", "zh-Hans"), ("zh-SG", "zh-Hans"), ("zh", "zh-Hans"), ("zh_CN", "zh-Hans"),
            ("xx", "en"), ("", "en"), ("not a tag", "en"),
        ])
    func fallback(locale: String, language: String) throws {
        let expected = try Self.words(language)
        let strings = BannerStrings(locale: locale)
        for key in BannerStrings.Key.allCases {
            #expect(strings[key] == expected[key.rawValue], "\(locale): \(key.rawValue)")
        }
    }

    @Test("no locale reads English")
    func noLocale() {
        #expect(BannerStrings(locale: nil) == .english)
    }

    @Test("the memberwise initializer keeps its five words; the others default to English")
    func memberwise() {
        let strings = BannerStrings(learnMore: "L", open: "O", dismissAnnouncement: "D", warning: "W", critical: "C")
        #expect([strings.learnMore, strings.open, strings.dismissAnnouncement] == ["L", "O", "D"])
        #expect([strings.warning, strings.critical] == ["W", "C"])
        #expect(strings.close == "Close")
        #expect(strings.actionHint == "Opens the link.")
        #expect(strings.dismissHint == "Removes the announcement.")
        #expect(strings.announcement == "Announcement")
        #expect(strings.image == "Image")
        var copy = strings
        for key in BannerStrings.Key.allCases { copy[key] = key.rawValue }
        #expect(BannerStrings.Key.allCases.allSatisfy { copy[$0] == $0.rawValue })
    }

    @Test("calls from many threads at once, the first among them reading the resources, agree")
    func concurrent() async {
        let locales = ["de-AT", "ja", "fr", "zh-Hans-CN", "pt-BR", "xx", "es", "it"]
        let results = await withTaskGroup(of: (String, BannerStrings).self) { group in
            for index in 0..<64 {
                let locale = locales[index % locales.count]
                group.addTask { (locale, BannerStrings(locale: locale)) }
            }
            return await group.reduce(into: [(String, BannerStrings)]()) { $0.append($1) }
        }
        for (locale, strings) in results {
            #expect(strings == BannerStringsCatalog.bundled.strings(for: locale))
        }
    }
}
