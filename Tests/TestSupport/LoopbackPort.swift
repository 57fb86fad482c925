public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Free TCP ports on 127.0.0.1 and a check that a server is listening.
public enum LoopbackPort {
    /// A port that was free a moment ago: the kernel picks it for a socket bound to port 0.
    public static func free() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestServerError("socket() failed") }
        defer { close(descriptor) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw TestServerError("bind() failed") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts connections on `port`.
    public static func isListening(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return connected == 0
    }

    /// Waits until `port` accepts connections, polling every 20 ms, for at most `timeout` seconds.
    public static func waitUntilListening(_ port: Int, timeout: TimeInterval = 5) throws {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if isListening(port) { return }
            usleep(20_000)
        }
        throw TestServerError("nothing listens on 127.0.0.1:\(port) after \(timeout) s")
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}

/// A test server could not start or stop.
public struct TestServerError: Error, CustomStringConvertible {
    /// What went wrong and what to do.
    public let description: String

    /// Creates an error.
    public init(_ description: String) {
        self.description = description
    }
}
