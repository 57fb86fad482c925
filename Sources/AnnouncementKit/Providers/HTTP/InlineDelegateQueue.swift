import Foundation

/// The delegate queue of one ``HTTPTransfer``'s session. On Linux it runs each callback at once, on
/// the thread that adds it (the session's work queue, where libcurl runs), one at a time and in
/// order; on Apple platforms it is a plain serial queue.
///
/// FoundationNetworking hands every chunk libcurl writes (at most 16 KiB, after inflating a
/// compressed body) to the delegate queue with `addOperation` and returns to libcurl at once.
/// Nothing paces libcurl: it inflates a gzip body far faster than a queued delegate counts it, so
/// a 1 MB body that inflates to 1 GiB had hundreds of megabytes queued before the delegate saw the
/// cap pass. Run at once, the delegate counts every chunk as libcurl inflates it, the body stops
/// being kept at the cap, and no chunk waits in memory. libcurl still reads on until the socket
/// has no more data (it cannot be stopped from the write callback) before the cancellation lands;
/// the chunks it writes meanwhile are dropped as they come.
///
/// A callback added while another runs (from another thread, or from inside a callback) waits for
/// it and runs after it, by the thread already running callbacks; callbacks therefore never nest
/// and keep their order. The delegate must not wait for the session's work queue (so it defers
/// `cancel()` and `invalidateAndCancel()`, which do).
final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    #if canImport(FoundationNetworking)
        private let lock = NSLock()
        private var pending: [@Sendable () -> Void] = []
        private var running = false
    #endif

    override init() {
        super.init()
        maxConcurrentOperationCount = 1
        name = "AnnouncementKit.HTTPTransfer"
    }

    #if canImport(FoundationNetworking)
        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            lock.lock()
            pending.append(block)
            if running {
                lock.unlock()
                return
            }
            running = true
            while !pending.isEmpty {
                let next = pending.removeFirst()
                lock.unlock()
                next()
                lock.lock()
            }
            running = false
            lock.unlock()
        }
    #endif
}
