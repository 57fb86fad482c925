import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A downloader that answers each URL from a script of its own, so requests sent concurrently (the
/// images of a feed) get the answers meant for them whatever their order. Keeps every request with
/// the body cap it was sent with.
final class RoutedDownloader: FeedDownloading {
    typealias Step = ScriptedDownloader.Step

    /// One request as it was sent.
    struct Sent: Sendable {
        var request: URLRequest
        /// The per-request body cap, or `nil` for the downloader's own.
        var cap: Int?
    }

    private struct State {
        var routes: [String: [Step]] = [:]
        var sent: [Sent] = []
        var active = 0
        var mostActive = 0
    }

    private let state = LockedValue(State())
    /// How long each answer takes, in real time (so that concurrent downloads overlap).
    private let delay: Duration

    /// A downloader with no routes yet; each answer comes after `delay`.
    init(delay: Duration = .zero) {
        self.delay = delay
    }

    /// Adds `steps` for the next requests to `url`.
    func route(_ url: URL, _ steps: Step...) {
        state.withLock { $0.routes[url.absoluteString, default: []] += steps }
    }

    /// Every request sent so far, in the order they were sent.
    var sent: [Sent] { state.withLock { $0.sent } }

    /// The requests sent to `url`.
    func requests(to url: URL) -> [Sent] {
        sent.filter { $0.request.url?.absoluteString == url.absoluteString }
    }

    /// The most downloads that ran at once.
    var mostActive: Int { state.withLock { $0.mostActive } }

    /// The steps not used yet, all routes together.
    var remainingSteps: Int { state.withLock { $0.routes.values.reduce(0) { $0 + $1.count } } }

    var lastBytesReceived: Int { 0 }

    func download(_ request: URLRequest) async throws -> FeedResponse {
        try await answer(request, cap: nil)
    }

    func download(_ request: URLRequest, maximumBodySize: Int) async throws -> FeedResponse {
        try await answer(request, cap: maximumBodySize)
    }

    private func answer(_ request: URLRequest, cap: Int?) async throws -> FeedResponse {
        let key = request.url?.absoluteString ?? ""
        let step: Step? = state.withLock { state in
            state.sent.append(Sent(request: request, cap: cap))
            state.active += 1
            state.mostActive = max(state.mostActive, state.active)
            guard var steps = state.routes[key], !steps.isEmpty else { return nil }
            let first = steps.removeFirst()
            state.routes[key] = steps
            return first
        }
        defer { state.withLock { $0.active -= 1 } }
        if delay > .zero { try await Task.sleep(for: delay) }
        switch step {
        case nil:
            Issue.record("an unexpected request: \(key)")
            throw FeedDownloadFailure.transport(code: -1, message: "no scripted answer")
        case .respond(let response, _):
            return response
        case .fail(let failure, _):
            throw failure
        case .hang(let time, let seconds):
            time.advance(by: seconds)
            try await Task.sleep(for: .seconds(3600))
            throw FeedDownloadFailure.transport(code: -1, message: "the download was not cancelled")
        }
    }
}
