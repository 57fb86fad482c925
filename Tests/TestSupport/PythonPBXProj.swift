import Foundation

/// The PyPI package `pbxproj` (a parser of project files written independently of ours), run
/// through `python3` to check that edited files read back and say what the edits meant.
public enum PythonPBXProj {
    /// Whether `python3` can import `pbxproj` (checked once, in a test trait's condition).
    public static let available: Bool = (try? runBlocking(["-c", "import pbxproj"]).status) == 0

    /// Under `CI=true` a missing `pbxproj` is a failure, so the test runs and says so.
    public static let required = ProcessInfo.processInfo.environment["CI"] == "true"

    /// What the check script verifies in one edited file.
    public struct Expectation: Encodable, Sendable {
        public var path: String
        public var target: String
        public var products: [String]
        /// The package's `repositoryURL` or `relativePath`.
        public var package: String
        /// File names the target's Sources or Resources phase must list.
        public var files: [String] = []

        public init(path: String, target: String, products: [String], package: String, files: [String] = []) {
            self.path = path
            self.target = target
            self.products = products
            self.package = package
            self.files = files
        }
    }

    /// Loads each file with `pbxproj` and checks the package is among the project's references
    /// and each product is a dependency of the target on that package, linked in its Frameworks
    /// phase. Returns the exit status and what the script printed.
    public static func check(_ expectations: [Expectation]) async throws -> (status: Int32, output: String) {
        let specification = FileManager.default.temporaryDirectory.appendingPathComponent("pbxproj-\(UUID()).json")
        try JSONEncoder().encode(expectations).write(to: specification)
        defer { try? FileManager.default.removeItem(at: specification) }
        let result = try await runOffPool(["-c", script, specification.path])
        return (result.status, result.output + result.error)
    }

    static let script = """
        import json, sys
        from pbxproj import XcodeProject
        failures = []
        for item in json.load(open(sys.argv[1])):
            before = len(failures)
            where = item["path"].rsplit("/", 1)[-1] + ": "
            project = XcodeProject.load(item["path"])
            objects = project.objects
            root = objects[project.rootObject]
            references = [r for r in root.packageReferences
                          if item["package"] in (getattr(objects[r], "repositoryURL", None),
                                                 getattr(objects[r], "relativePath", None))]
            if len(references) != 1:
                failures.append(where + "%d references to %s" % (len(references), item["package"]))
                continue
            target = project.get_target_by_name(item["target"])
            dependencies = {objects[d].productName: d for d in target.packageProductDependencies}
            phases = [objects[p] for p in target.buildPhases]
            frameworks = [p for p in phases if p.isa == "PBXFrameworksBuildPhase"]
            linked = {getattr(objects[f], "productRef", None) for p in frameworks for f in p.files}
            for product in item["products"]:
                dependency = dependencies.get(product)
                if dependency is None:
                    failures.append(where + "%s does not depend on %s" % (item["target"], product))
                elif objects[dependency].package != references[0]:
                    failures.append(where + "%s is not from %s" % (product, item["package"]))
                elif dependency not in linked:
                    failures.append(where + "%s is not in the Frameworks phase of %s" % (product, item["target"]))
            listed = set()
            for p in phases:
                if p.isa in ("PBXSourcesBuildPhase", "PBXResourcesBuildPhase"):
                    for f in p.files:
                        ref = getattr(objects[f], "fileRef", None)
                        if ref is not None:
                            listed.add(getattr(objects[ref], "path", None))
            for name in item["files"]:
                if name not in listed:
                    failures.append(where + "%s is not in a phase of %s" % (name, item["target"]))
            if len(failures) == before:
                print(where + "ok, %d objects" % len(list(objects.get_keys())))
        for failure in failures:
            print("FAIL " + failure)
        sys.exit(1 if failures else 0)
        """

    /// Runs `python3` on a thread of its own, so the wait holds no thread of the concurrency pool.
    static func runOffPool(_ arguments: [String]) async throws -> (status: Int32, output: String, error: String) {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try runBlocking(arguments) })
            }
            thread.start()
        }
    }

    static func runBlocking(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        nonisolated(unsafe) var errorData = Data()
        let done = DispatchSemaphore(value: 0)
        // Both pipes are read to the end before the wait, so a large output cannot block the child.
        Thread {
            errorData = error.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outputData, as: UTF8.self),
            String(decoding: errorData, as: UTF8.self)
        )
    }
}
