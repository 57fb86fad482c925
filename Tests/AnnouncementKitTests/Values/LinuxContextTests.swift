import AnnouncementKit
import Testing

@Suite("The context on Linux: the locale from the environment, the distribution's version")
struct LinuxContextTests {
    @Test(
        "LC_ALL, then LC_MESSAGES, then LANG, as announce reads them",
        arguments: [
            (["LANG": "de_AT.UTF-8"], "de-AT"), (["LC_ALL": "fr_CA", "LANG": "de_DE"], "fr-CA"),
            (["LC_MESSAGES": "ja_JP.eucJP", "LANG": "de_DE"], "ja-JP"), (["LC_ALL": "", "LANG": "pt_PT"], "pt-PT"),
            (["LANG": "sr_RS@latin"], "sr-RS"), (["LANG": "C.UTF-8"], nil), (["LC_ALL": "POSIX", "LANG": "de"], nil),
            (["LANG": "\u{1B}[31m"], nil), ([:], nil),
        ] as [([String: String], String?)])
    func locale(variables: [String: String], expected: String?) {
        #expect(LanguageTag.fromEnvironment(variables) == expected)
    }

    @Test(
        "VERSION_ID of os-release as a version",
        arguments: [
            ("VERSION_ID=\"12\"", "12.0.0"), ("NAME=Ubuntu\nVERSION_ID=\"24.04\"\n", "24.4.0"),
            ("VERSION_ID=3.20.3", "3.20.3"), ("VERSION_ID='9.4'", "9.4.0"), ("VERSION_ID=rolling", nil),
            ("VERSION_ID=\"\"", nil), ("ID=arch", nil), ("VERSION_ID=1.2.3.4", nil),
            ("VERSION_ID=99999999999999999999", nil), ("VERSION_ID=1..2", nil),
        ] as [(String, String?)])
    func release(text: String, expected: String?) {
        #expect(LinuxRelease.version(osRelease: text).map { "\($0)" } == expected)
    }

    @Test("no os-release: no version")
    func missing() {
        #expect(LinuxRelease.version(osRelease: nil) == nil)
    }
}
