import AnnouncementKit
import AnnouncementKitPreview
internal import AnnouncementKitTesting
import Foundation
import Observation

/// `announce-demo`: reads the command line and the feed, then runs a ``DemoSession`` in the terminal,
/// redrawing after every key and whenever the manager's answer changes by itself.
@MainActor
package final class DemoProgram {
    private let session: DemoSession
    private let isTerminal: Bool
    private var isTracking = false
    /// The screen last drawn; an unchanged screen is not drawn again.
    private var lastScreen = ""

    private init(session: DemoSession, isTerminal: Bool) {
        self.session = session
        self.isTerminal = isTerminal
    }

    /// Runs the demo with `arguments` (without the program name); returns the exit status.
    package static func main(_ arguments: [String], environment: [String: String]) async -> Int32 {
        let options: DemoOptions
        do {
            switch try DemoOptions.parse(arguments) {
            case .help:
                print(DemoOptions.help)
                return 0
            case .run(let parsed): options = parsed
            }
        } catch {
            return fail("\(error.message)", status: 2)
        }
        let feed: FeedDecodingResult
        switch DemoFeed.load(options.feedPath) {
        case .success(let decoded): feed = decoded
        case .failure(let failure): return fail(failure.message, status: failure.status)
        }
        let isTerminal = RawTerminal.inputIsTerminal && RawTerminal.outputIsTerminal
        let colors = RawTerminal.outputIsTerminal && environment["NO_COLOR"] == nil
        let width = options.width ?? environment["COLUMNS"].flatMap { Int($0) } ?? RawTerminal.columns ?? 80
        // COLUMNS may hold any number: the box stays between the renderer's narrowest and widest.
        let session = DemoSession(
            feed: feed, now: options.now ?? Date(), locale: options.locale,
            width: min(max(width, TerminalBannerRenderer.minimumWidth), TerminalBannerRenderer.maximumWidth),
            colors: colors)
        await session.start()
        let program = DemoProgram(session: session, isTerminal: isTerminal && RawTerminal.enter())
        await program.run()
        return 0
    }

    /// Draws, then acts on each key until `q` or the end of the input.
    private func run() async {
        draw()
        for await key in KeyInput.keys(fromTerminal: isTerminal) {
            guard await session.handle(key) else { break }
            draw()
        }
        session.stop()
        if isTerminal { RawTerminal.restore() }
        RawTerminal.output("announce-demo: stopped at \(Timestamp.format(session.clock.now))\n")
    }

    /// Draws the screen and, unless already waiting, waits for the manager's answer to change to draw
    /// it again: that is how a banner changes by itself when a timer fires on the demo clock.
    private func draw() {
        let screen: String
        if isTracking {
            screen = session.screen()
        } else {
            isTracking = true
            withObservationTracking {
                _ = session.screen()
            } onChange: {
                Task { @MainActor [weak self] in
                    self?.isTracking = false
                    self?.draw()
                }
            }
            // The tracking is installed after the reads it observes: a timer's change in between fires
            // nothing, so the screen is drawn from a read made after the installation.
            screen = session.screen()
        }
        guard screen != lastScreen else { return }
        lastScreen = screen
        RawTerminal.output(isTerminal ? "\u{1B}[H\u{1B}[2J" + screen : screen + "\n")
    }

    private static func fail(_ message: String, status: Int32) -> Int32 {
        FileHandle.standardError.write(Data("announce-demo: \(TerminalText.escaped(message))\n".utf8))
        return status
    }
}
