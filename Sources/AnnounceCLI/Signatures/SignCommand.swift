import AnnouncementKit
import AnnouncementKitSignatures
import Foundation

/// `announce sign FEED --key KEYFILE [--out SIG]`: writes the detached signature of the feed's exact
/// bytes, `FEED.sig` unless `--out` names another file.
enum SignCommand {
    static let spec = CommandSpec(
        name: "sign",
        summary: "Sign a feed file's exact bytes with a key from 'announce keygen'; write FEED.sig.",
        positionalName: "FEED",
        minimumPositionals: 1,
        maximumPositionals: 1,
        options: [
            OptionSpec(
                "--key", value: "KEYFILE",
                help: "The private key: PKCS#8 PEM from 'announce keygen' or 'openssl genpkey -algorithm ed25519'."),
            OptionSpec("--out", value: "SIG", help: "Write the signature here instead of FEED.sig."),
        ],
        discussion: """
            The signature file is {"algorithm": "ed25519", "keyId": HEX, "signature": BASE64}: Ed25519
            over the feed's bytes exactly as they are on disk, so publish the file unchanged (no
            reformatting or minifying after signing). Serve FEED.sig beside the feed: an app fetches
            the feed's URL with .sig appended unless it is configured otherwise. An existing SIG is
            replaced. Encrypted keys and RSA or EC keys are refused.

            Exit status: 0 the signature was written, 1 the feed is past the size limit, 2 usage
            error, a key that cannot be used, or a file that cannot be read or written.
            """)

    static func run(_ arguments: ParsedArguments, _ environment: Announce.Environment) async -> CommandResult {
        let feedPath = arguments.positionals[0]
        guard let keyPath = arguments.value("--key") else {
            return SignatureFiles.Problem.usage(
                "name the private key: announce sign FEED --key KEYFILE (made by 'announce keygen')"
            ).result(command: "sign")
        }
        let signaturePath = arguments.value("--out") ?? feedPath + ".sig"
        do throws(SignatureFiles.Problem) {
            let target = SignatureFiles.resolved(signaturePath, environment)
            for (other, name) in [(feedPath, "the feed"), (keyPath, "the key file")]
            where SignatureFiles.resolved(other, environment) == target {
                throw .usage("--out '\(signaturePath)' is \(name); name another file for the signature")
            }
            let keyText = try SignatureFiles.keyText(keyPath, environment, what: "the key file")
            let key: FeedSigningKey
            do {
                key = try FeedSigningKey(pemRepresentation: keyText)
            } catch {
                throw .usage("the key file '\(keyPath)' cannot be used: \(error.message)")
            }
            let feed = try SignatureFiles.feed(feedPath, environment, command: "sign")
            let file: FeedSignatureFile
            do {
                file = try key.signatureFile(for: feed)
            } catch {
                throw .usage("cannot sign: \(error.message)")
            }
            do {
                try file.encoded.write(to: URL(fileURLWithPath: target), options: .atomic)
            } catch {
                throw .usage("cannot write the signature '\(signaturePath)': \(error.localizedDescription)")
            }
            let shown = TerminalText.escaped(signaturePath)
            return CommandResult(
                standardOutput: "Wrote \(shown): the signature of \(TerminalText.escaped(feedPath)) "
                    + "(\(feed.count) bytes) by key \(file.keyID) (\(key.publicKey)).\n"
                    + "Publish the feed unchanged and this file beside it (an app fetches the feed's URL + .sig\n"
                    + "unless configured otherwise).\n")
        } catch {
            return error.result(command: "sign")
        }
    }
}
