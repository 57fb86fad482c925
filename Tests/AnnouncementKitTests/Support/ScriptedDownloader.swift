import AnnouncementKit
import AnnouncementKitTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A downloader that answers from a script, one step per request, and keeps every request it was
/// sent, so the remote provider's logic can be tested without a server.
final class ScriptedDownloader: FeedDownloading {
    /// The answer to one request.
    enum Step: Sendable {
        /// A complete answer; `bytes` is what the transfer counted (the body's size when `nil`).
        case respond(FeedResponse, bytes: Int?)
        /// A failed download, after `bytes` body bytes.
        case fail(FeedDownloadFailure, bytes: Int)
        /// No answer: time moves on by `seconds` (past the provider's deadline, say) and the
        /// download waits until it is cancelled.
        case hang(advancing: ManualTimeSource, by: TimeInterval)

        /// A `200` with `body` and the given validators and `Cache-Control`.
        static func ok(
            _ body: Data, etag: String? = nil, lastModified: String? = nil, cacheControl: String? = nil
        ) -> Step {
            .respond(
                FeedResponse(
                    status: 200,
                    headers: HTTPHeaders(etag: etag, lastModified: lastModified, cacheControl: cacheControl),
                    body: body),
                bytes: nil)
        }

        /// A `304 Not Modified`, with the `ETag` a server may repeat.
        static func notModified(etag: String? = nil) -> Step {
            .respond(FeedResponse(status: 304, headers: HTTPHeaders(etag: etag)), bytes: 0)
        }

        /// An answer with `status`, a short body and an optional `Retry-After`.
        static func status(_ status: Int, retryAfter: String? = nil) -> Step {
            .respond(
                FeedResponse(status: status, headers: HTTPHeaders(retryAfter: retryAfter), body: Data("error".utf8)),
                bytes: nil)
        }
    }

    private struct State {
        var steps: [Step]
        var requests: [URLRequest] = []
        var lastBytesReceived = 0
    }

    private let state: LockedValue<State>

    /// A downloader that answers the requests with `steps`, in order.
    init(_ steps: [Step] = []) {
        state = LockedValue(State(steps: steps))
    }

    /// Adds steps for the next requests.
    func append(_ steps: Step...) {
        state.withLock { $0.steps += steps }
    }

    /// The requests sent so far, in order.
    var requests: [URLRequest] { state.withLock { $0.requests } }

    /// The steps not used yet.
    var remainingSteps: Int { state.withLock { $0.steps.count } }

    var lastBytesReceived: Int { state.withLock { $0.lastBytesReceived } }

    func download(_ request: URLRequest) async throws -> FeedResponse {
        let step: Step? = state.withLock { state in
            state.requests.append(request)
            state.lastBytesReceived = 0
            return state.steps.isEmpty ? nil : state.steps.removeFirst()
        }
        switch step {
        case nil:
            Issue.record("an unexpected request: \(request.url?.absoluteString ?? "-")")
            throw FeedDownloadFailure.transport(code: -1, message: "no scripted answer")
        case .respond(let response, let bytes):
            state.withLock { $0.lastBytesReceived = bytes ?? response.body.count }
            return response
        case .fail(let failure, let bytes):
            state.withLock { $0.lastBytesReceived = bytes }
            throw failure
        case .hang(let time, let seconds):
            time.advance(by: seconds)
            // Ends only when the provider cancels the download (Task.sleep then throws).
            try await Task.sleep(for: .seconds(3600))
            throw FeedDownloadFailure.transport(code: -1, message: "the download was not cancelled")
        }
    }
}

extension URLRequest {
    /// The request's `If-None-Match` header.
    var ifNoneMatch: String? { value(forHTTPHeaderField: "If-None-Match") }
    /// The request's `If-Modified-Since` header.
    var ifModifiedSince: String? { value(forHTTPHeaderField: "If-Modified-Since") }
}
