package import Foundation

/// A complete answer from the server to one feed request.
package struct FeedResponse: Sendable {
    /// The HTTP status.
    package var status: Int
    /// The headers the provider reads.
    package var headers: HTTPHeaders
    /// The body, after decoding any content encoding.
    package var body: Data

    /// Creates an answer.
    package init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
