import Testing

@testable import AnnounceProject

/// The scanner on fixtures in the shapes of real apps (`Tests/Fixtures/projects/swift`).
@Suite struct SwiftFileScannerTests {
    /// The offset of the first `needle` in `bytes`.
    static func offset(of needle: String, in bytes: [UInt8]) -> Int? {
        let target = Array(needle.utf8)
        guard target.count <= bytes.count else { return nil }
        return (0...(bytes.count - target.count)).first { bytes[$0..<($0 + target.count)].elementsEqual(target) }
    }

    @Test func readsAMultiWindowAppWithAnAdaptorARouterAndPlatformScenes() throws {
        let bytes = try SwiftSourceFixtures.bytes("ReaderApp.swift")
        let summary = SwiftFileSummary(bytes: bytes)
        #expect(summary.imports.map(\.module) == ["Observation", "SwiftUI", "UIKit"])
        #expect(summary.imports.map(\.line) == [5, 6, 9])
        #expect(summary.imports.map(\.conditions) == [[], [], ["#if canImport(UIKit)"]])
        #expect(summary.types.map(\.qualifiedName) == ["ReaderApp", "ReaderAppDelegate", "Router"])
        #expect(summary.types.map(\.attributes).map { $0.map(\.name) } == [["main"], ["MainActor"], ["Observable"]])
        #expect(summary.types[1].inheritance == ["NSObject", "UIApplicationDelegate"])
        let entry = try #require(summary.entryPoints.first)
        #expect(summary.entryPoints.count == 1)
        #expect(entry.kind == .swiftUI)
        #expect((entry.declaration.startLine, entry.declaration.line) == (12, 13))
        #expect(
            summary.delegateAdaptors == [
                SwiftDelegateAdaptor(
                    attribute: "UIApplicationDelegateAdaptor", property: "appDelegate", typeName: "ReaderAppDelegate",
                    line: 14, enclosingType: "ReaderApp")
            ])
        #expect(summary.scenes.map(\.kind) == [.windowGroup, .windowGroup, .settings, .window])
        #expect(summary.scenes.map(\.line) == [19, 24, 28, 31])
        #expect(
            summary.scenes.map(\.arguments) == [
                #"id: "main""#, #""Article", for: Article.ID.self"#, nil, #""Downloads", id: "downloads""#,
            ])
        #expect(summary.scenes.map(\.conditions) == [[], [], ["#if os(macOS)"], ["#if os(macOS)"]])
        #expect(summary.scenes.allSatisfy { $0.member == "body" && $0.enclosingType == "ReaderApp" })
        #expect(
            summary.scenes.map { $0.rootView?.typeName } == [
                "LibraryView", "ArticleView", "SettingsView", "DownloadsView",
            ])
        let root = try #require(summary.scenes.first?.rootView)
        let start = try #require(Self.offset(of: "LibraryView(library", in: bytes))
        let expression =
            "LibraryView(library: library)\n                .environment(router)\n                .onOpenURL { url in router.handle(url) }"
        #expect(root.range == start..<(start + expression.utf8.count))
        #expect(root.line == 20)
        #expect(root.modifiers == ["environment", "onOpenURL"])
        #expect(!root.hasModifier("announcementBanner"))
        #expect(
            summary.deepLinkHandlers == [
                SwiftDeepLinkHandler(
                    kind: .onOpenURL, line: 22, calls: "router.handle", enclosingType: "ReaderApp", conditions: []),
                SwiftDeepLinkHandler(
                    kind: .userActivity, line: 40, calls: nil, enclosingType: "ReaderAppDelegate", conditions: []),
            ])
        #expect(!summary.usesAnnouncementBanner && !summary.imports("AnnouncementKitUI"))
        #expect(summary.diagnostics.isEmpty)
    }

    @Test func readsAnAppClipEntryWithAUserActivityHandler() throws {
        let summary = try SwiftSourceFixtures.summary("ClipApp.swift")
        #expect(summary.entryPoints.map(\.declaration.name) == ["ReaderClip"])
        #expect(summary.entryPoints.first?.kind == .swiftUI)
        #expect(summary.entryPoints.first.map { ($0.declaration.startLine, $0.declaration.line) } ?? (0, 0) == (4, 5))
        #expect(summary.scenes.map(\.kind) == [.windowGroup])
        #expect(summary.scenes.first?.rootView?.typeName == "ClipRootView")
        #expect(summary.scenes.first?.rootView?.modifiers == ["onContinueUserActivity"])
        #expect(
            summary.deepLinkHandlers == [
                SwiftDeepLinkHandler(
                    kind: .userActivity, line: 9, calls: nil, enclosingType: "ReaderClip", conditions: [])
            ])
    }

    @Test func readsAUIKitAppDelegateAndSceneDelegate() throws {
        let summary = try SwiftSourceFixtures.summary("SceneDelegate.swift")
        let entry = try #require(summary.entryPoints.first)
        #expect(entry.declaration.kind == .class && entry.declaration.name == "AppDelegate")
        #expect(entry.kind == .uiKit)
        #expect(entry.conformances == ["UIResponder", "UIApplicationDelegate"])
        #expect(summary.types.map(\.inheritance).last == ["UIResponder", "UIWindowSceneDelegate"])
        #expect(summary.scenes.isEmpty)
        #expect(summary.deepLinkHandlers.map(\.kind) == [.applicationOpenURL, .openURLContexts, .userActivity])
        #expect(summary.deepLinkHandlers.map(\.line) == [12, 33, 37])
        #expect(summary.deepLinkHandlers.map(\.enclosingType) == ["AppDelegate", "SceneDelegate", "SceneDelegate"])
    }

    @Test func readsAMenuBarAppWithoutAWindowGroup() throws {
        let summary = try SwiftSourceFixtures.summary("MenuBarApp.swift")
        #expect(summary.scenes.map(\.kind) == [.menuBarExtra, .settings])
        #expect(summary.scenes.map(\.arguments) == [#""Status", systemImage: "bolt""#, nil])
        #expect(!summary.scenes.contains { $0.kind == .windowGroup })
        #expect(summary.delegateAdaptors.map(\.typeName) == ["StatusAppDelegate"])
        #expect(summary.delegateAdaptors.map(\.attribute) == ["NSApplicationDelegateAdaptor"])
        #expect(summary.conformances(of: "StatusAppDelegate") == ["NSObject", "NSApplicationDelegate"])
        #expect(SwiftEntryPoint.kind(conformances: ["NSObject", "NSApplicationDelegate"], attributes: []) == .appKit)
        #expect(
            summary.deepLinkHandlers == [
                SwiftDeepLinkHandler(
                    kind: .applicationOpenURL, line: 24, calls: nil, enclosingType: "StatusAppDelegate", conditions: [])
            ])
    }

    @Test func findsConformancesAndScenesInExtensionsButNotViewsNamedLikeScenes() throws {
        let summary = try SwiftSourceFixtures.summary("SplitApp.swift")
        #expect(summary.types.map(\.kind) == [.struct, .extension, .extension, .struct])
        #expect(summary.entryPoints.map(\.conformances) == [["App"]])
        #expect(summary.entryPoints.first?.kind == .swiftUI)
        #expect(summary.scenes.map(\.kind) == [.windowGroup, .documentGroup])
        #expect(summary.scenes.map(\.member) == ["mainScene", "mainScene"])
        #expect(summary.scenes.map(\.enclosingType) == ["SplitApp", "SplitApp"])
        #expect(summary.scenes.map { $0.rootView?.typeName } == ["ContentView", "NoteEditor"])
        #expect(summary.scenes.last?.arguments == "newDocument: NoteDocument()")
    }

    @Test func listsTheAppsOwnBannerTypesWithTheirNesting() throws {
        let summary = try SwiftSourceFixtures.summary("OwnBanners.swift")
        #expect(
            summary.types.map(\.qualifiedName) == [
                "Announcement", "BannerView", "Feedback", "Feedback.ToastView", "Feedback.ToastView",
                "AnnouncementStore",
            ])
        #expect(summary.types.map(\.kind) == [.struct, .struct, .enum, .struct, .extension, .actor])
        #expect(summary.types.map(\.line) == [4, 9, 17, 18, 27, 29])
        #expect(summary.types[0].inheritance == ["Identifiable", "Codable"])
        #expect(summary.entryPoints.isEmpty && summary.scenes.isEmpty)
    }

    @Test func findsNothingInCommentsAndStrings() throws {
        let summary = try SwiftSourceFixtures.summary("TrickyText.swift")
        #expect(summary.types.map(\.name) == ["Messages", "Real"])
        #expect(summary.types.map(\.line) == [8, 20])
        #expect(summary.entryPoints.isEmpty)
        #expect(summary.scenes.isEmpty && summary.deepLinkHandlers.isEmpty)
        #expect(summary.diagnostics.isEmpty)
    }

    @Test func readsBothBranchesOfAnIfAndNamesThem() {
        let text = """
            import SwiftUI
            @main
            struct Both: App {
                var body: some Scene {
                    #if os(iOS)
                        WindowGroup { PhoneRoot() }
                    #elseif os(macOS)
                        WindowGroup { MacRoot() }
                        #if DEBUG
                            Window("Debug", id: "debug") { DebugView() }
                        #endif
                    #else
                        WindowGroup { OtherRoot().onOpenURL(perform: route) }
                    #endif
                }
            }
            """
        let summary = SwiftFileSummary(bytes: Array(text.utf8))
        #expect(summary.scenes.map { $0.rootView?.typeName } == ["PhoneRoot", "MacRoot", "DebugView", "OtherRoot"])
        #expect(
            summary.scenes.map(\.conditions) == [
                ["#if os(iOS)"], ["#elseif os(macOS)"], ["#elseif os(macOS)", "#if DEBUG"], ["#else (not os(iOS))"],
            ])
        #expect(summary.deepLinkHandlers.map(\.calls) == ["route"])
        #expect(summary.deepLinkHandlers.map(\.conditions) == [["#else (not os(iOS))"]])
    }

    @Test func readsRootViewsWithArgumentsModulesAndPostfixIfs() {
        let text = """
            @main struct A: App {
                @NSApplicationDelegateAdaptor(Delegate.self) var delegate
                var body: some Scene {
                    WindowGroup(for: Item.ID.self) { $id in
                        Shell.RootView(store: store, id: id)
                            .environment(\\.locale, locale)
                        #if os(macOS)
                            .frame(minWidth: 400)
                        #endif
                            .onOpenURL { url in
                                Task { await router.open(url) }
                            }
                    }
                    .commands { CommandGroup(replacing: .newItem) {} }
                    WindowGroup { ContentView().announcementBanner(manager: m) }
                }
            }
            """
        let stream = SwiftTokenStream(text: text)
        let summary = SwiftFileSummary(scanning: stream)
        let root = summary.scenes.first?.rootView
        #expect(root?.typeName == "Shell.RootView")
        #expect(root?.modifiers == ["environment", "onOpenURL"])
        #expect(root.map { stream.text(in: $0.range).hasSuffix("router.open(url) }\n                }") } == true)
        #expect(summary.deepLinkHandlers.map(\.calls) == [nil])
        #expect(summary.delegateAdaptors.map(\.typeName) == ["Delegate"])
        #expect(summary.scenes.last?.rootView?.hasModifier("announcementBanner") == true)
        #expect(summary.usesAnnouncementBanner && summary.announcementBannerLines == [15])
    }

    @Test func readsWhatOnOpenURLCallsWhenItIsSimple() {
        let text = """
            struct V: View {
                var body: some View {
                    Text("a").onOpenURL(perform: handleDeepLink)
                    Text("b").onOpenURL { self.router.handle($0) }
                    Text("c").onOpenURL(perform: { url in try? open(url) })
                    Text("d").onOpenURL { url in log(url); open(url) }
                    Text("e").onOpenURL(perform: model.route(_:))
                }
            }
            """
        let summary = SwiftFileSummary(bytes: Array(text.utf8))
        #expect(summary.deepLinkHandlers.map(\.calls) == ["handleDeepLink", "self.router.handle", "open", nil, nil])
        #expect(summary.deepLinkHandlers.map(\.line) == [3, 4, 5, 6, 7])
        #expect(summary.scenes.isEmpty)
    }

    @Test func readsImportsOfEveryForm() {
        let text = "@testable import App\npublic import struct Foo.Bar\nimport AnnouncementKitUI // banners\n"
        let summary = SwiftFileSummary(bytes: Array(text.utf8))
        #expect(summary.imports.map(\.module) == ["App", "Foo", "AnnouncementKitUI"])
        #expect(summary.imports.map(\.path) == ["App", "Foo.Bar", "AnnouncementKitUI"])
        #expect(summary.imports.map(\.range) == [10..<20, 28..<49, 50..<74])
        #expect(summary.imports("AnnouncementKitUI"))
    }

    @Test func readsOldEntryAttributesAndModulePrefixedConformances() {
        let text = """
            @UIApplicationMain class Old: UIResponder {}
            @NSApplicationMain final class Mac: NSObject {}
            @main struct Tool { static func main() {} }
            @main struct Prefixed: SwiftUI.App, @unchecked Sendable {}
            class Thing { class var shared: Thing { Thing() } }
            let actor = 1
            """
        let summary = SwiftFileSummary(bytes: Array(text.utf8))
        #expect(summary.entryPoints.map(\.declaration.name) == ["Old", "Mac", "Tool", "Prefixed"])
        #expect(summary.entryPoints.map(\.kind) == [.uiKit, .appKit, nil, .swiftUI])
        #expect(summary.entryPoints.last?.conformances == ["App", "Sendable"])
        #expect(summary.types.map(\.name) == ["Old", "Mac", "Tool", "Prefixed", "Thing"])
    }
}
