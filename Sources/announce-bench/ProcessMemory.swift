import Foundation

/// Reads this process's memory figures from `/proc/self/status`.
enum ProcessMemory {
    /// A field such as `VmHWM` or `VmRSS`, in bytes; `nil` when it cannot be read.
    static func field(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.dropFirst(name.count + 1).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }
}
