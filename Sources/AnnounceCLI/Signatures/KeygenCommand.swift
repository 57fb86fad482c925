import AnnouncementKit
import AnnouncementKitSignatures
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `announce keygen --out DIR`: makes a feed signing key, writes it to `DIR/feed-signing.key` (mode
/// 0600, never over an existing file, never through a symbolic link) and prints its public key.
enum KeygenCommand {
    /// The key file's name in the output folder.
    static let keyFileName = "feed-signing.key"

    static let spec = CommandSpec(
        name: "keygen",
        summary: "Make an Ed25519 key to sign feeds with; print the public key apps trust.",
        positionalName: "",
        minimumPositionals: 0,
        maximumPositionals: 0,
        options: [
            OptionSpec(
                "--out", value: "DIR",
                help: "Write the private key to DIR/feed-signing.key (DIR is created when missing).")
        ],
        discussion: """
            The key file is PKCS#8 PEM, as 'openssl genpkey -algorithm ed25519' writes it, created
            with mode 0600; an existing file (or a symbolic link) of that name is never overwritten.
            Keep it secret (a CI secret, never in the repository). The public key is printed as
            ed25519:BASE64 with its key id: give it to 'announce verify --public-key' and to the
            app's FeedSignaturePolicy.

            Exit status: 0 the key was written, 1 a key file already exists there, 2 usage error or
            a folder or file that cannot be written.
            """)

    static func run(_ arguments: ParsedArguments, _ environment: Announce.Environment) async -> CommandResult {
        guard let directory = arguments.value("--out") else {
            return SignatureFiles.Problem.usage(
                "name the folder to write the key to: announce keygen --out DIR (keep DIR out of the repository)"
            ).result(command: "keygen")
        }
        do throws(SignatureFiles.Problem) {
            let folder = SignatureFiles.resolved(directory, environment)
            try makeFolder(folder, shownAs: directory)
            let key: FeedSigningKey
            do {
                key = try FeedSigningKey.generate()
            } catch {
                throw .usage("cannot make a key: \(error.message)")
            }
            let shownPath = (directory.hasSuffix("/") ? directory : directory + "/") + keyFileName
            try writeNew(Data(key.pemRepresentation.utf8), to: folder + "/" + keyFileName, shownAs: shownPath)
            return CommandResult(standardOutput: report(key, keyPath: shownPath))
        } catch {
            return error.result(command: "keygen")
        }
    }

    /// What keygen prints: where the key is, to keep it secret, the public key and id, what next.
    static func report(_ key: FeedSigningKey, keyPath: String) -> String {
        let path = TerminalText.escaped(keyPath)
        return """
            Wrote the private key to \(path) (mode 0600).
            Keep it secret: never commit it or serve it; store it as a CI secret.

            Public key: \(key.publicKey)
            Key id:     \(key.keyID)

            Sign a feed:  announce sign FEED --key \(path)
                          (writes FEED.sig; serve it beside the feed, at the feed's URL + .sig)
            Check it:     announce verify FEED --public-key \(key.publicKey)
            In the app:   FeedSignaturePolicy(trustedKeys: [try FeedPublicKey("\(key.publicKey)")],
                              verifier: Ed25519SignatureVerifier())  // AnnouncementKitSignatures

            """
    }

    /// Creates `folder` (and its parents) when missing; a usage problem when it cannot be made or is
    /// not a folder.
    private static func makeFolder(_ folder: String, shownAs directory: String) throws(SignatureFiles.Problem) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw .usage("'\(directory)' is not a folder; name a folder for --out")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .usage("cannot create the folder '\(directory)': \(error.localizedDescription)")
        }
    }

    /// Writes `data` to a new file at `path` with mode 0600: `O_CREAT | O_EXCL` refuses an existing file
    /// and a symbolic link (even a dangling one), so nothing is overwritten and nothing is written
    /// elsewhere; a file left half-written is removed.
    static func writeNew(_ data: Data, to path: String, shownAs shown: String) throws(SignatureFiles.Problem) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST {
                throw .unusable(
                    "\(shown) already exists; 'announce keygen' never overwrites a key. Keep using it, or move "
                        + "it away (apps that trust it need its public key until they trust a new one)")
            }
            throw .usage("cannot create \(shown): \(String(cString: strerror(code)))")
        }
        var failure: Int32 = 0
        if fchmod(descriptor, 0o600) != 0 { failure = errno }
        data.withUnsafeBytes { buffer in
            var offset = 0
            while failure == 0, offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if errno != EINTR {
                    failure = errno
                }
            }
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        guard failure == 0 else {
            unlink(path)
            throw .usage("cannot write \(shown): \(String(cString: strerror(failure)))")
        }
    }
}
