import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Signed feeds (``RemoteProviderConfiguration/signaturePolicy``): the detached signature fetched
/// after the feed, and the check of the feed's exact bytes before they are decoded or kept.
///
/// A refusal is handled as an invalid feed is: the cache, its body and every validator stay as they
/// were, and the usual back-off (30 s, doubling) runs. A `404` on the signature file does not wait for
/// the app to force a fetch, as a `4xx` on the feed does: a feed published a moment before its
/// signature is an ordinary state of a CDN upload, which heals by itself at the next attempt. A
/// `Retry-After` with an error status for the signature is honoured as one for the feed is. A transport
/// failure or the deadline while fetching the signature is reported as the feed's would be (`network`,
/// `timeout`, `cancelled`), naming the signature file: nothing is known about the signature then.
extension RemoteAnnouncementProvider {
    /// A signature file as the server gave (`200`) or confirmed (`304`) it.
    struct SignatureAnswer {
        /// The signature file's bytes.
        var bytes: Data
        /// The `ETag` that came with them.
        var etag: String?
        /// The `Last-Modified` that came with them.
        var lastModified: String?
    }

    /// Why a feed was refused for its signature, or why its signature could not be had.
    struct SignatureRefusal: Error {
        var failure: FetchFailure
        /// A `Retry-After` the signature's server sent with an error status.
        var retryAfter: TimeInterval?
    }

    /// With a policy, fetches the signature and checks `body` against it; `nil` without a policy.
    ///
    /// - Parameters:
    ///   - body: The exact bytes of the feed (new from a `200`, or the cached ones a `304` confirmed).
    ///   - accepted: The signature file already found to accept `body` (the stored one, for the cached
    ///     body): when the server's is the same, it is not checked again.
    ///   - deadline: The fetch's overall deadline, which the signature's request shares.
    ///   - bytes: The fetch's body bytes so far; the signature's are added.
    /// - Throws: ``SignatureRefusal`` when the signature could not be had or does not accept `body`.
    func checkedSignature(
        of body: Data, acceptedBy accepted: Data? = nil, deadline: Date, bytes: inout Int
    ) async throws(SignatureRefusal) -> SignatureAnswer? {
        guard let policy = configuration.signaturePolicy else { return nil }
        let answer = try await fetchSignature(policy, deadline: deadline, bytes: &bytes)
        if let accepted, answer.bytes == accepted { return answer }
        do {
            try policy.check(body, signatureFile: answer.bytes)
        } catch {
            throw SignatureRefusal(failure: Self.refusal(error))
        }
        return answer
    }

    /// Keeps `answer` (or, without a policy, no signature) in the record with the body it accepted.
    func keepSignature(_ answer: SignatureAnswer?) {
        record.signature = answer?.bytes
        record.signatureETag = HTTPHeaders.usableValidator(answer?.etag)
        record.signatureLastModified = HTTPHeaders.usableValidator(answer?.lastModified)
    }

    /// Whether a record read from disk may be used under the policy: without one, always; with one, a
    /// record without a body (only back-off state) or whose body its stored signature accepts.
    func cachedRecordIsTrusted(_ stored: CachedFeed) -> Bool {
        guard let policy = configuration.signaturePolicy, let body = stored.body else { return true }
        do {
            try policy.check(body, signatureFile: stored.signature)
            return true
        } catch {
            return false
        }
    }

    // MARK: - Fetching the signature

    /// The signature file, conditionally (a `304` confirms the stored one), over the provider's
    /// downloader, capped at `FeedSignatureFile` bytes, by `deadline`.
    private func fetchSignature(
        _ policy: FeedSignaturePolicy, deadline: Date, bytes: inout Int
    ) async throws(SignatureRefusal) -> SignatureAnswer {
        let signatureURL = policy.signatureURL(forFeedAt: url)
        if let refused = FeedRequest.refusal(of: signatureURL, configuration: configuration) {
            throw SignatureRefusal(failure: Self.missing("the signature URL is not allowed: \(refused.message)"))
        }
        let request = FeedRequest(signatureAt: signatureURL, configuration: configuration, cached: record)
        let outcome = await DeadlineRace.run(
            request.urlRequest, with: downloader, deadline: deadline, timeSource: timeSource,
            maximumBodySize: FeedSignatureFile.maximumSize)
        bytes += downloader.lastBytesReceived
        let place = signatureURL.absoluteString
        switch outcome {
        case .deadline:
            var failure = FetchFailure.deadlinePassed(configuration)
            failure.message += " (the signature file \(place) was not complete)"
            throw SignatureRefusal(failure: failure)
        case .failed(FeedDownloadFailure.tooLarge(let received, _)):
            throw SignatureRefusal(
                failure: Self.refusal(
                    FeedSignatureError(
                        .malformedSignature,
                        "the signature file \(place) passed \(FeedSignatureFile.maximumSize) bytes (\(received) "
                            + "received); serve the .sig file 'announce sign' wrote")))
        case .failed(let error):
            var failure = FetchFailure(downloadError: error, configuration: configuration)
            failure.message += " (fetching the signature file \(place))"
            throw SignatureRefusal(failure: failure)
        case .response(let response):
            return try answer(response, to: request, from: place, at: timeSource.now)
        }
    }

    /// What the signature's server answered.
    private func answer(
        _ response: FeedResponse, to request: FeedRequest, from place: String, at now: Date
    ) throws(SignatureRefusal) -> SignatureAnswer {
        switch response.status {
        case 304 where request.isConditional:
            guard let stored = record.signature else { break }
            return SignatureAnswer(
                bytes: stored, etag: record.signatureETag, lastModified: record.signatureLastModified)
        case 200...299:
            guard response.body.count <= FeedSignatureFile.maximumSize else {
                throw SignatureRefusal(
                    failure: Self.refusal(
                        FeedSignatureError(
                            .malformedSignature,
                            "the signature file \(place) is \(response.body.count) bytes; at most "
                                + "\(FeedSignatureFile.maximumSize) are read")))
            }
            return SignatureAnswer(
                bytes: response.body, etag: response.headers.etag, lastModified: response.headers.lastModified)
        case 404, 410:
            throw SignatureRefusal(
                failure: Self.missing(
                    "there is no signature file at \(place) (\(response.status)); sign the feed with "
                        + "'announce sign' and publish FEED.sig beside it"))
        default:
            break
        }
        let reason = HTTPURLResponse.localizedString(forStatusCode: response.status)
        throw SignatureRefusal(
            failure: Self.missing(
                "the server answered \(response.status) \(reason) for the signature file \(place); "
                    + "check that FEED.sig is published beside the feed"),
            retryAfter: response.headers.retryAfterInterval(now: now))
    }

    // MARK: - Messages

    /// A ``FetchFailure/Kind/signature`` failure for a signature file that could not be had.
    private static func missing(_ message: String) -> FetchFailure {
        FetchFailure(
            kind: .signature, message: "the feed was refused (missing): \(message)",
            signatureReason: .missing)
    }

    /// A ``FetchFailure/Kind/signature`` failure for `error`, with what to do about it.
    static func refusal(_ error: FeedSignatureError) -> FetchFailure {
        let advice: String
        switch error.kind {
        case .missing:
            advice = "publish the feed's signature file"
        case .malformedSignature:
            advice = "serve the .sig file exactly as 'announce sign' wrote it"
        case .unknownKey:
            advice = "sign the feed with a trusted key, or add its public key to the app's signature policy"
        case .badSignature:
            advice = "sign the feed again with 'announce sign' and publish the feed and its .sig together"
        case .malformedKey:
            advice = "check the public keys of the app's signature policy"
        }
        return FetchFailure(
            kind: .signature, message: "the feed was refused (\(error.kind.rawValue)): \(error.message); \(advice)",
            signatureReason: error.kind)
    }
}
