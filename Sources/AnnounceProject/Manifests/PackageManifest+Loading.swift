package import Foundation

extension PackageManifest {
    /// How long `swift package dump-package` may take: it compiles the manifest, which takes a few
    /// seconds, more on a busy machine or a first run.
    package static let dumpTimeLimit: TimeInterval = 300

    /// The manifest of the package at `root`, evaluated by SwiftPM itself
    /// (`swift package dump-package`), so that conditions, loops and helper functions in
    /// `Package.swift` count as SwiftPM counts them. `swift` is `environment["ANNOUNCE_SWIFT"]` or
    /// the first `swift` in `PATH`.
    ///
    /// Evaluating a manifest runs its code, as building the package would.
    package static func load(
        packageAt root: URL, environment: [String: String]
    ) throws(ManifestError) -> PackageManifest {
        let swift = environment["ANNOUNCE_SWIFT"] ?? "swift"
        let output: BoundedProcess.Output
        do {
            output = try BoundedProcess.run(
                swift, ["package", "dump-package", "--package-path", root.path], in: root,
                environment: environment, timeLimit: dumpTimeLimit, outputCap: maximumDescriptionBytes + 1)
        } catch {
            throw ManifestError(
                "cannot evaluate Package.swift: \(error.description); install Swift 5.9 or later",
                readableAsText: true)
        }
        if output.timedOut {
            throw ManifestError(
                "'swift package dump-package' did not finish in \(Int(dumpTimeLimit)) s; "
                    + "run it in \(root.path) to see why", readableAsText: true)
        }
        guard output.status == 0 else {
            let errors = firstErrors(output.standardError)
            // An app playground's manifest imports AppleProductTypes, which only Apple's tools have.
            let missingModule = errors.contains("no such module 'AppleProductTypes'")
            throw ManifestError("Package.swift does not evaluate:\n" + errors, readableAsText: missingModule)
        }
        if output.truncated {
            throw ManifestError("the manifest description is larger than \(maximumDescriptionBytes) bytes")
        }
        return try decode(dumpPackageJSON: output.standardOutput)
    }

    /// The first error lines of SwiftPM's output, at most ten, without its compiler command line.
    static func firstErrors(_ data: Data) -> String {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        let errors = lines.filter { $0.contains("error:") && !$0.contains("compiled with:") }
        let chosen = (errors.isEmpty ? lines : errors).prefix(10)
        return chosen.map { "  " + $0.prefix(300) }.joined(separator: "\n")
    }
}
