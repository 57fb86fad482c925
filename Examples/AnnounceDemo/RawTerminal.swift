import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input as a terminal that delivers each key at once, without echo, and is put back as it
/// was on exit, on SIGINT and on SIGTERM.
///
/// Only canonical mode and echo are turned off: output processing stays on (a newline still starts
/// a line) and Control-C still sends SIGINT, which restores the terminal before the demo ends.
package enum RawTerminal {
    /// The settings to put back; set while the terminal is raw.
    nonisolated(unsafe) private static var saved: termios?
    nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []

    /// Whether standard input is a terminal.
    package static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// Whether standard output is a terminal.
    package static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// The terminal's width in columns, if standard output is a terminal that says.
    package static var columns: Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Turns off canonical mode and echo, switches to the alternate screen and hides the cursor.
    /// Returns `false` (and changes nothing) when the settings cannot be read.
    package static func enter() -> Bool {
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return false }
        saved = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
        output("\u{1B}[?1049h\u{1B}[?25l")
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                restore()
                exit(128 + number)
            }
            source.resume()
            signalSources.append(source)
        }
        return true
    }

    /// Puts the terminal back as ``enter()`` found it: the settings, the main screen and the cursor.
    package static func restore() {
        guard var settings = saved else { return }
        saved = nil
        output("\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
    }

    /// Writes `text` to standard output at once.
    package static func output(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes {
                write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset)
            }
            if written <= 0 { return }
            offset += written
        }
    }
}
