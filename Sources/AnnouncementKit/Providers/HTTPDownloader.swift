import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads one feed with a `URLSession` of its own: ephemeral, no `URLCache`, a body cap counted
/// as the bytes arrive, a limit on redirects, and no redirect from `https` to plain `http`.
///
/// `URLSession` has no body cap and cancellation lands late, so the delegate counts bytes itself,
/// stops keeping them past the cap, cancels the task and answers the caller at once.
final class HTTPDownloader: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// A complete answer from the server.
    struct Response: Sendable {
        var status: Int
        var headers: HTTPHeaders
        var body: Data
    }

    /// Why there is no complete answer.
    enum Failure: Error, Sendable, Equatable {
        /// The body passed the cap; `received` bytes had arrived (or were announced) by then.
        case tooLarge(received: Int)
        /// More redirects than allowed.
        case tooManyRedirects(Int)
        /// A redirect to a scheme that is not allowed.
        case forbiddenRedirect(String)
        /// The transport failed (`URLError` code and text).
        case transport(code: Int, message: String)
        /// The task was cancelled.
        case cancelled
    }

    private struct TaskState {
        var continuation: CheckedContinuation<Response, any Error>
        var response: HTTPURLResponse?
        var body = Data()
        var received = 0
        var redirects = 0
    }

    let maximumBodySize: Int
    let maximumRedirects: Int
    let allowsHTTP: Bool
    private let tasks = LockedValue<[Int: TaskState]>([:])
    private let statistics = LockedValue((received: 0, kept: 0))
    private var session: URLSession!

    init(maximumBodySize: Int, maximumRedirects: Int = 5, allowsHTTP: Bool) {
        self.maximumBodySize = maximumBodySize
        self.maximumRedirects = maximumRedirects
        self.allowsHTTP = allowsHTTP
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
    }

    /// The body bytes the last download received from the network, and how many it kept.
    var lastTransfer: (received: Int, kept: Int) { statistics.withLock { $0 } }

    /// Cancels every task and releases the session (which holds its delegate strongly).
    func invalidate() {
        session.invalidateAndCancel()
    }

    /// Sends `request` and waits for the whole answer; throws ``Failure`` or `CancellationError`.
    func download(_ request: URLRequest) async throws -> Response {
        let task = session.dataTask(with: request)
        let id = task.taskIdentifier
        statistics.withLock { $0 = (0, 0) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Response, any Error>) in
                let start: Bool = tasks.withLock { tasks in
                    if Task.isCancelled { return false }
                    tasks[id] = TaskState(continuation: continuation)
                    return true
                }
                if start {
                    task.resume()
                } else {
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            task.cancel()
            finish(id, with: .failure(CancellationError()))
        }
    }

    /// Removes the task's state and answers its caller once; later callbacks find nothing.
    private func finish(_ id: Int, with result: Result<Response, any Error>) {
        guard let state = tasks.withLock({ $0.removeValue(forKey: id) }) else { return }
        state.continuation.resume(with: result)
    }

    /// Answers the caller at once, then cancels the transfer once the current delegate callback has
    /// returned: FoundationNetworking on Linux can crash ("a task that is not in the registry") when
    /// a task is cancelled from inside its own data callback while more callbacks are queued
    /// (swift-corelibs-foundation issue 3296). Bytes that still arrive are not kept.
    private func fail(_ task: URLSessionTask, _ failure: Failure) {
        finish(task.taskIdentifier, with: .failure(failure))
        let cancel = UncheckedTask(task: task)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) { cancel.task.cancel() }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let expected = response.expectedContentLength
        if expected > Int64(maximumBodySize) {
            finish(dataTask.taskIdentifier, with: .failure(Failure.tooLarge(received: Int(expected))))
            completionHandler(.cancel)
            return
        }
        tasks.withLock { $0[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = dataTask.taskIdentifier
        let overCap: Int? = tasks.withLock { tasks in
            guard var state = tasks[id] else { return nil }
            state.received += data.count
            let received = state.received
            statistics.withLock { $0.received = received }
            if received > maximumBodySize {
                tasks[id] = state
                return received
            }
            state.body.append(data)
            let kept = state.body.count
            statistics.withLock { $0.kept = kept }
            tasks[id] = state
            return nil
        }
        if let overCap { fail(dataTask, .tooLarge(received: overCap)) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let id = task.taskIdentifier
        let count: Int = tasks.withLock { tasks in
            tasks[id]?.redirects += 1
            return tasks[id]?.redirects ?? 0
        }
        let scheme = request.url?.scheme?.lowercased() ?? ""
        // Refuse by answering nil (the task then ends with the 3xx response); cancelling here
        // instead crashes FoundationNetworking on Linux ("not waiting for it").
        if count > maximumRedirects {
            completionHandler(nil)
            finish(id, with: .failure(Failure.tooManyRedirects(count)))
        } else if scheme != "https" && !(scheme == "http" && allowsHTTP) {
            completionHandler(nil)
            finish(id, with: .failure(Failure.forbiddenRedirect(request.url?.absoluteString ?? "?")))
        } else {
            completionHandler(request)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let id = task.taskIdentifier
        if let error {
            let nsError = error as NSError
            if nsError.code == NSURLErrorCancelled {
                finish(id, with: .failure(Failure.cancelled))
            } else {
                finish(id, with: .failure(Failure.transport(code: nsError.code, message: nsError.localizedDescription)))
            }
            return
        }
        guard let state = tasks.withLock({ $0[id] }) else { return }
        guard let response = state.response ?? task.response as? HTTPURLResponse else {
            finish(
                id, with: .failure(Failure.transport(code: NSURLErrorBadServerResponse, message: "no HTTP response")))
            return
        }
        let headers = HTTPHeaders(
            etag: response.value(forHTTPHeaderField: "ETag"),
            lastModified: response.value(forHTTPHeaderField: "Last-Modified"),
            cacheControl: response.value(forHTTPHeaderField: "Cache-Control"),
            retryAfter: response.value(forHTTPHeaderField: "Retry-After"),
            contentEncoding: response.value(forHTTPHeaderField: "Content-Encoding"))
        finish(id, with: .success(Response(status: response.statusCode, headers: headers, body: state.body)))
    }
}

/// Carries a task into a deferred cancellation; `URLSessionTask` is thread-safe for `cancel()`.
private struct UncheckedTask: @unchecked Sendable {
    let task: URLSessionTask
}
