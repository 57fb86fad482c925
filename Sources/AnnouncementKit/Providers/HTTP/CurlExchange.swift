#if os(Linux) && canImport(CCurlShim)
    import CCurl
    import CCurlShim
    import Foundation
    import FoundationNetworking

    /// The libcurl easy handle of one ``CurlTransfer`` and what its callbacks read, used only on the
    /// transfer's thread: one exchange per request, one ``perform(_:)`` per URL of its redirects.
    ///
    /// libcurl follows no redirect (the transfer checks each one) and speaks only http and https.
    /// The request's timeout is the connect timeout and the idle timeout (less than a byte a second
    /// for that long aborts, as the `URLSession` request timeout did); the session configuration's
    /// resource timeout bounds the whole. A request that asks for `Accept-Encoding: identity` gets no
    /// content decoding: an answer with a `Content-Encoding` is refused at its headers and the
    /// connection closed, before any body. Any other request lets libcurl decode what it knows, and
    /// the decoded bytes count against the cap in the write callback, which aborts past it.
    final class CurlExchange {
        /// The most response header bytes one answer may send (status line included): 256 KiB.
        static let maximumHeaderBytes = 256 * 1024

        private let transfer: CurlTransfer
        private let handle: UnsafeMutableRawPointer
        private var headerList: UnsafeMutablePointer<curl_slist>?
        private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        let refusesEncoding: Bool
        /// The headers of the answer being read, lower-cased names, repeated ones joined by `, `.
        var headers: [String: String] = [:]
        var status = 0
        var headerBytes = 0
        /// Whether the final answer's headers were accepted, so its body is counted and kept.
        var acceptedHeaders = false
        var encoding: String?
        var body = Data()
        var received = 0
        /// Why a callback aborted the transfer.
        var failure: FeedDownloadFailure?
        /// The `Location` of a redirect answer; the transfer decides whether to follow it.
        var redirect: String?

        /// An easy handle set up for `request`; throws when libcurl has no handle to give.
        init(transfer: CurlTransfer, request: URLRequest) throws {
            guard let handle = curl_easy_init() else {
                throw FeedDownloadFailure.transport(code: NSURLErrorUnknown, message: "libcurl gave no handle")
            }
            self.transfer = transfer
            self.handle = handle
            let accepted = request.value(forHTTPHeaderField: "Accept-Encoding")
            refusesEncoding = accepted?.trimmingCharacters(in: .whitespaces).lowercased() == "identity"
            errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
            configure(for: request, acceptEncoding: accepted)
        }

        deinit {
            curl_easy_cleanup(handle)
            curl_slist_free_all(headerList)
            errorBuffer.deallocate()
        }

        /// Sets the options that hold for every URL of the exchange.
        private func configure(for request: URLRequest, acceptEncoding: String?) {
            let context = Unmanaged.passUnretained(self).toOpaque()
            ak_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
            ak_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
            ak_curl_setopt_pointer(handle, CURLOPT_PROTOCOLS_STR, "http,https")
            ak_curl_setopt_pointer(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
            ak_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
            let timeout = max(1, Int(request.timeoutInterval.rounded(.up)))
            ak_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, timeout * 1000)
            ak_curl_setopt_long(handle, CURLOPT_LOW_SPEED_LIMIT, 1)
            ak_curl_setopt_long(handle, CURLOPT_LOW_SPEED_TIME, timeout)
            let resource = transfer.downloader.makeSessionConfiguration().timeoutIntervalForResource
            if resource > 0, resource < 1e9 { ak_curl_setopt_long(handle, CURLOPT_TIMEOUT, Int(resource.rounded(.up))) }
            let userAgent =
                request.value(forHTTPHeaderField: "User-Agent") ?? RemoteProviderConfiguration.defaultUserAgent
            ak_curl_setopt_pointer(handle, CURLOPT_USERAGENT, userAgent)
            if refusesEncoding {
                ak_curl_setopt_long(handle, CURLOPT_HTTP_CONTENT_DECODING, 0)
            } else {
                // The codings the request accepts (all libcurl knows when it names none), decoded by libcurl.
                ak_curl_setopt_pointer(handle, CURLOPT_ACCEPT_ENCODING, acceptEncoding ?? "")
            }
            setMethod(request.httpMethod ?? "GET")
            setHeaders(request, keepingAcceptEncoding: refusesEncoding)
            ak_curl_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION, curlHeaderCallback)
            ak_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
            ak_curl_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION, curlWriteCallback)
            ak_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
            ak_curl_setopt_progress_callback(handle, curlProgressCallback)
            ak_curl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context)
        }

        private func setMethod(_ method: String) {
            switch method.uppercased() {
            case "GET": ak_curl_setopt_long(handle, CURLOPT_HTTPGET, 1)
            case "HEAD": ak_curl_setopt_long(handle, CURLOPT_NOBODY, 1)
            default: ak_curl_setopt_pointer(handle, CURLOPT_CUSTOMREQUEST, method)
            }
        }

        /// Passes the request's headers through (`User-Agent` has its option; `Accept-Encoding` too,
        /// unless it is `identity`); a header with a line break in it is not sent.
        private func setHeaders(_ request: URLRequest, keepingAcceptEncoding: Bool) {
            for (name, value) in request.allHTTPHeaderFields ?? [:] {
                let lowered = name.lowercased()
                if lowered == "user-agent" || (lowered == "accept-encoding" && !keepingAcceptEncoding) { continue }
                let line = "\(name): \(value)"
                guard !line.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else { continue }
                headerList = curl_slist_append(headerList, line)
            }
            // libcurl adds `Expect: 100-continue` to some requests; the provider sends no body.
            headerList = curl_slist_append(headerList, "Expect:")
            ak_curl_setopt_pointer(handle, CURLOPT_HTTPHEADER, UnsafeRawPointer(headerList))
        }

        /// Sends the request to `url` and reads the answer: `nil` when it is complete (see
        /// ``response()``), the `Location` when it is a redirect; throws why it failed.
        func perform(_ url: URL) throws -> String? {
            headers = [:]
            status = 0
            headerBytes = 0
            acceptedHeaders = false
            encoding = nil
            body = Data()
            received = 0
            redirect = nil
            failure = nil
            errorBuffer[0] = 0
            ak_curl_setopt_pointer(handle, CURLOPT_URL, url.absoluteString)
            let code = curl_easy_perform(handle)
            if let redirect { return redirect }
            if let failure { throw failure }
            if transfer.isCancelled { throw FeedDownloadFailure.cancelled }
            guard code == CURLE_OK else {
                throw CurlTransfer.failure(for: code, detail: String(cString: errorBuffer))
            }
            guard acceptedHeaders else {
                throw FeedDownloadFailure.transport(code: NSURLErrorBadServerResponse, message: "no HTTP response")
            }
            return nil
        }

        /// The complete answer of the last ``perform(_:)``.
        func response() throws -> FeedResponse {
            let headers = HTTPHeaders(
                etag: headers["etag"], lastModified: headers["last-modified"], cacheControl: headers["cache-control"],
                retryAfter: headers["retry-after"], contentEncoding: headers["content-encoding"])
            return FeedResponse(status: status, headers: headers, body: body)
        }

        /// Whether the caller no longer waits: every callback then aborts the transfer.
        var isCancelled: Bool { transfer.isCancelled }

        /// The cap of the body, in bytes after decoding.
        var maximumBodySize: Int { transfer.maximumBodySize }

        /// Reports the body's progress to the downloader, for the feed's downloads.
        func recordProgress() {
            if transfer.recordsStatistics { transfer.downloader.record(received: received, kept: body.count) }
        }
    }
#endif
