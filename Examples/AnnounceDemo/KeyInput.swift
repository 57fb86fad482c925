import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The keys typed on standard input, as a stream that ends with the input: single keys from a
/// terminal in raw mode, or one key a line when standard input is a pipe or a file.
package enum KeyInput {
    /// Reads standard input on a thread of its own and yields each key.
    package static func keys(fromTerminal: Bool) -> AsyncStream<DemoKey> {
        AsyncStream { continuation in
            let thread = Thread {
                if fromTerminal {
                    readTerminal(into: continuation)
                } else {
                    while let line = readLine() {
                        if let key = DemoKey(line: line) { continuation.yield(key) }
                    }
                }
                continuation.finish()
            }
            thread.start()
        }
    }

    /// Yields the keys of the bytes the terminal sends until it closes.
    private static func readTerminal(into continuation: AsyncStream<DemoKey>.Continuation) {
        var decoder = DemoKeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            for key in decoder.keys(from: buffer[..<count]) { continuation.yield(key) }
        }
    }
}
