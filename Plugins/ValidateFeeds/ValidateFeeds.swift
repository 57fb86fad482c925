import Foundation
import PackagePlugin

/// `swift package validate-feeds [--target NAME]... [PATH...] [validate's options]`: runs
/// `announce validate` on the given feeds, or on every JSON file with an `announcements` array in the
/// package's targets, and fails the command when a feed has errors (or, with `--strict`, warnings).
@main
struct ValidateFeeds: CommandPlugin {
    /// Files larger than a feed may be are not opened to see whether they are one (`announce validate`
    /// would refuse them anyway): the search reads at most this much of each JSON file.
    static let largestFeed = 8 * 1024 * 1024
    /// validate's options that take a value, so that their values are not taken for paths.
    static let valueOptions: Set<String> = ["--allow-scheme", "--format"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let remaining = extractor.remainingArguments
        var options: [String] = []
        var paths: [String] = []
        var index = 0
        while index < remaining.count {
            let argument = remaining[index]
            if argument.hasPrefix("-") {
                options.append(argument)
                if Self.valueOptions.contains(argument), index + 1 < remaining.count {
                    options.append(remaining[index + 1])
                    index += 1
                }
            } else {
                paths.append(argument)
            }
            index += 1
        }
        // SwiftPM runs the plugin in the folder `swift package` was started in: paths given are relative
        // to it, and the feeds found are printed relative to it.
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        if paths.isEmpty {
            let targets =
                targetNames.isEmpty ? context.package.targets : try context.package.targets(named: targetNames)
            paths = Self.feeds(in: targets, root: root)
            if paths.isEmpty {
                print("validate-feeds: no feed (a JSON file with an \"announcements\" array) in the package's targets")
                return
            }
        }
        let tool = try context.tool(named: "announce")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["validate"] + options + paths
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw ValidationFailed(status: process.terminationStatus, feeds: paths.count)
        }
    }

    /// `announce validate` found errors (status 1), or could not read a feed or its arguments (2).
    struct ValidationFailed: Error, CustomStringConvertible {
        let status: Int32
        let feeds: Int

        var description: String {
            let what = status == 2 ? "a usage error or an unreadable file" : "findings"
            return "announce validate failed on \(feeds == 1 ? "1 feed" : "\(feeds) feeds") (\(what), above)"
        }
    }

    /// The feeds among `targets`' files (sources and resources), as paths relative to `root`, sorted.
    static func feeds(in targets: [any Target], root: URL) -> [String] {
        var found: Set<String> = []
        for target in targets {
            guard let module = target.sourceModule else { continue }
            for file in module.sourceFiles where file.url.pathExtension.lowercased() == "json" {
                guard isFeed(file.url) else { continue }
                found.insert(relativePath(of: file.url, to: root))
            }
        }
        return found.sorted()
    }

    /// Whether `file` is a JSON object with an `announcements` array.
    static func isFeed(_ file: URL) -> Bool {
        guard let values = try? file.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey]),
            values.isRegularFile == true, (values.fileSize ?? 0) <= largestFeed,
            let data = try? Data(contentsOf: file),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return false }
        return object["announcements"] is [Any]
    }

    static func relativePath(of file: URL, to root: URL) -> String {
        let filePath = file.standardizedFileURL.resolvingSymlinksInPath().path
        let rootPath = root.standardizedFileURL.resolvingSymlinksInPath().path
        return filePath.hasPrefix(rootPath + "/") ? String(filePath.dropFirst(rootPath.count + 1)) : filePath
    }
}
