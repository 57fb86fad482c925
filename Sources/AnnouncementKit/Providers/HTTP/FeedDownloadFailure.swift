/// Why a download gave no complete answer.
package enum FeedDownloadFailure: Error, Sendable, Equatable {
    /// The body passed the cap; `received` bytes had arrived (or were announced) by then, after
    /// decoding the response's `Content-Encoding` (`nil` when it had none).
    case tooLarge(received: Int, encoding: String?)
    /// The response carried this `Content-Encoding` (lower-cased) though the request asked for
    /// `Accept-Encoding: identity`; refused at its headers, before any body.
    case encoded(String)
    /// More redirects than allowed.
    case tooManyRedirects(Int)
    /// A redirect to a scheme that is not allowed, such as `file:`.
    case forbiddenRedirect(String)
    /// The transport failed (`URLError` code and text).
    case transport(code: Int, message: String)
    /// The task was cancelled.
    case cancelled
}
