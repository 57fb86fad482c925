import AnnouncementKit
import Foundation

/// The files of a signed feed as `keygen`, `sign` and `verify` read them: the feed, key files and
/// signature files, each read with a bound and only when it is a regular file.
///
/// A FIFO, a device or a directory is refused without waiting for a writer (the file is opened
/// non-blocking and checked with `fstat`, through ``BoundedFileRead``), and nothing is read past the
/// limit: the feed ``FeedLimits/maximumFeedBytes`` (as every command reads feeds), a key file
/// ``maximumKeyFileBytes``, a signature file ``FeedSignatureFile/maximumSize``.
enum SignatureFiles {
    /// The largest key file read (a private key file is 119 bytes, a public key 53).
    static let maximumKeyFileBytes = 16 * 1024

    /// A problem that ends a command: its message (unescaped) and exit status.
    struct Problem: Error {
        let status: CommandResult.Status
        let message: String

        static func usage(_ message: String) -> Problem { Problem(status: .usage, message: message) }
        static func unusable(_ message: String) -> Problem { Problem(status: .failure, message: message) }

        /// The command's result for this problem: the escaped message on standard error.
        func result(command: String) -> CommandResult {
            CommandResult(standardError: "announce \(command): \(TerminalText.escaped(message))\n", status: status)
        }
    }

    /// The path of `path` resolved against the current directory.
    static func resolved(_ path: String, _ environment: Announce.Environment) -> String {
        URL(fileURLWithPath: path, relativeTo: environment.currentDirectory).standardizedFileURL.path
    }

    /// The exact bytes of the feed at `path`; a feed past the size limit cannot be used (status 1), a
    /// file that cannot be read is a usage error (status 2).
    static func feed(_ path: String, _ environment: Announce.Environment, command: String) throws(Problem) -> Data {
        guard path != "-" else {
            throw .usage(
                "name the feed file; 'announce \(command)' does not read standard input, since the signature "
                    + "is of a file's exact bytes")
        }
        let limit = FeedLimits.maximumFeedBytes
        switch try read(path, environment, limit: limit, what: "the feed") {
        case nil: throw .usage("cannot read the feed '\(path)': no such file")
        case .complete(let bytes)?: return Data(bytes)
        case .truncated(_, let size)?:
            throw .unusable(
                "the feed '\(path)' is \(size) bytes; at most \(limit) are read (split it or remove old announcements)")
        case .missing?, .notRegularFile?: throw .usage("cannot read the feed '\(path)'")
        }
    }

    /// The text of the key file at `path` (at most ``maximumKeyFileBytes``); `what` names it in messages.
    static func keyText(_ path: String, _ environment: Announce.Environment, what: String) throws(Problem) -> String {
        switch try read(path, environment, limit: maximumKeyFileBytes, what: what) {
        case nil: throw .usage("cannot read \(what) '\(path)': no such file")
        case .complete(let bytes)?: return String(decoding: bytes, as: UTF8.self)
        case .truncated(_, let size)?:
            throw .usage(
                "\(what) '\(path)' is \(size) bytes; a key file is at most \(maximumKeyFileBytes) "
                    + "(an Ed25519 key file is about 120); name the key file")
        case .missing?, .notRegularFile?: throw .usage("cannot read \(what) '\(path)'")
        }
    }

    /// The bytes of the signature file at `path`, `nil` when there is none, or, for a file past
    /// ``FeedSignatureFile/maximumSize``, the malformed signature it is (nothing of it parsed).
    static func signature(
        _ path: String, _ environment: Announce.Environment
    ) throws(Problem) -> Result<Data?, FeedSignatureError> {
        let limit = FeedSignatureFile.maximumSize
        switch try read(path, environment, limit: limit, what: "the signature file") {
        case nil, .missing?: return .success(nil)
        case .complete(let bytes)?: return .success(Data(bytes))
        case .truncated(_, let size)?:
            return .failure(
                FeedSignatureError(
                    .malformedSignature,
                    "the signature file is \(size) bytes; at most \(limit) are read (a real one is about 130)"))
        case .notRegularFile?: throw .usage("cannot read the signature file '\(path)'")
        }
    }

    /// The file at `path` read with `limit`: `nil` when missing; a usage problem for anything but a
    /// regular file, and for a file that cannot be opened or read.
    private static func read(
        _ path: String, _ environment: Announce.Environment, limit: Int, what: String
    ) throws(Problem) -> BoundedFileRead.Result? {
        let result: BoundedFileRead.Result
        do {
            result = try BoundedFileRead.read(path: resolved(path, environment), limit: limit)
        } catch {
            throw .usage("cannot read \(what) '\(path)': \(systemReason(error.message))")
        }
        switch result {
        case .missing: return nil
        case .notRegularFile:
            throw .usage(
                "cannot read \(what) '\(path)': it is not a regular file (a directory, a FIFO or a device); "
                    + "name a file")
        default: return result
        }
    }

    /// The system's reason at the end of a ``BoundedFileRead`` message (`cannot open PATH: REASON`).
    private static func systemReason(_ message: String) -> String {
        guard let colon = message.range(of: ": ", options: .backwards) else { return message }
        return String(message[colon.upperBound...])
    }

    private static let howToPass = "pass the 'ed25519:…' line 'announce keygen' printed, or a file holding it"

    /// Why the file `path` holding `text` is not a public key, without quoting the file: it may be a
    /// private key, whose bytes must not reach a terminal or a CI log.
    private static func notAKey(_ path: String, _ text: String) -> Problem {
        if text.contains("PRIVATE KEY") {
            return .usage(
                "the public key file '\(path)' holds a private key; keep it secret (it signs, it does not "
                    + "verify) and \(howToPass)")
        }
        return .usage("the public key file '\(path)' does not hold a public key (ed25519:BASE64); \(howToPass)")
    }

    /// The public keys given as `--public-key`: each `ed25519:BASE64` text, or a file holding one.
    static func publicKeys(_ values: [String], _ environment: Announce.Environment) throws(Problem) -> [FeedPublicKey] {
        var keys: [FeedPublicKey] = []
        for value in values {
            guard !value.contains("PRIVATE KEY") else {
                throw .usage("--public-key was given a private key; keep it secret (it signs) and \(howToPass)")
            }
            let isText = value.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix(FeedPublicKey.prefix)
            let text = isText ? value : try keyText(value, environment, what: "the public key file")
            do {
                keys.append(try FeedPublicKey(text))
            } catch {
                throw isText
                    ? .usage("the public key given is not a public key: \(error.message); \(howToPass)")
                    : notAKey(value, text)
            }
        }
        guard !keys.isEmpty else {
            throw .usage("name the trusted public key: --public-key ed25519:BASE64 (or a file holding it)")
        }
        return keys
    }
}
