public import Foundation

/// Files kept with the tests and programs built next to them, found relative to this source file so
/// tests run from any directory. Shared by both test targets.
public enum Fixtures {
    /// The repository's root directory.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file of the repository, by its path from the root.
    public static func url(_ relativePath: String) -> URL {
        repositoryRoot.appendingPathComponent(relativePath)
    }

    /// The bytes of a file of the repository.
    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }

    /// The JSON files in a fixture folder, sorted by name.
    public static func files(in folder: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: url(folder), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// An executable product built next to the test bundle, such as `announce` or `state-child`.
    public static func executable(named name: String) -> URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            repositoryRoot.appendingPathComponent(".build/debug"),
        ]
        return candidates.map { $0.appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The built `announce` executable.
    public static var announceExecutable: URL? { executable(named: "announce") }

    /// Runs a program and collects its output and exit status; the wait is on a thread of its own
    /// (``OffPool``), so other tests go on meanwhile.
    public static func run(
        _ executable: URL, _ arguments: [String], input: Data? = nil, environment: [String: String]? = nil
    ) async throws -> (status: Int32, standardOutput: String, standardError: String) {
        try await OffPool.run { try runBlocking(executable, arguments, input: input, environment: environment) }
    }

    /// ``run(_:_:input:environment:)`` holding the calling thread, for the few places that cannot
    /// wait, such as the condition of a test trait.
    public static func runBlocking(
        _ executable: URL, _ arguments: [String], input: Data? = nil, environment: [String: String]? = nil
    ) throws -> (status: Int32, standardOutput: String, standardError: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = repositoryRoot
        if let environment { process.environment = environment }
        let output = Pipe()
        let error = Pipe()
        let inputPipe = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = inputPipe
        try process.run()
        if let input { inputPipe.fileHandleForWriting.write(input) }
        try inputPipe.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a large output cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        DispatchQueue.global().async {
            errorData = error.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outputData, as: UTF8.self),
            String(decoding: errorData, as: UTF8.self)
        )
    }
}
