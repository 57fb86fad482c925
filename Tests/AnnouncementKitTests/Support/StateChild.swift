import Foundation

/// The `state-child` executable (Tests/StateChild), built next to the test bundle.
enum StateChild {
    static var executable: URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Fixtures.repositoryRoot.appendingPathComponent(".build/debug"),
        ]
        return candidates.map { $0.appendingPathComponent("state-child") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
