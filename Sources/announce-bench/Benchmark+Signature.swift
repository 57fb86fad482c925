import AnnouncementKit
import AnnouncementKitSignatures
import Foundation

extension Benchmark {
    /// What a signature policy adds to the cold decision over the feed of `size` items: the check of the
    /// feed's Ed25519 signature (the real verifier: CryptoKit, or libcrypto on Linux) on its own, and the
    /// cold decision with the check before it, as the provider does before decoding. The target is the
    /// ratio of the checked decision to the sum of the two measured apart, in the same run: at most 1.1,
    /// so verifying costs the check and nothing more (no copy of the body, no second parse).
    func signedColdDecision(_ data: Data, size: Int, cold: Double, _ watch: Stopwatch) -> [BenchResult] {
        guard let key = try? FeedSigningKey.generate(), let signature = try? key.signatureFileData(for: data) else {
            log("signature figures skipped: no signing key could be made")
            return []
        }
        let policy = FeedSignaturePolicy(trustedKeys: [key.publicKey], verifier: Ed25519SignatureVerifier())
        let check = watch.median {
            consume((try? policy.check(data, signatureFile: signature)) == nil ? 0 : 1)
        }
        let checked = watch.median {
            _ = try! policy.check(data, signatureFile: signature)
            let decoded = try! FeedDecoder().decode(data)
            let selection = AnnouncementSelector.select(
                decoded.announcements, rejected: decoded.rejected, evaluator: Self.evaluator(), at: Self.now)
            consume(selection.active?.priority ?? 0)
        }
        return [
            BenchResult("signature check (Ed25519 over the feed's bytes), \(size) items", check * 1e6, "µs"),
            BenchResult("cold decision with the signature checked, \(size) items", checked * 1e3, "ms"),
            BenchResult(
                "checked cold decision ÷ (cold decision + check), \(size) items", checked / (cold + check), "ratio",
                target: size == 100 ? 1.1 : nil),
        ]
    }
}
