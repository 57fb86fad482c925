import AnnouncementKit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One run of a child process with its wall time and peak resident memory, standard output discarded,
/// the first line of standard error kept for the log.
///
/// The peak is the child's `VmHWM` read from `/proc` every 5 ms, not `wait4`'s `ru_maxrss`: a spawned
/// child starts as a copy of this process, whose own footprint `ru_maxrss` would count. A rise in
/// the last 5 ms before the child exits can be missed.
struct ChildRun {
    var status: Int32
    var seconds: Double
    var peakMegabytes: Double
    var firstLine: String

    /// Runs `path` with `arguments`; `standardInput` bytes of zeros are written to its standard input
    /// from another thread until it has taken them all or stopped reading.
    static func run(_ path: String, _ arguments: [String], standardInput: Int) -> ChildRun? {
        let timeLimit = 20.0
        let memoryLimitMegabytes = 2_048.0
        signal(SIGPIPE, SIG_IGN)
        var input: [Int32] = [0, 0]
        var errors: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&errors) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        posix_spawn_file_actions_addclose(&actions, input[1])
        posix_spawn_file_actions_addclose(&actions, errors[0])
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = Date()
        guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else { return nil }
        close(input[0])
        close(errors[1])
        let writer = input[1]
        let feeding = Thread {
            let chunk = [UInt8](repeating: 0, count: 1 << 16)
            var left = standardInput
            while left > 0 {
                let written = chunk.withUnsafeBytes { write(writer, $0.baseAddress, min(left, chunk.count)) }
                if written <= 0 { break }
                left -= written
            }
            close(writer)
        }
        feeding.start()
        // A watchdog: an input that is not bounded yet would otherwise run for minutes or take the
        // machine's memory. Past 20 s or 2 GB the child is killed; its figures then show the limit.
        let finished = LockedValue(false)
        let peak = LockedValue(0.0)
        let child = pid
        let watchdog = Thread {
            while !finished.withLock({ $0 }) {
                let (resident, highWater) = memoryMegabytes(of: child)
                peak.withLock { $0 = max($0, highWater) }
                if Date().timeIntervalSince(start) > timeLimit || resident > memoryLimitMegabytes {
                    kill(child, SIGKILL)
                    return
                }
                usleep(5_000)
            }
        }
        watchdog.start()
        var stderrBytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(errors[0], $0.baseAddress, $0.count) }
            if count <= 0 { break }
            if stderrBytes.count < 4_096 { stderrBytes += buffer[0..<count] }
        }
        close(errors[0])
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        finished.withLock { $0 = true }
        let seconds = Date().timeIntervalSince(start)
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let text = String(decoding: stderrBytes, as: UTF8.self)
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        return ChildRun(
            status: exitStatus, seconds: seconds, peakMegabytes: peak.withLock { $0 },
            firstLine: String(line.prefix(160)))
    }
}

/// The resident memory of process `pid` and its high-water mark, in megabytes, from `/proc`; 0 when
/// they cannot be read (the process has exited).
private func memoryMegabytes(of pid: pid_t) -> (resident: Double, highWater: Double) {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return (0, 0) }
    var figures = (resident: 0.0, highWater: 0.0)
    for line in status.split(separator: "\n") {
        let value = (Double(line.filter(\.isNumber)) ?? 0) / 1_024
        if line.hasPrefix("VmRSS:") { figures.resident = value }
        if line.hasPrefix("VmHWM:") { figures.highWater = value }
    }
    return figures
}
