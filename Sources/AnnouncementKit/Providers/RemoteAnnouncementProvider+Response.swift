import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a complete answer from the server means for the cache and the result.
extension RemoteAnnouncementProvider {
    /// Handles `response` to `request`; `conditional` is whether the request was allowed to be
    /// conditional (one unconditional retry follows an unexpected `304`, never two). With a signature
    /// policy, a body the answer sends or confirms is checked against its signature, fetched by
    /// `deadline`, first.
    func handle(
        _ response: FeedResponse, to request: FeedRequest, conditional: Bool, at finishedAt: Date, deadline: Date,
        bytes: Int
    ) async -> FetchResult {
        switch response.status {
        case 304:
            return await handleNotModified(
                response, isConditional: request.isConditional, conditional: conditional, at: finishedAt,
                deadline: deadline, bytes: bytes)
        case 200...299:
            return await accept(response, at: finishedAt, deadline: deadline, bytes: bytes)
        default:
            return recordStatusFailure(response, isConditional: request.isConditional, at: finishedAt, bytes: bytes)
        }
    }

    /// A `304`: the cached body is current, unless the answer is about another representation or
    /// came to a request without validators.
    private func handleNotModified(
        _ response: FeedResponse, isConditional: Bool, conditional: Bool, at finishedAt: Date, deadline: Date,
        bytes: Int
    ) async -> FetchResult {
        if isConditional, let etag = response.headers.etag, let stored = record.etag,
            !HTTPHeaders.weaklyMatch(etag, stored)
        {
            // The server's 304 is about another representation: fetch the body again.
            return await send(conditional: false, now: finishedAt)
        }
        guard isConditional else {
            // A 304 to a request without validators, or with no cached body: one unconditional retry.
            if conditional { return await send(conditional: false, now: finishedAt) }
            return recordFailure(
                FetchFailure(kind: .httpStatus, message: "the server answered 304 to an unconditional request"),
                now: finishedAt, bytes: bytes, status: 304)
        }
        var bytes = bytes
        if let body = record.body {
            // The cached body against the signature as the server has it now; the stored one, which
            // accepted it when it was stored or read, is not checked again. A new signature that does not
            // accept it leaves the record as it was.
            do {
                if let signature = try await checkedSignature(
                    of: body, acceptedBy: record.signature, deadline: deadline, bytes: &bytes)
                {
                    keepSignature(signature)
                }
            } catch {
                return recordFailure(
                    error.failure, now: finishedAt, bytes: bytes, status: 304, retryAfter: error.retryAfter)
            }
        }
        record.fetchedAt = finishedAt
        applyCacheControl(response.headers)
        resetFailures()
        persist()
        return makeResult(source: .notModified, status: 304, bytes: bytes)
    }

    /// A `2xx`: a body within the cap, accepted by its signature when there is a policy, that decodes
    /// as a feed replaces the cache; any other leaves the cache as it was.
    private func accept(_ response: FeedResponse, at finishedAt: Date, deadline: Date, bytes: Int) async
        -> FetchResult
    {
        // The downloader stops at the cap; this holds the cap for any downloader.
        guard response.body.count <= configuration.maximumBodySize else {
            return recordFailure(
                FetchFailure(
                    kind: .tooLarge,
                    message: "the body passed the \(configuration.maximumBodySize)-byte cap "
                        + "(\(response.body.count) bytes); it was refused"),
                now: finishedAt, bytes: bytes, status: response.status)
        }
        var bytes = bytes
        let signature: SignatureAnswer?
        do {
            // Checked before the body is decoded: an unsigned body is never parsed.
            signature = try await checkedSignature(of: response.body, deadline: deadline, bytes: &bytes)
        } catch {
            return recordFailure(
                error.failure, now: finishedAt, bytes: bytes, status: response.status, retryAfter: error.retryAfter)
        }
        let result: FeedDecodingResult
        do {
            result = try decoder.decode(response.body)
        } catch {
            return recordFailure(
                FetchFailure(kind: .invalidFeed, message: "the feed was rejected: \(error.diagnostic.message)"),
                now: finishedAt, bytes: bytes, status: response.status)
        }
        record.body = response.body
        record.etag = HTTPHeaders.usableValidator(response.headers.etag)
        record.lastModified = HTTPHeaders.usableValidator(response.headers.lastModified)
        keepSignature(signature)
        record.fetchedAt = finishedAt
        applyCacheControl(response.headers)
        decoded = result
        resetFailures()
        persist(noStore: response.headers.noStore)
        return makeResult(source: .network, status: response.status, bytes: bytes)
    }

    /// An error status: back-off (until forced after a 4xx other than 408 and 429), and after a 4xx
    /// to a conditional request the validators are dropped, so the next request goes without them.
    private func recordStatusFailure(
        _ response: FeedResponse, isConditional: Bool, at finishedAt: Date, bytes: Int
    ) -> FetchResult {
        let status = response.status
        let reason = HTTPURLResponse.localizedString(forStatusCode: status)
        let retryAfter = response.headers.retryAfterInterval(now: finishedAt)
        let isClientError = (400...499).contains(status) && status != 408 && status != 429
        var message = "the server answered \(status) \(reason)"
        if let retryAfter { message += " (Retry-After: \(FetchFailure.seconds(retryAfter)))" }
        if isConditional && isClientError {
            // The validators may be what the server refuses (a header too large for it, say):
            // without them the next request is unconditional and can recover.
            record.etag = nil
            record.lastModified = nil
            message += " to a conditional request; the next request is sent without validators"
        }
        return recordFailure(
            FetchFailure(kind: .httpStatus, message: message), now: finishedAt, bytes: bytes,
            status: status, retryAfter: retryAfter, needsExplicitRequest: isClientError)
    }
}
