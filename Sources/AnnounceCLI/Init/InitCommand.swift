import AnnounceProject
import AnnouncementKit
import Foundation

/// `announce init [PATH]`: reads an app project, asks the template's questions (on a terminal),
/// and writes the integration: the setup file, the banner on the root view, a starter feed and
/// the package dependency; all or nothing, inside PATH (docs/init.md).
enum InitCommand {
    /// Where the package is fetched from unless `--package-url` says otherwise.
    static let defaultPackageURL = "https://github.com/example/AnnouncementKit"

    static let spec = CommandSpec(
        name: "init",
        summary: "Integrate AnnouncementKit into an app project: a setup file, the banner on the root view, "
            + "a starter feed and the package dependency.",
        positionalName: "[PATH]", minimumPositionals: 0, maximumPositionals: 1,
        options: [
            OptionSpec("--dry-run", help: "Write nothing; print the unified diff of every change."),
            OptionSpec("--yes", help: "Ask nothing: take the flags, else the recommended answers."),
            OptionSpec("--format", value: "FORMAT", allowed: ["text", "json"], help: "Output format."),
            OptionSpec(
                "--position", value: "POSITION", allowed: InitAnswers.Position.allCases.map(\.rawValue),
                help: "Where banners appear (recommended: top)."),
            OptionSpec(
                "--source", value: "SOURCE", allowed: InitAnswers.Source.allCases.map(\.rawValue),
                help: "Where announcements come from (recommended: both, remote with bundled fallbacks)."),
            OptionSpec(
                "--actions", value: "ACTIONS",
                help: "The action types: all, or a comma-separated list of deepLink, url, dismiss (recommended: all)."),
            OptionSpec(
                "--scheduling", value: "yes|no", allowed: ["yes", "no"],
                help: "Whether the starter feed shows start and end dates (recommended: yes)."),
            OptionSpec("--feed-url", value: "URL", help: "The feed's URL on your server."),
            OptionSpec("--target", value: "NAME", help: "The app target, when the project has more than one."),
            OptionSpec("--keep-existing", help: "Keep another messaging SDK or banner code found in the project."),
            OptionSpec("--replace-existing", help: "Print the steps to remove it (nothing is deleted)."),
            OptionSpec(
                "--package-url", value: "URL",
                help: "Where the package comes from: a repository URL, or a local path (default \(defaultPackageURL))."),
            OptionSpec(
                "--package-version", value: "V", help: "The version to depend on (default \(Announce.version))."),
            OptionSpec(
                "--no-project-edit",
                help: "Leave Package.swift or the project file alone; print the steps to add the package instead."),
        ],
        discussion: """
            PATH (default .) is the app's project root: a folder with Package.swift, an *.xcodeproj or an
            *.xcworkspace.
            On a terminal, without --yes, it asks the template's four questions; otherwise it takes the
            flags, else the recommended answers, and says so. A second run on an integrated project
            changes nothing. Nothing is written outside PATH, and a failure leaves every file as it was.
            Exit status: 0 integrated, planned (--dry-run) or already integrated; 1 refused, with
            nothing written; 2 usage.
            """,
        positionalCompletion: .directories)

    static func run(_ arguments: ParsedArguments, _ environment: Announce.Environment) async -> CommandResult {
        let json = arguments.value("--format") == "json"
        var answers: InitAnswers
        do {
            answers = try parseAnswers(arguments)
        } catch {
            return CommandResult(
                standardError: "announce init: \(TerminalText.escaped(error.message))\n\(error.hint)\n", status: .usage)
        }
        let path = arguments.positionals.first ?? "."
        let root = URL(fileURLWithPath: path, relativeTo: environment.currentDirectory).standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
            return CommandResult(
                standardError:
                    "announce init: \(TerminalText.escaped(path)) is not a folder; give the app's project root.\n",
                status: .usage)
        }
        let project = inspect(root, target: arguments.value("--target"), environment: environment.variables)
        let asked = askQuestions(&answers, arguments: arguments, project: project, environment: environment)
        let templates = InitTemplates(
            answers: answers, schemes: project.inspection.schemes, feedURL: arguments.value("--feed-url"),
            bundle: project.bundle, clashingNames: project.clashingNames, appName: project.appName,
            now: now(environment.variables))
        let location = packageLocation(arguments.value("--package-url"), root: root, environment: environment)
        let package = InitPlan.PackageSource(
            location: location, version: arguments.value("--package-version") ?? Announce.version,
            folder: URL(fileURLWithPath: location, relativeTo: root).standardizedFileURL.path)
        var plan = InitPlan.make(
            project, templates: templates, package: package, editProject: !arguments.flag("--no-project-edit"),
            environment: environment.variables)
        if plan.status == .planned, !arguments.flag("--dry-run") {
            do {
                try FileTransaction(root: root).apply(plan.changes)
                plan.status = .applied
            } catch {
                plan.status = .refused
                plan.message = error.description + "; nothing was written"
            }
        }
        return output(
            plan, project: project, answers: answers, asked: asked, json: json, dryRun: arguments.flag("--dry-run"))
    }

    /// The project at `root`, read by its kind.
    static func inspect(_ root: URL, target: String?, environment: [String: String]) -> InitProject {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        let isXcode = names.contains { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }
        if names.contains("Package.swift") && !isXcode {
            return InitProject.swiftPM(root: root, target: target, environment: environment)
        }
        if isXcode {
            return InitProject.readXcode(root: root, target: target, environment: environment)
        }
        var project = InitProject(inspection: ProjectInspection(kind: .swiftpm), root: root)
        if let playground = names.sorted().first(where: { $0.hasSuffix(".swiftpm") }) {
            project.inspection.kind = .playground
            project.refuse(
                "projectFile",
                "\(root.path) holds the app playground \(playground): run announce init in \(playground)")
        } else {
            project.inspection.kind = .swiftpm
            project.refuse(
                "projectFile",
                "\(root.path) is not an app project: it has no Package.swift, *.xcodeproj, *.xcworkspace or "
                    + "*.swiftpm; run announce init in the app's project root")
        }
        return project
    }

    static func now(_ variables: [String: String]) -> Date {
        if let text = variables["ANNOUNCE_NOW"], let date = ISO8601DateFormatter().date(from: text) { return date }
        return Date()
    }

    /// A local `--package-url` as `.package(path:)` writes it: relative to the project root.
    static func packageLocation(_ given: String?, root: URL, environment: Announce.Environment) -> String {
        guard let given else { return defaultPackageURL }
        if given.contains("://") || given.hasPrefix("git@") { return given }
        let absolute = URL(fileURLWithPath: given, relativeTo: environment.currentDirectory).standardizedFileURL.path
        return relativePath(from: root.path, to: absolute)
    }

    /// The path of `target` relative to the folder `base`.
    static func relativePath(from base: String, to target: String) -> String {
        let a = base.split(separator: "/")
        let b = target.split(separator: "/")
        var common = 0
        while common < a.count, common < b.count, a[common] == b[common] { common += 1 }
        let ups = Array(repeating: "..", count: a.count - common)
        let rest = b[common...].map(String.init)
        let joined = (ups + rest).joined(separator: "/")
        return joined.isEmpty ? "." : joined
    }
}
