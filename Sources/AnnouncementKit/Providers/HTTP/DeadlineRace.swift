import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One download raced against a fetch's overall deadline: whichever ends first decides, and the
/// other is cancelled. The deadline covers what the request timeout cannot: redirects, and a
/// server that sends a byte just often enough to stay under the idle timeout.
enum DeadlineRace {
    /// How the race ended.
    enum Outcome: Sendable {
        /// The downloader gave a complete answer in time.
        case response(FeedResponse)
        /// The downloader failed in time (a ``FeedDownloadFailure`` or `CancellationError`).
        case failed(any Error)
        /// The deadline passed first.
        case deadline
    }

    /// Sends `request` with `downloader`, giving up at `deadline` as `timeSource` tells it; with a
    /// `maximumBodySize`, the download refuses a body past it.
    static func run(
        _ request: URLRequest, with downloader: any FeedDownloading, deadline: Date, timeSource: any TimeSource,
        maximumBodySize: Int? = nil
    ) async -> Outcome {
        await withTaskGroup(of: Outcome?.self) { group -> Outcome in
            group.addTask {
                do {
                    if let maximumBodySize {
                        return .response(try await downloader.download(request, maximumBodySize: maximumBodySize))
                    }
                    return .response(try await downloader.download(request))
                } catch {
                    return .failed(error)
                }
            }
            group.addTask {
                do {
                    try await timeSource.sleep(until: deadline)
                    return .deadline
                } catch {
                    return nil
                }
            }
            var first: Outcome = .failed(CancellationError())
            for await result in group {
                if let result {
                    first = result
                    break
                }
            }
            group.cancelAll()
            return first
        }
    }
}
