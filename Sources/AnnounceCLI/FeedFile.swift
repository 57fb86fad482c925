import AnnouncementKit
import Foundation

/// Reads a feed file named on the command line; `-` reads standard input.
///
/// Nothing is read past ``FeedLimits/maximumFeedBytes``: a regular file larger than that is refused
/// by its size, without reading it; standard input, a pipe or a device is read in chunks and
/// refused once it has given one byte more than the limit. A feed refused for its size is rejected
/// as a whole, like any feed the decoder rejects (`tooLarge`, exit status 1); a file that cannot
/// be read at all is a usage error (exit status 2).
enum FeedFile {
    /// What a feed file held: its bytes, or the rejection of a feed past the size limit.
    enum Contents {
        /// Every byte, at most ``FeedLimits/maximumFeedBytes``.
        case bytes(Data)
        /// The feed is larger than ``FeedLimits/maximumFeedBytes``; it was not read past it.
        case tooLarge(FeedDecodingError)

        /// The decoded feed; throws the decoder's error, or the ``tooLarge(_:)`` rejection.
        func decode(with decoder: FeedDecoder) throws(FeedDecodingError) -> FeedDecodingResult {
            switch self {
            case .bytes(let data): return try decoder.decode(data)
            case .tooLarge(let error): throw error
            }
        }
    }

    /// The contents of `path`, or a message that says why it could not be read.
    static func read(_ path: String, environment: Announce.Environment) -> Result<Contents, ReadError> {
        let limit = FeedLimits.maximumFeedBytes
        if path == "-" {
            let data = environment.readStandardInput()
            guard data.count <= limit else {
                return .success(.tooLarge(rejection("standard input holds more than \(limit) bytes")))
            }
            return .success(.bytes(data))
        }
        let url = URL(fileURLWithPath: path, relativeTo: environment.currentDirectory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            return .failure(ReadError(message: "cannot read '\(path)': no such file"))
        }
        if isDirectory.boolValue {
            return .failure(ReadError(message: "cannot read '\(path)': it is a directory; name a feed file"))
        }
        do {
            switch try BoundedReader.read(contentsOf: url, limit: limit) {
            case .complete(let data):
                return .success(.bytes(data))
            case .tooLarge(let size?):
                return .success(.tooLarge(rejection("the feed is \(size) bytes")))
            case .tooLarge(nil):
                return .success(.tooLarge(rejection("the feed is more than \(limit) bytes")))
            }
        } catch {
            return .failure(ReadError(message: "cannot read '\(path)': \(error.localizedDescription)"))
        }
    }

    /// Standard input, read in chunks up to one byte past ``FeedLimits/maximumFeedBytes`` (the rest
    /// is left unread), for ``Announce/Environment/process``.
    static func readStandardInput() -> Data {
        (try? BoundedReader.prefix(of: FileHandle.standardInput, count: FeedLimits.maximumFeedBytes + 1)) ?? Data()
    }

    /// The whole-feed rejection of a feed past the size limit, worded as the decoder words it.
    private static func rejection(_ what: String) -> FeedDecodingError {
        FeedDecodingError(
            kind: .tooLarge,
            diagnostic: Diagnostic(
                severity: .error,
                message: "\(what); at most \(FeedLimits.maximumFeedBytes) are read "
                    + "(split it or remove old announcements)",
                path: "$", line: 1, column: 1))
    }

    struct ReadError: Error {
        let message: String
    }

    /// The name a file is reported under: as given, or `<stdin>`.
    static func displayName(_ path: String) -> String {
        path == "-" ? "<stdin>" : path
    }
}
