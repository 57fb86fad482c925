package import Foundation

/// The package's own words in every language its resources hold, looked up as feed text is.
///
/// Each language is one file, `TAG.json` in the resource folder `BannerStrings`, holding an object
/// of words by `BannerStrings` (`{"learnMore": "Mehr erfahren", …}`). Every word becomes one
/// ``LocalizedText`` keyed by the files' tags, with the English compiled into the package as its
/// default, so ``strings(for:)`` runs the feed's own look-up word by word: the locale, then the
/// locale without its last subtag and so on, then English. A missing, oversized or broken file, a
/// file name that is not a language tag, a value that is not text: that file or word is left out and
/// English is read in its place; nothing is fatal.
package struct BannerStringsCatalog: Sendable {
    /// The resource folder that holds the language files.
    package static let folderName = "BannerStrings"
    /// The largest language file read, in bytes; a larger one is left out whole.
    package static let maximumFileSize = 64 * 1024
    /// The most language files read, the first by file name; the rest are left out.
    package static let maximumLanguages = 100

    /// The most locales whose words are remembered; the words of others are looked up on each call.
    package static let maximumRememberedLocales = 64

    /// One text per key, in the order of `BannerStrings.Key.allCases`.
    private let texts: [LocalizedText]
    /// The words already looked up, by locale as given: an app asks for one or two locales, on every
    /// banner it draws, and ten look-ups each time would cost more than the drawing.
    private let remembered = LockedValue([String?: BannerStrings]())
    /// The tags of the languages read, as their file names spell them, sorted.
    package let languages: [String]
    /// What was left out and why, one line each, such as `de.json: not JSON: …`; empty for good
    /// resources.
    package let problems: [String]

    /// The catalog of the package's resources. It is read on first use, once, whatever the thread
    /// (a `static let` is initialized lazily and atomically).
    package static let bundled = BannerStringsCatalog(directory: bundledDirectory())

    /// The catalog of the language files in `directory`; only English when `directory` is `nil` or
    /// cannot be listed.
    package init(directory: URL?) {
        var files: [String: [UInt8]] = [:]
        var problems: [String] = []
        if let directory {
            do {
                let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                    .filter { $0.hasSuffix(".json") }.sorted()
                if names.count > Self.maximumLanguages {
                    problems.append("more than \(Self.maximumLanguages) language files; the rest are left out")
                }
                for name in names.prefix(Self.maximumLanguages) {
                    let path = directory.appendingPathComponent(name).path
                    if let bytes = Self.read(path: path, name: name, problems: &problems) {
                        files[String(name.dropLast(".json".count))] = bytes
                    }
                }
            } catch {
                problems.append("cannot list \(directory.path): \(error.localizedDescription)")
            }
        }
        self.init(files: files, problems: problems)
    }

    /// The catalog of language files given by tag with their contents, such as `["de": bytes]`.
    package init(files: [String: [UInt8]]) {
        self.init(files: files, problems: [])
    }

    private init(files: [String: [UInt8]], problems: [String]) {
        var problems = problems
        var tables: [(tag: String, words: [BannerStrings.Key: String])] = []
        for (tag, bytes) in files.sorted(by: { $0.key < $1.key }) {
            guard LanguageTag.isWellFormed(tag) else {
                problems.append("\(tag).json: the name is not a language tag")
                continue
            }
            if let words = Self.words(in: bytes, file: "\(tag).json", problems: &problems) {
                tables.append((tag, words))
            }
        }
        texts = BannerStrings.Key.allCases.map { key in
            var translations = tables.compactMap { table in table.words[key].map { (tag: table.tag, text: $0) } }
            if !translations.contains(where: { LanguageTag.normalized($0.tag) == "en" }) {
                translations.append((tag: "en", text: BannerStrings.english[key]))
            }
            return LocalizedText(uniqueTranslations: translations, defaultLocale: "en")
        }
        languages = tables.map(\.tag)
        self.problems = problems
    }

    /// The words for `locale`, each looked up as ``LocalizedText/resolved(for:defaultLocale:)`` does
    /// with `en` as the default, for the nearest language the catalog holds
    /// (``nearestLanguage(for:among:)``); `nil` gives English.
    package func strings(for locale: String?) -> BannerStrings {
        if let known = remembered.withLock({ $0[locale] }) { return known }
        let lookup = locale.map { Self.nearestLanguage(for: $0, among: languages) } ?? nil
        var strings = BannerStrings.english
        for (key, text) in zip(BannerStrings.Key.allCases, texts) {
            strings[key] = text.resolved(for: lookup, defaultLocale: "en")
        }
        remembered.withLock { table in
            if table.count < Self.maximumRememberedLocales { table[locale] = strings }
        }
        return strings
    }

    /// The words of one language file: a JSON object of UTF-8 whose members are words by key. A
    /// member with an unknown key, or whose value is not a string with more than whitespace, is
    /// left out with a problem; `nil` (and a problem) when the file is not such an object.
    package static func words(in bytes: [UInt8], file: String, problems: inout [String])
        -> [BannerStrings.Key: String]?
    {
        let object: JSONObject
        do throws(JSONObject.Failure) {
            object = try JSONObject(parsing: bytes)
        } catch {
            problems.append("\(file): \(error)")
            return nil
        }
        var words: [BannerStrings.Key: String] = [:]
        for name in object.members.keys.sorted() {
            guard let key = BannerStrings.Key(rawValue: name) else {
                problems.append("\(file): unknown key \(name)")
                continue
            }
            guard case .string(let text)? = object.members[name], text.contains(where: { !$0.isWhitespace }) else {
                problems.append("\(file): \(name) is not text")
                continue
            }
            words[key] = text
        }
        return words
    }

    /// The file at `path`, at most ``maximumFileSize`` bytes; `nil` with a problem when it cannot be read whole.
    private static func read(path: String, name: String, problems: inout [String]) -> [UInt8]? {
        do throws(BoundedFileRead.Failure) {
            switch try BoundedFileRead.read(path: path, limit: maximumFileSize) {
            case .complete(let bytes): return bytes
            case .missing: problems.append("\(name): missing")
            case .notRegularFile: problems.append("\(name): not a regular file")
            case .truncated(_, let size): problems.append("\(name): \(size) bytes, over \(maximumFileSize)")
            }
        } catch {
            problems.append("\(name): \(error.message)")
        }
        return nil
    }

    /// The names SwiftPM gives the package's resource bundle: `.bundle` on Apple platforms,
    /// `.resources` elsewhere.
    static let resourceBundleNames = [
        "AnnouncementKit_AnnouncementKit.bundle", "AnnouncementKit_AnnouncementKit.resources",
    ]

    /// The folder of language files in the package's resource bundle, `nil` when there is none.
    ///
    /// SwiftPM's `Bundle.module` stops the process when the bundle is neither beside the executable nor
    /// in the build folder: an executable copied, or linked to from another folder, without its
    /// bundle. So the bundle is looked for here first: beside the executable (as started, and with
    /// its symbolic links resolved, so `bin/announce` linking to `libexec/announce/announce` finds
    /// the bundle in `libexec/announce`), in the main bundle's resources (an app), and beside the
    /// image that holds this code (a test bundle, a framework). `Bundle.module` is read only inside an
    /// app bundle, where Xcode puts the resources it knows of; anywhere else, without a bundle found,
    /// the words are English.
    private static func bundledDirectory() -> URL? {
        for bundle in resourceBundleCandidates() {
            let resources = Bundle(url: bundle)?.resourceURL ?? bundle
            for folder in [resources, bundle] {
                let directory = folder.appendingPathComponent(folderName)
                if isDirectory(directory) { return directory }
            }
        }
        #if canImport(Darwin)
            if Bundle.main.bundleURL.pathExtension == "app" {
                let bundle = Bundle.module
                let directory = (bundle.resourceURL ?? bundle.bundleURL).appendingPathComponent(folderName)
                return isDirectory(directory) ? directory : nil
            }
        #endif
        return nil
    }

    /// Where the resource bundle may be, most likely first.
    private static func resourceBundleCandidates() -> [URL] {
        var folders = [Bundle.main.bundleURL]
        if let resources = Bundle.main.resourceURL { folders.append(resources) }
        if let executable = Bundle.main.executableURL {
            folders.append(executable.deletingLastPathComponent())
            folders.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        let image = Bundle(for: BundleMarker.self)
        folders.append(image.bundleURL.deletingLastPathComponent())
        if let resources = image.resourceURL { folders.append(resources) }
        return folders.flatMap { folder in resourceBundleNames.map { folder.appendingPathComponent($0) } }
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

/// A class of this module, whose bundle is the image the module's code was linked into.
private final class BundleMarker {}
