import AnnounceProject
import Foundation

extension InitPlan {
    /// The steps left to the developer, in the order they come up.
    mutating func addSteps(
        _ project: InitProject, templates: InitTemplates, feedPath: String, package: PackageSource, editProject: Bool
    ) {
        let inspection = project.inspection
        if inspection.kind == .playground, let target = inspection.appTarget {
            steps.append(
                "Add the package in Xcode or Swift Playgrounds (File > Add Package Dependencies…): \(package.location)"
                    + (package.isPath ? "" : ", from \(package.version)")
                    + ", with the products AnnouncementKit and AnnouncementKitUI for \(target). An app playground's "
                    + "Package.swift is written by the app, so announce init leaves it as it is.")
            if templates.readsBundledFeed {
                steps.append(
                    "Add \(feedPath) to the app's resources there too: the setup file reads it from the main bundle.")
            }
        }
        if !editProject, inspection.kind != .swiftpm, inspection.kind != .playground {
            addXcodeProjectSteps(
                project, package: package,
                setupPath: project.setupPath,
                feedPath: feedPath, templates: templates)
        }
        if !editProject || project.manifestReadAsText, inspection.kind == .swiftpm, let target = inspection.appTarget {
            let why = project.manifestReadAsText ? " (SwiftPM could not evaluate it here, so it was left as it is)" : ""
            steps.append(
                "Add the package to Package.swift\(why): \(package.dependencyElement) in dependencies:, and "
                    + package.productElements.joined(separator: " and ") + " in \(target)'s dependencies:"
                    + (templates.readsBundledFeed
                        ? ", with .process(\"Announcements/announcements.json\") in its resources:." : "."))
        }
        if project.rootView == nil {
            addBannerSteps(project, templates: templates)
        }
        addDeepLinkSteps(project, templates: templates)
        for conflict in inspection.conflicts {
            steps.append(conflictStep(conflict, answer: templates.answers.existing))
        }
        if templates.answers.source != .local {
            // The project's own file: a regular file within the tokenizer's budget, never a FIFO.
            let written = BoundedFile.contents(
                project.root.appendingPathComponent(project.setupPath).path,
                limit: SwiftSourceLimits.standard.maxFileBytes)
            let placeholder = written.map {
                String(decoding: $0, as: UTF8.self).contains(InitTemplates.placeholderFeedURL)
            }
            if placeholder ?? (templates.feedURL == nil) {
                steps.append(
                    "Replace the placeholder feed URL (\(InitTemplates.placeholderFeedURL)) in "
                        + "\(InitTemplates.setupTypeName).swift with your feed's, or run again with --feed-url.")
            }
            steps.append("Serve \(feedPath) at the feed URL, as docs/serving-feeds.md describes.")
        }
        steps.append("Check the feed: announce validate \(feedPath)")
        steps.append("See its banners: announce preview \(feedPath)")
    }

    private mutating func addBannerSteps(_ project: InitProject, templates: InitTemplates) {
        let modifiers = templates.rootViewModifiers(handler: nil).joined(separator: "")
        switch project.inspection.entry?.kind {
        case "uikit", "appkit":
            steps.append(
                "The app starts from an application delegate, so no view was edited. Show the banners from a "
                    + "SwiftUI view you host (UIHostingController or NSHostingView): keep one manager, "
                    + "\(InitTemplates.setupTypeName).makeManager(), for the app's lifetime and put "
                    + "\(modifiers) on the hosted root view.")
        default:
            steps.append(
                "No WindowGroup root view was found to edit. In your App, add \(templates.managerProperty) and put "
                    + "\(modifiers) on the root view of the main window.")
        }
    }

    private mutating func addDeepLinkSteps(_ project: InitProject, templates: InitTemplates) {
        guard templates.answers.actions.contains(.deepLink) else { return }
        let inspection = project.inspection
        if inspection.schemes.isEmpty {
            steps.append(
                "The app declares no URL scheme, so deep-link actions are off (deepLinkSchemes is empty). Register "
                    + "one (CFBundleURLTypes in Info.plist) and list it in \(InitTemplates.setupTypeName).deepLinkSchemes."
            )
            return
        }
        if let handler = project.rootViewHandler {
            steps.append("Banner deep links go to \(handler)(_:), the root view's onOpenURL handler.")
        } else if let first = inspection.handlers.first {
            steps.append(
                "Banner deep links open through the system and arrive where the app already handles URLs "
                    + "(\(first.kind) at \(first.file):\(first.line)).")
        } else {
            steps.append(
                "No deep-link handler was found: add .onOpenURL { url in … } to the root view to route the "
                    + "banners' deep links (\(inspection.schemes[0])://…) to a screen.")
        }
    }

    private func conflictStep(_ conflict: ProjectInspection.Conflict, answer: InitAnswers.Existing) -> String {
        if conflict.kind == "sdk" {
            switch answer {
            case .keep:
                return "\(conflict.name) (\(conflict.file)) stays. Where it shows its own messages, keep the banners "
                    + "off with .announcementsSuppressed(), so one message shows at a time."
            case .replace:
                return "To replace \(conflict.name), remove it from \(conflict.file) and remove its calls; "
                    + "announce init changed none of its code."
            }
        }
        let place = "\(conflict.file):\(conflict.line ?? 1)"
        switch answer {
        case .keep:
            return "Your \(conflict.name) (\(place)) stays beside AnnouncementKit's banners."
        case .replace:
            return "To replace your \(conflict.name) (\(place)), move its messages to the feed and remove the type; "
                + "announce init changed none of its code."
        }
    }
}
