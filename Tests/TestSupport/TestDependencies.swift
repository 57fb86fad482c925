public import Foundation

/// The programs the HTTP tests start, and whether they may be skipped.
///
/// Under `CI=true` a missing program is a failure, never a skip: the tests run and fail with an
/// error that says how to install it (`scripts/test-deps`).
public enum TestDependencies {
    /// Whether the tests run under CI (`CI=true`).
    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The nginx executable: on `PATH`, or in `/usr/sbin` or `/sbin`.
    public static var nginx: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin", "/usr/local/sbin"]
        return directories.map { URL(fileURLWithPath: $0).appendingPathComponent("nginx") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Whether the nginx tests should run: nginx is installed, or CI requires them.
    public static var runsNginxTests: Bool { nginx != nil || isCI }

    /// The python3 executable.
    public static var python: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Whether the fault-server tests should run: python3 is installed, or CI requires them.
    public static var runsFaultServerTests: Bool { python != nil || isCI }

    /// A program on `PATH` (or in `/usr/bin`), such as `zsh`, `fish` or `groff`.
    public static func program(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin"]
        return directories.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Whether the tests that need `name` should run: it is installed, or CI requires them (and they
    /// then fail, saying it is missing).
    public static func runsTests(needing name: String) -> Bool { program(named: name) != nil || isCI }
}
