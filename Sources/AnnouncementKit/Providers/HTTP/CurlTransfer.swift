#if os(Linux) && canImport(CCurlShim)
    import CCurl
    import CCurlShim
    import Foundation
    import FoundationNetworking

    /// One request of an ``HTTPDownloader`` on Linux when the app gave no session configuration: a
    /// libcurl easy handle driven by a thread of its own (``CurlExchange``), with the contract of
    /// ``HTTPTransfer``: the same ``FeedResponse``, the same ``FeedDownloadFailure`` cases, a body cap
    /// counted as the bytes arrive, redirects checked one by one, the caller answered at once when
    /// its task is cancelled.
    ///
    /// FoundationNetworking runs every `URLSession` of a process on one queue, where libcurl inflates
    /// any `Content-Encoding` it knows whatever the request asked for: a server that sends gzip bombs
    /// as images held every download of the process for about 5 s per GiB. Here each transfer blocks
    /// only its own thread, content decoding is off for a request that asks for `identity` (an
    /// encoded answer is refused at its headers and the connection closed, nothing inflated), and a
    /// decoded body is counted as libcurl inflates it and aborted at the cap from the write callback.
    ///
    /// The caller waits on a continuation, never on the thread: a cancellation answers it at once,
    /// and the thread ends at libcurl's next progress call (at least once a second), releasing its
    /// handle (``HTTPDownloader/activeTransfers`` counts the threads).
    final class CurlTransfer: @unchecked Sendable {
        private struct State {
            var continuation: CheckedContinuation<FeedResponse, any Error>?
            var answered = false
            var cancelled = false
        }

        let downloader: HTTPDownloader
        let maximumBodySize: Int
        let recordsStatistics: Bool
        private let state = LockedValue(State())

        /// libcurl's global set-up, once per process before the first handle (thread-safe since 7.84,
        /// and a Swift global is initialised once).
        private static let globalSetUp: CURLcode = curl_global_init(Int(CURL_GLOBAL_ALL))

        /// A transfer for `downloader` that refuses a body past `maximumBodySize` bytes and, when
        /// `recordsStatistics`, reports its progress to the downloader's ``HTTPDownloader/lastTransfer``.
        init(downloader: HTTPDownloader, maximumBodySize: Int, recordsStatistics: Bool = true) {
            self.downloader = downloader
            self.maximumBodySize = maximumBodySize
            self.recordsStatistics = recordsStatistics
        }

        /// Whether the caller's task was cancelled: the thread stops at libcurl's next callback.
        var isCancelled: Bool { state.withLock { $0.cancelled } }

        /// Sends `request` and waits for the whole answer; throws ``FeedDownloadFailure`` or
        /// `CancellationError`.
        func run(_ request: URLRequest) async throws -> FeedResponse {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let start: Bool = state.withLock { state in
                        if Task.isCancelled || state.cancelled { return false }
                        state.continuation = continuation
                        return true
                    }
                    if start {
                        startThread(request)
                    } else {
                        continuation.resume(throwing: CancellationError())
                    }
                }
            } onCancel: {
                cancel()
            }
        }

        /// Starts the thread that performs `request` and answers the caller.
        private func startThread(_ request: URLRequest) {
            downloader.transferStarted()
            let thread = Thread { [self] in
                defer { downloader.transferEnded() }
                answer(Result { try perform(request) })
            }
            thread.name = "AnnouncementKit.CurlTransfer"
            thread.stackSize = 1 << 20
            thread.start()
        }

        /// Performs `request` on the calling thread, following the redirects the downloader allows.
        private func perform(_ request: URLRequest) throws -> FeedResponse {
            guard Self.globalSetUp == CURLE_OK else {
                throw FeedDownloadFailure.transport(code: NSURLErrorUnknown, message: "libcurl could not be set up")
            }
            guard var url = request.url else {
                throw FeedDownloadFailure.transport(code: NSURLErrorBadURL, message: "the request has no URL")
            }
            let exchange = try CurlExchange(transfer: self, request: request)
            var redirects = 0
            while true {
                guard let location = try exchange.perform(url) else { return try exchange.response() }
                redirects += 1
                url = try redirectTarget(location, from: url, request: request, count: redirects)
            }
        }

        /// Where a redirect to `location` (the header as sent) from `url` goes, or why it is refused:
        /// past the downloader's limit, to a scheme other than http(s), or not a URL at all.
        private func redirectTarget(_ location: String, from url: URL, request: URLRequest, count: Int) throws -> URL {
            if count > downloader.maximumRedirects { throw FeedDownloadFailure.tooManyRedirects(count) }
            guard let target = URL(string: location, relativeTo: url)?.absoluteURL, target.scheme != nil else {
                throw FeedDownloadFailure.transport(
                    code: NSURLErrorBadServerResponse,
                    message: "the server redirected to \"\(HTTPDownloader.shortened(location))\", which is not a URL")
            }
            var next = request
            next.url = target
            if let refused = downloader.refusedRedirect(location: location, next) {
                throw FeedDownloadFailure.forbiddenRedirect(refused)
            }
            return target
        }

        /// Answers the caller once; later answers are dropped.
        private func answer(_ result: Result<FeedResponse, any Error>) {
            let continuation: CheckedContinuation<FeedResponse, any Error>? = state.withLock { state in
                guard !state.answered else { return nil }
                state.answered = true
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume(with: result)
        }

        /// Answers the caller with `CancellationError` at once and tells the thread to stop.
        private func cancel() {
            state.withLock { $0.cancelled = true }
            answer(.failure(CancellationError()))
        }
    }
#endif
