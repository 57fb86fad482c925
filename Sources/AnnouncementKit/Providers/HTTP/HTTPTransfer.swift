import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request of an ``HTTPDownloader``: a `URLSession` of its own (see
/// ``HTTPDownloader/makeSessionConfiguration()``), its delegate, and the state of the answer. Used
/// on Apple platforms, and on Linux when the app gave a session configuration; otherwise, on Linux,
/// the downloader uses ``CurlTransfer``.
///
/// The caller is answered once: at completion, or early when the body passes the cap, a redirect
/// is refused, a response is encoded against the request's `Accept-Encoding: identity`, or the
/// calling task is cancelled. The session holds this delegate strongly until it is invalidated:
/// with `finishTasksAndInvalidate` when the task completes, or after an early answer with
/// `invalidateAndCancel`.
///
/// On Linux every `URLSession` of the process shares one serial work queue, where libcurl runs and
/// where the delegate runs (see ``InlineDelegateQueue``), and FoundationNetworking waits for that
/// queue to create, resume and cancel a task. libcurl holds it while it inflates a compressed body
/// (about 5 s per GiB): waited for on the concurrency pool, that stalled every deadline of the
/// process. So the task is created, resumed and cancelled on a queue of the transfer's own
/// (`control`), and the caller's answer never waits for the work queue.
final class HTTPTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct State {
        var continuation: CheckedContinuation<FeedResponse, any Error>?
        var answered = false
        var cancelling = false
        var response: HTTPURLResponse?
        var encoding: String?
        var body = Data()
        var received = 0
        var redirects = 0
    }

    private let downloader: HTTPDownloader
    private let maximumBodySize: Int
    private let recordsStatistics: Bool
    private let state = LockedValue(State())
    private var session: URLSession!
    /// Where the task is created, resumed and cancelled: these wait for the session's work queue.
    private let control = DispatchQueue(label: "AnnouncementKit.HTTPTransfer.control")
    /// Whether the request asked for `Accept-Encoding: identity`: an encoded response is then
    /// refused at its headers, before libcurl inflates its body.
    private var refusesEncoding = false

    /// A transfer for `downloader` that refuses a body past `maximumBodySize` bytes and, when
    /// `recordsStatistics`, reports its progress to the downloader's ``HTTPDownloader/lastTransfer``.
    init(downloader: HTTPDownloader, maximumBodySize: Int, recordsStatistics: Bool = true) {
        self.downloader = downloader
        self.maximumBodySize = maximumBodySize
        self.recordsStatistics = recordsStatistics
        super.init()
        let configuration = downloader.makeSessionConfiguration()
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: InlineDelegateQueue())
    }

    deinit {
        downloader.transferEnded()
    }

    /// Sends `request` and waits for the whole answer; throws ``FeedDownloadFailure`` or
    /// `CancellationError`.
    func run(_ request: URLRequest) async throws -> FeedResponse {
        let accepted = request.value(forHTTPHeaderField: "Accept-Encoding")
        refusesEncoding = accepted?.trimmingCharacters(in: .whitespaces).lowercased() == "identity"
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let start: Bool = state.withLock { state in
                    if Task.isCancelled || state.answered { return false }
                    state.continuation = continuation
                    return true
                }
                if start {
                    control.async { self.start(request) }
                } else {
                    continuation.resume(throwing: CancellationError())
                    cancel()
                }
            }
        } onCancel: {
            stop(with: CancellationError())
        }
    }

    /// Creates and resumes the task, on `control`, unless the transfer was cancelled first (a task
    /// created on an invalidated session is a fatal error in FoundationNetworking).
    private func start(_ request: URLRequest) {
        guard !state.withLock({ $0.cancelling }) else { return }
        session.dataTask(with: request).resume()
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

    /// Answers the caller with `error` and cancels the transfer.
    private func stop(with error: any Error) {
        answer(.failure(error))
        cancel()
    }

    /// Cancels the task and invalidates the session, once, on `control` (after the task's start).
    private func cancel() {
        let first: Bool = state.withLock { state in
            defer { state.cancelling = true }
            return !state.cancelling
        }
        guard first, let session else { return }
        let unchecked = UncheckedSession(session: session)
        control.async { unchecked.session.invalidateAndCancel() }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        let encoding = http?.value(forHTTPHeaderField: "Content-Encoding").flatMap(HTTPDownloader.contentEncoding)
        if refusesEncoding, let encoding {
            // Refused before any body: libcurl would inflate it whatever the request asked for.
            completionHandler(.cancel)
            stop(with: FeedDownloadFailure.encoded(encoding))
            return
        }
        let expected = response.expectedContentLength
        if expected > Int64(maximumBodySize) {
            // FoundationNetworking ignores the disposition: the transfer is cancelled as well.
            completionHandler(.cancel)
            stop(with: FeedDownloadFailure.tooLarge(received: Int(clamping: expected), encoding: encoding))
            return
        }
        state.withLock { state in
            state.response = http
            state.encoding = encoding
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let cap = maximumBodySize
        let counted: (failure: FeedDownloadFailure?, received: Int, kept: Int)? = state.withLock { state in
            guard !state.answered else { return nil }
            state.received += data.count
            if state.received > cap {
                return (.tooLarge(received: state.received, encoding: state.encoding), state.received, state.body.count)
            }
            state.body.append(data)
            return (nil, state.received, state.body.count)
        }
        guard let counted else { return }
        if recordsStatistics { downloader.record(received: counted.received, kept: counted.kept) }
        if let failure = counted.failure { stop(with: failure) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let count: Int = state.withLock { state in
            state.redirects += 1
            return state.redirects
        }
        // Refuse by answering nil (the task then ends with the 3xx response); cancelling here
        // instead crashes FoundationNetworking on Linux ("not waiting for it").
        if count > downloader.maximumRedirects {
            completionHandler(nil)
            answer(.failure(FeedDownloadFailure.tooManyRedirects(count)))
        } else if let refused = downloader.refusedRedirect(
            location: response.value(forHTTPHeaderField: "Location"), request)
        {
            completionHandler(nil)
            answer(.failure(FeedDownloadFailure.forbiddenRedirect(refused)))
        } else {
            completionHandler(request)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        defer {
            if !state.withLock({ $0.cancelling }) { session.finishTasksAndInvalidate() }
        }
        if let error {
            let nsError = error as NSError
            if nsError.code == NSURLErrorCancelled {
                answer(.failure(FeedDownloadFailure.cancelled))
            } else {
                answer(
                    .failure(
                        FeedDownloadFailure.transport(code: nsError.code, message: nsError.localizedDescription)))
            }
            return
        }
        let (stored, body) = state.withLock { ($0.response, $0.body) }
        guard let response = stored ?? task.response as? HTTPURLResponse else {
            answer(
                .failure(
                    FeedDownloadFailure.transport(code: NSURLErrorBadServerResponse, message: "no HTTP response")))
            return
        }
        let headers = HTTPHeaders(
            etag: response.value(forHTTPHeaderField: "ETag"),
            lastModified: response.value(forHTTPHeaderField: "Last-Modified"),
            cacheControl: response.value(forHTTPHeaderField: "Cache-Control"),
            retryAfter: response.value(forHTTPHeaderField: "Retry-After"),
            contentEncoding: response.value(forHTTPHeaderField: "Content-Encoding"))
        answer(.success(FeedResponse(status: response.statusCode, headers: headers, body: body)))
    }
}

/// Carries a session into a deferred invalidation; `URLSession` is thread-safe for it.
private struct UncheckedSession: @unchecked Sendable {
    let session: URLSession
}
