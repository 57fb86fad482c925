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
        signal(SIGPIPE, SIG_IGN)
        var input: [Int32] = [0, 0]
        var errors: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&errors) == 0 else { return nil }
        guard let (pid, start) = spawn(path, arguments, input: input, errors: errors) else { return nil }
        close(input[0])
        close(errors[1])
        writeZeros(standardInput, to: input[1])
        let finished = LockedValue(false)
        let peak = watch(pid, since: start, until: finished)
        let stderrBytes = readAll(errors[0], keeping: 4_096)
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

    /// Starts `path` with standard input from the pipe `input`, standard output to `/dev/null` and
    /// standard error to the pipe `errors`; its process id and the instant it was started.
    private static func spawn(_ path: String, _ arguments: [String], input: [Int32], errors: [Int32])
        -> (pid_t, Date)?
    {
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
        return (pid, start)
    }

    /// Writes `count` bytes of zeros to `writer` from a thread of its own, until they are all taken
    /// or the reader stops reading, then closes it.
    private static func writeZeros(_ count: Int, to writer: Int32) {
        let feeding = Thread {
            let chunk = [UInt8](repeating: 0, count: 1 << 16)
            var left = count
            while left > 0 {
                let written = chunk.withUnsafeBytes { write(writer, $0.baseAddress, min(left, chunk.count)) }
                if written <= 0 { break }
                left -= written
            }
            close(writer)
        }
        feeding.start()
    }

    /// A watchdog over the child `pid` until `finished`: it records the peak resident memory in the
    /// value it returns, every 5 ms. An input that is not bounded yet would otherwise run for minutes
    /// or take the machine's memory: past 20 s or 2 GB the child is killed; its figures then show
    /// the limit.
    private static func watch(_ pid: pid_t, since start: Date, until finished: LockedValue<Bool>)
        -> LockedValue<Double>
    {
        let timeLimit = 20.0
        let memoryLimitMegabytes = 2_048.0
        let peak = LockedValue(0.0)
        let watchdog = Thread {
            while !finished.withLock({ $0 }) {
                let (resident, highWater) = memoryMegabytes(of: pid)
                peak.withLock { $0 = max($0, highWater) }
                if Date().timeIntervalSince(start) > timeLimit || resident > memoryLimitMegabytes {
                    kill(pid, SIGKILL)
                    return
                }
                usleep(5_000)
            }
        }
        watchdog.start()
        return peak
    }

    /// Reads `descriptor` to its end; the bytes of the first reads, until `limit` is reached.
    private static func readAll(_ descriptor: Int32, keeping limit: Int) -> [UInt8] {
        var kept: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            if kept.count < limit { kept += buffer[0..<count] }
        }
        return kept
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
