#if os(Linux) && canImport(CCurlShim)
    import CCurl
    import CCurlShim
    import Foundation
    import FoundationNetworking

    extension CurlTransfer {
        /// The ``FeedDownloadFailure`` of a libcurl error: the `URLError` code and text
        /// FoundationNetworking gives for it (so the provider's messages and kinds stay the same),
        /// with libcurl's own detail (`detail`, from its error buffer) after it.
        static func failure(for code: CURLcode, detail: String) -> FeedDownloadFailure {
            let (number, text) = urlError(for: code)
            let reason = detail.trimmingCharacters(in: .whitespacesAndNewlines)
            let shown = reason.isEmpty ? String(cString: curl_easy_strerror(code)) : reason
            return .transport(code: number, message: "\(text) (\(HTTPDownloader.shortened(shown)))")
        }

        /// The `URLError` code and its text for a libcurl error.
        static func urlError(for code: CURLcode) -> (Int, String) {
            switch code {
            case CURLE_OPERATION_TIMEDOUT:
                return (NSURLErrorTimedOut, "The request timed out.")
            case CURLE_COULDNT_CONNECT:
                return (NSURLErrorCannotConnectToHost, "Could not connect to the server.")
            case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
                return (NSURLErrorCannotFindHost, "A server with the specified hostname could not be found.")
            case CURLE_UNSUPPORTED_PROTOCOL:
                return (NSURLErrorUnsupportedURL, "unsupported URL")
            case CURLE_URL_MALFORMAT:
                return (NSURLErrorBadURL, "bad URL")
            case CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE, CURLE_HTTP2,
                CURLE_HTTP2_STREAM:
                return (NSURLErrorNetworkConnectionLost, "The network connection was lost.")
            case CURLE_WEIRD_SERVER_REPLY:
                return (NSURLErrorBadServerResponse, "The server sent a bad response.")
            case CURLE_BAD_CONTENT_ENCODING:
                return (NSURLErrorCannotDecodeContentData, "The body could not be decoded.")
            case CURLE_PEER_FAILED_VERIFICATION:
                return (NSURLErrorServerCertificateUntrusted, "The certificate for this server is invalid.")
            case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE,
                CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
                return (NSURLErrorSecureConnectionFailed, "An SSL error has occurred.")
            case CURLE_ABORTED_BY_CALLBACK:
                return (NSURLErrorCancelled, "cancelled")
            default:
                return (NSURLErrorUnknown, "The operation could not be completed.")
            }
        }
    }
#endif
