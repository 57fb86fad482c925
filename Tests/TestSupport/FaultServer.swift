public import Foundation

/// `scripts/fault-server.py` on 127.0.0.1 and a free port, as a child process of the test; the
/// path of a request selects the fault (see the script). Stopped by ``stop()`` or on release.
public final class FaultServer: @unchecked Sendable {
    /// The port it listens on.
    public let port: Int
    private let process: Process
    private let lock = NSLock()
    private var isStopped = false

    /// Starts the server and reads the port it prints.
    public init() throws {
        guard let python = TestDependencies.python else {
            throw TestServerError("python3 is not installed; the fault server needs it")
        }
        let process = Process()
        process.executableURL = python
        process.arguments = [
            Fixtures.url("scripts/fault-server.py").path, "0",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            ChildProcess.kill(process)
            throw TestServerError("the fault server did not print its port (got \"\(text)\")")
        }
        self.port = port
        self.process = process
    }

    deinit {
        stop()
    }

    /// Stops the server (SIGKILL, then waits). Safe to call twice.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !isStopped else { return }
        isStopped = true
        ChildProcess.kill(process)
    }

    /// The URL of a fault, such as `url("status/503")`.
    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(path)")!
    }
}
