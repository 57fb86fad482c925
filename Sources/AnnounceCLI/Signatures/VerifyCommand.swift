import AnnouncementKit
import AnnouncementKitSignatures
import Foundation

/// `announce verify FEED [--signature SIG] --public-key KEY...`: checks a feed's detached signature
/// as an app with those trusted keys would.
enum VerifyCommand {
    static let spec = CommandSpec(
        name: "verify",
        summary: "Check a feed's signature (FEED.sig) against the public keys an app trusts.",
        positionalName: "FEED",
        minimumPositionals: 1,
        maximumPositionals: 1,
        options: [
            OptionSpec("--signature", value: "SIG", help: "The signature file (default: FEED.sig)."),
            OptionSpec(
                "--public-key", value: "KEY", repeatable: true,
                help: "A trusted key: ed25519:BASE64 as 'announce keygen' prints it, or a FILE holding it."),
            OptionSpec("--format", value: "FORMAT", allowed: ["text", "json"], help: "Output format."),
        ],
        discussion: """
            The check is the app's (FeedSignaturePolicy): the signature file must be
            {"algorithm": "ed25519", "keyId": HEX, "signature": BASE64}, its key id one of the
            trusted keys', and the signature valid for the feed's exact bytes. Give --public-key twice
            while rotating keys: a feed signed by either is valid. --format json prints
            {"feed", "signature", "valid", "keyId", "publicKey", "problem": {"kind", "message"}}, the
            kind one of missing, malformedSignature, unknownKey or badSignature.

            Exit status: 0 the signature is valid (the key is printed), 1 it is not (no signature
            file, a malformed one, a key that is not trusted, or a signature that does not match the
            feed), 2 usage error, a public key that is not one, or a file that cannot be read.
            """)

    private struct Report: Encodable {
        let feed: String
        let signature: String
        let valid: Bool
        let keyId: String?
        let publicKey: String?
        let problem: Problem?

        struct Problem: Encodable {
            let kind: String
            let message: String
        }

        enum CodingKeys: String, CodingKey {
            case feed, signature, valid, keyId, publicKey, problem
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(feed, forKey: .feed)
            try container.encode(signature, forKey: .signature)
            try container.encode(valid, forKey: .valid)
            try container.encode(keyId, forKey: .keyId)
            try container.encode(publicKey, forKey: .publicKey)
            try container.encode(problem, forKey: .problem)
        }
    }

    static func run(_ arguments: ParsedArguments, _ environment: Announce.Environment) async -> CommandResult {
        let feedPath = arguments.positionals[0]
        let signaturePath = arguments.value("--signature") ?? feedPath + ".sig"
        let verifier = Ed25519SignatureVerifier()
        let outcome: Result<FeedPublicKey, FeedSignatureError>
        do throws(SignatureFiles.Problem) {
            let keys = try SignatureFiles.publicKeys(arguments.allValues("--public-key"), environment)
            let feed = try SignatureFiles.feed(feedPath, environment, command: "verify")
            let policy = FeedSignaturePolicy(trustedKeys: keys, verifier: verifier)
            outcome = try SignatureFiles.signature(signaturePath, environment).flatMap { signature in
                Result { () throws(FeedSignatureError) in try policy.check(feed, signatureFile: signature) }
            }
        } catch {
            return error.result(command: "verify")
        }
        return report(
            outcome, feed: feedPath, signature: signaturePath, verifier: verifier,
            json: arguments.value("--format") == "json")
    }

    /// What verify prints for an outcome: the valid key, or the problem and what to do.
    private static func report(
        _ outcome: Result<FeedPublicKey, FeedSignatureError>, feed: String, signature: String,
        verifier: Ed25519SignatureVerifier, json: Bool
    ) -> CommandResult {
        var result = CommandResult()
        let key = try? outcome.get()
        var problem: FeedSignatureError?
        if case .failure(let error) = outcome {
            problem = error
            result.status = .failure
            result.standardError =
                "announce verify: \(TerminalText.escaped("\(feed): \(error.message); \(advice(error.kind, signature))"))\n"
        }
        if json {
            result.standardOutput = JSONOutput.encode(
                Report(
                    feed: feed, signature: signature, valid: key != nil, keyId: key.map { $0.keyID(using: verifier) },
                    publicKey: key?.description,
                    problem: problem.map { Report.Problem(kind: $0.kind.rawValue, message: $0.message) }))
        } else if let key {
            result.standardOutput =
                "\(TerminalText.escaped(feed)): valid signature (\(TerminalText.escaped(signature))) by key "
                + "\(key.keyID(using: verifier)) (\(key))\n"
        }
        return result
    }

    /// What to do about a problem of `kind`, after the policy's message.
    static func advice(_ kind: FeedSignatureError.Kind, _ signature: String) -> String {
        switch kind {
        case .missing:
            "looked for '\(signature)' (name another with --signature)"
        case .malformedSignature:
            "'\(signature)' cannot be used: sign the feed again with 'announce sign' and publish the file unchanged"
        case .unknownKey:
            "pass that key's --public-key if the app trusts it, or sign with a key the app trusts"
        case .badSignature:
            "sign the feed again with 'announce sign' after its last change, and publish both files unchanged"
        case .malformedKey:
            "pass the public key as 'announce keygen' printed it"
        }
    }
}
