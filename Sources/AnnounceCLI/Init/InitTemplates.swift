import AnnouncementKit
import Foundation

/// The text `announce init` writes: the setup file, the starter feed, and the lines it adds to the
/// app's `@main` type and root view. Everything is made from the answers and what was found in the
/// project; nothing is read here.
struct InitTemplates {
    /// The name of the setup file's type, and of the file.
    static let setupTypeName = "AppAnnouncements"
    /// The starter feed's resource name.
    static let feedResourceName = "announcements"
    /// The URL the setup file fetches when `--feed-url` is not given; the steps say to replace it.
    static let placeholderFeedURL = "https://example.com/announcements.json"
    /// The package's names an app may also have; the generated code qualifies those it has.
    static let packageTypeNames: Set<String> = [
        "Announcement", "AnnouncementManager", "ActionPolicy", "FeedDecoder", "RemoteAnnouncementProvider",
        "RemoteProviderConfiguration", "LocalAnnouncementProvider",
    ]

    var answers: InitAnswers
    /// The deep-link schemes of the app, expanded; the first is used in the examples.
    var schemes: [String]
    /// The feed's URL (`--feed-url`), or `nil` for the placeholder.
    var feedURL: String?
    /// The bundle expression the starter feed is read from: `Bundle.main`, or `Bundle.module` in a
    /// SwiftPM target.
    var bundle: String
    /// The package's type names the app also declares.
    var clashingNames: Set<String>
    /// The app's name, for the starter feed's words.
    var appName: String
    /// The instant the examples' dates are relative to.
    var now: Date

    /// `name` as the generated code writes it: qualified with the module when the app has a type of
    /// that name.
    func type(_ name: String) -> String {
        clashingNames.contains(name) ? "AnnouncementKit." + name : name
    }

    /// Whether the setup file reads the bundled starter feed.
    var readsBundledFeed: Bool { answers.source != .remote }

    /// The schemes the action policy allows: the app's own when deep links are among the actions.
    var allowedSchemes: [String] { answers.actions.contains(.deepLink) ? schemes : [] }

    /// Whether deep links are among the actions and the app has a scheme for them.
    var routesDeepLinks: Bool { answers.actions.contains(.deepLink) && !allowedSchemes.isEmpty }

    /// The setup file, `AppAnnouncements.swift`.
    var setupFile: String {
        let schemeList = allowedSchemes.map { "\"\(Self.swiftEscaped($0))\"" }.joined(separator: ", ")
        var text = """
            // Written by `announce init`; yours to edit (a second run leaves it as it is).
            // Check the feed with `announce validate`, see its banners with `announce preview`.
            #if canImport(SwiftUI)
            import AnnouncementKit
            import AnnouncementKitUI
            import Foundation
            import SwiftUI

            /// Where the app's announcements come from and what their actions may open.
            enum \(Self.setupTypeName) {

            """
        if answers.source != .local {
            text += """
                    /// The feed on the app's server (docs/serving-feeds.md says how to serve it).
                    static let feedURL = URL(string: "\(Self.swiftEscaped(feedURL ?? Self.placeholderFeedURL))")!


                """
        }
        text += """
                /// The deep-link schemes an announcement may open: the app's own.
                static let deepLinkSchemes: Set<String> = [\(schemeList)]

                /// The manager the app's root view shows banners from.
                @MainActor static func makeManager() -> \(type("AnnouncementManager")) {
                    let policy = \(type("ActionPolicy"))(allowedDeepLinkSchemes: deepLinkSchemes)

            """
        text += managerBody
        text += "    }\n"
        if routesDeepLinks {
            text += """

                    /// An `openURL` action that hands the banners' deep links to `handler` and opens web links
                    /// as usual; put it on the root view, outside the banner.
                    @MainActor static func openingDeepLinks(with handler: @escaping (URL) -> Void) -> OpenURLAction {
                        OpenURLAction { url in
                            guard deepLinkSchemes.contains(url.scheme?.lowercased() ?? "") else { return .systemAction }
                            handler(url)
                            return .handled
                        }
                    }

                """
        }
        if readsBundledFeed {
            text += """

                    /// The announcements of the starter feed bundled with the app (\(Self.feedResourceName).json).
                    static func bundledAnnouncements(policy: \(type("ActionPolicy"))) -> [\(type("Announcement"))] {
                        guard let url = \(bundle).url(forResource: "\(Self.feedResourceName)", withExtension: "json"),
                            let data = try? Data(contentsOf: url),
                            let result = try? \(type("FeedDecoder"))(policy: policy).decode(data)
                        else { return [] }
                        return result.announcements
                    }

                """
        }
        return text + "}\n#endif\n"
    }

    private var managerBody: String {
        switch answers.source {
        case .local:
            return """
                        return \(type("AnnouncementManager"))(
                            provider: \(type("LocalAnnouncementProvider"))(bundledAnnouncements(policy: policy)),
                            configuration: .init(actionPolicy: policy))

                """
        case .remote, .both:
            let fallback =
                answers.source == .both
                ? "        // Shown until the first fetch, and whenever the network is away.\n"
                    + "        remote.fallback = bundledAnnouncements(policy: policy)\n" : ""
            let binding = answers.source == .both ? "var" : "let"
            return """
                        \(binding) remote = \(type("RemoteProviderConfiguration"))(allowedDeepLinkSchemes: deepLinkSchemes)

                """ + fallback
                    + """
                            return \(type("AnnouncementManager"))(
                                provider: \(type("RemoteAnnouncementProvider"))(url: feedURL, configuration: remote),
                                configuration: .init(actionPolicy: policy))

                    """
        }
    }

    /// The stored property the `@main` type gets.
    var managerProperty: String {
        "@State private var announcements = \(Self.setupTypeName).makeManager()"
    }

    /// The modifier lines the root view gets; `handler` is the deep-link call found on the same
    /// view (such as `router.handle`), which the banner's deep links are routed to directly.
    func rootViewModifiers(handler: String?) -> [String] {
        var lines = [
            ".announcementBanner(position: .\(answers.position.rawValue))",
            ".environment(\\.announcementManager, announcements)",
        ]
        if let handler, routesDeepLinks {
            lines.append(".environment(\\.openURL, \(Self.setupTypeName).openingDeepLinks { url in \(handler)(url) })")
        }
        return lines
    }

    /// `text` as the inside of a Swift string literal.
    static func swiftEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                let hidden =
                    scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.generalCategory == .format
                if scalar.value < 0x20 || scalar.value == 0x7F || hidden {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
