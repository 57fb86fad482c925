import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The failures of a download, in the words the app's logs and `announce fetch` show.
extension FetchFailure {
    /// No complete answer before the overall deadline of `configuration`.
    static func deadlinePassed(_ configuration: RemoteProviderConfiguration) -> FetchFailure {
        FetchFailure(
            kind: .timeout, message: "no complete answer within the \(seconds(configuration.deadline)) deadline")
    }

    /// What a downloader's error means: a ``FeedDownloadFailure``, or a cancellation.
    init(downloadError error: any Error, configuration: RemoteProviderConfiguration) {
        switch error {
        case FeedDownloadFailure.tooLarge(let received, let encoding):
            let decoded = encoding.map { " after \($0) decoding" } ?? ""
            self.init(
                kind: .tooLarge,
                message: "the body passed the \(configuration.maximumBodySize)-byte cap "
                    + "(\(received) bytes\(decoded)); the download was stopped")
        case FeedDownloadFailure.encoded(let coding):
            self.init(kind: .network, message: Self.encodedMessage(coding))
        case FeedDownloadFailure.tooManyRedirects(let count):
            self.init(kind: .network, message: "too many redirects (\(count)); check the feed URL")
        case FeedDownloadFailure.forbiddenRedirect(let target):
            let allowed = configuration.allowsHTTP ? "http and https" : "https"
            self.init(
                kind: .configuration,
                message: "the server redirected to \(target); only \(allowed) redirects are followed, "
                    + "so check the feed URL and the server's redirects")
        case FeedDownloadFailure.transport(let code, let message) where code == NSURLErrorTimedOut:
            self.init(
                kind: .timeout,
                message: "no data for \(Self.seconds(configuration.requestTimeout)) (request timeout): \(message)")
        case FeedDownloadFailure.transport(let code, let message):
            self.init(kind: .network, message: "\(message) (URLError \(code))")
        default:
            self.init(kind: .cancelled, message: "the fetch was cancelled")
        }
    }

    /// Why a response encoded against `Accept-Encoding: identity` was refused.
    static func encodedMessage(_ coding: String) -> String {
        "the server sent Content-Encoding: \(coding) though the request asked for identity; the response was "
            + "refused at its headers, before its body (serve it without Content-Encoding)"
    }

    /// `interval` in seconds for a message: `30 s`, `2.5 s`.
    static func seconds(_ interval: TimeInterval) -> String {
        interval == interval.rounded() && abs(interval) < 1e15 ? "\(Int(interval)) s" : "\(interval) s"
    }
}
