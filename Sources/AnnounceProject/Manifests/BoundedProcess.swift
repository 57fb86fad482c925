package import Foundation

/// Runs a program with a time limit and a cap on what it may print, for the tools `announce init`
/// asks about a project (`swift package dump-package`). A program that runs past its time is
/// terminated (then killed); output past the cap is read and dropped, so the program never blocks
/// on a full pipe and memory stays bounded.
package enum BoundedProcess {
    /// What a run produced.
    package struct Output: Sendable {
        /// The exit status, or the signal that ended the program.
        package var status: Int32
        /// Standard output, at most the cap.
        package var standardOutput: Data
        /// Standard error, at most the cap.
        package var standardError: Data
        /// Whether standard output passed the cap.
        package var truncated: Bool
        /// Whether the program was stopped at the time limit.
        package var timedOut: Bool
    }

    /// Why the program could not be started.
    package struct LaunchError: Error, CustomStringConvertible {
        package var description: String
    }

    /// Runs `executable` (a path, or a name looked up in `PATH`) with `arguments` in `directory`.
    package static func run(
        _ executable: String, _ arguments: [String], in directory: URL, environment: [String: String],
        timeLimit: TimeInterval, outputCap: Int
    ) throws(LaunchError) -> Output {
        guard let path = resolve(executable, path: environment["PATH"]) else {
            throw LaunchError(description: "'\(executable)' was not found in PATH")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        do {
            try process.run()
        } catch {
            throw LaunchError(description: "'\(executable)' could not be started: \(error.localizedDescription)")
        }
        let stdout = CappedReader(out.fileHandleForReading, cap: outputCap)
        let stderr = CappedReader(err.fileHandleForReading, cap: 64 << 10)
        var timedOut = false
        if ended.wait(timeout: .now() + timeLimit) == .timedOut {
            timedOut = true
            process.terminate()
            if ended.wait(timeout: .now() + 2) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                ended.wait()
            }
        }
        let (output, truncated) = stdout.finish()
        return Output(
            status: process.terminationStatus, standardOutput: output, standardError: stderr.finish().data,
            truncated: truncated, timedOut: timedOut)
    }

    /// The path of `name`: itself when it has a `/`, else the first executable of that name in `path`.
    static func resolve(_ name: String, path: String?) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        for folder in (path ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = String(folder) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// Reads a pipe to its end on a thread of its own, keeping at most `cap` bytes.
private final class CappedReader: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var truncated = false
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle, cap: Int) {
        let thread = Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.lock()
                let room = cap - data.count
                if chunk.count > room { truncated = true }
                if room > 0 { data.append(chunk.prefix(room)) }
                lock.unlock()
            }
            done.signal()
        }
        thread.start()
    }

    /// Waits for the end of the pipe and returns what was kept.
    func finish() -> (data: Data, truncated: Bool) {
        done.wait()
        lock.lock()
        defer { lock.unlock() }
        return (data, truncated)
    }
}
