import AnnouncementKit
import AnnouncementKitSignatures
import Foundation

/// `announce fetch URL`: runs the real remote provider once and reports what it got.
///
/// The run is an explicit ask, like pull-to-refresh: it ignores the minimum interval, the
/// server's `max-age` and any back-off (the provider's `force: true`). It never skips the cache:
/// with `--cache-dir` holding a previous run's cache the request is conditional, exactly as an app
/// after a relaunch, so an unchanged feed answers `304` and transfers no body.
enum FetchCommand {
    static let spec = CommandSpec(
        name: "fetch",
        summary: "Fetch a feed with the app's remote provider and report source, status, ETag and items.",
        positionalName: "URL",
        minimumPositionals: 1,
        maximumPositionals: 1,
        options: [
            OptionSpec(
                "--cache-dir", value: "DIR",
                help: "Keep the disk cache here (created when missing); a later run reuses it as an app would."),
            OptionSpec("--allow-http", help: "Allow a plain http URL (development servers)."),
            OptionSpec(
                "--public-key", value: "KEY", repeatable: true,
                help: "Insist on a signature by this key (ed25519:BASE64, or a file holding it), as an app does."),
            OptionSpec("--format", value: "FORMAT", allowed: ["text", "json"], help: "Output format."),
        ],
        discussion: """
            Prints the source (network, notModified, cache or fallback), the HTTP status, the ETag,
            the number of usable announcements and the decoder's findings. With --cache-dir the
            request is conditional when a cache exists; when the network fails the cache is used.
            --format json prints {"source", "status", "etag", "count", "diagnostics", "images"}.
            The images of the announcements are fetched after the feed, into the same cache:
            "images": {"fetched", "cached", "failed"} counts them (downloaded now, served from the
            cache or confirmed with a 304, not available); each failed image is listed with its
            reason, and never costs its announcement. --allow-http covers the images too.

            With --public-key (repeatable, for a key rotation) the feed's signature, URL.sig, is
            fetched with it, conditionally like the feed, and a feed without a valid signature by
            one of the keys is refused before it is decoded, as in an app with a signature policy:
            the cached feed stays in use and the report says why ("signature": "valid", "missing",
            "malformedSignature", "unknownKey" or "badSignature"). A cache is checked again when it
            is read.

            Exit status: 0 announcements from the network or the cache, 1 the feed cannot be used
            (no cache to fall back on), 2 usage error (for example plain http without --allow-http).
            """,
        positionalCompletion: .none)

    private struct Report: Encodable {
        let source: String
        let status: Int?
        let etag: String?
        let count: Int
        let diagnostics: [Diagnostic]
        let images: Images
        /// With `--public-key`: `valid`, or why the feed was refused; absent otherwise.
        let signature: String?

        struct Images: Encodable {
            let fetched: Int
            let cached: Int
            let failed: Int
            let failures: [Failure]
        }

        struct Failure: Encodable {
            let url: String
            let reason: String
        }

        enum CodingKeys: String, CodingKey {
            case source, status, etag, count, diagnostics, images, signature
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(source, forKey: .source)
            try container.encode(status, forKey: .status)
            try container.encode(etag, forKey: .etag)
            try container.encode(count, forKey: .count)
            try container.encode(diagnostics, forKey: .diagnostics)
            try container.encode(images, forKey: .images)
            try container.encodeIfPresent(signature, forKey: .signature)
        }
    }

    static func run(_ arguments: ParsedArguments, _ environment: Announce.Environment) async -> CommandResult {
        let text = arguments.positionals[0]
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), url.host != nil,
            scheme == "https" || scheme == "http"
        else {
            return CommandResult(
                standardError: "announce fetch: '\(TerminalText.escaped(text))' is not an http(s) URL; "
                    + "pass the feed's address, such as https://cdn.example.com/announcements.json\n",
                status: .usage)
        }
        let allowsHTTP = arguments.flag("--allow-http")
        if scheme == "http" && !allowsHTTP {
            return CommandResult(
                standardError:
                    "announce fetch: \(TerminalText.escaped(text)) uses plain http; use https, or pass --allow-http "
                    + "for a development server\n",
                status: .usage)
        }
        var cacheDirectory: URL?
        if let directory = arguments.value("--cache-dir") {
            let resolved = URL(fileURLWithPath: directory, relativeTo: environment.currentDirectory).standardizedFileURL
            do {
                try FileManager.default.createDirectory(at: resolved, withIntermediateDirectories: true)
            } catch {
                return CommandResult(
                    standardError: "announce fetch: "
                        + TerminalText.escaped(
                            "cannot create the cache directory \(directory): \(error.localizedDescription)")
                        + "; choose a writable --cache-dir\n",
                    status: .usage)
            }
            cacheDirectory = resolved
        }
        var configuration = RemoteProviderConfiguration(
            cacheDirectory: cacheDirectory, minimumInterval: 0, allowsHTTP: allowsHTTP,
            userAgent: "announce/\(Announce.version) \(RemoteProviderConfiguration.defaultUserAgent)")
        let keyArguments = arguments.allValues("--public-key")
        if !keyArguments.isEmpty {
            do throws(SignatureFiles.Problem) {
                let keys = try SignatureFiles.publicKeys(keyArguments, environment)
                configuration.signaturePolicy = FeedSignaturePolicy(
                    trustedKeys: keys, verifier: Ed25519SignatureVerifier())
            } catch {
                return error.result(command: "fetch")
            }
        }
        let provider = RemoteAnnouncementProvider(url: url, configuration: configuration)
        let fetched = await provider.fetchFeed(force: true)

        return report(
            fetched, json: arguments.value("--format") == "json", checksSignature: configuration.signaturePolicy != nil)
    }

    /// What `fetch` prints for a result: the report on stdout (text or JSON), a failure on stderr.
    /// The ETag, the failure and the diagnostics come from the server and the feed: every one of them
    /// is escaped with ``TerminalText`` (JSON output through ``JSONOutput``).
    static func report(_ fetched: FetchResult, json: Bool, checksSignature: Bool = false) -> CommandResult {
        var result = CommandResult()
        // A refused signature says why; any other outcome of a checked fetch used a feed whose signature
        // was valid (from the network, or the cache it was checked against when read).
        let signature =
            checksSignature
            ? (fetched.failure?.signatureReason?.rawValue ?? (fetched.source == .fallback ? nil : "valid")) : nil
        if let failure = fetched.failure {
            let fallback =
                fetched.source == .cache
                ? "using the cached feed from \(fetched.fetchedAt.map(Timestamp.format) ?? "an earlier run")"
                : "no cached feed to fall back on"
            result.standardError += "announce fetch: \(TerminalText.escaped(failure.message)); \(fallback)\n"
        }
        if fetched.source == .fallback { result.status = .failure }
        let images = fetched.images ?? ImageFetchSummary()
        if json {
            result.standardOutput = JSONOutput.encode(
                Report(
                    source: fetched.source.rawValue, status: fetched.status, etag: fetched.etag,
                    count: fetched.announcements.count, diagnostics: fetched.diagnostics,
                    images: Report.Images(
                        fetched: images.fetched, cached: images.cached, failed: images.failed,
                        failures: images.failures.map { Report.Failure(url: $0.url.absoluteString, reason: $0.reason) }),
                    signature: signature))
        } else {
            var lines = [
                "source: \(fetched.source.rawValue)",
                "status: \(fetched.status.map(String.init) ?? "-")",
                "etag: \(fetched.etag.map { TerminalText.escaped($0) } ?? "-")",
                "count: \(fetched.announcements.count)",
            ]
            if let signature { lines.append("signature: \(signature)") }
            lines += fetched.diagnostics.map {
                "\($0.severity.rawValue): \(TerminalText.escaped($0.message)) (\(TerminalText.escaped($0.path)))"
            }
            if fetched.images != nil {
                lines.append("images: fetched \(images.fetched), cached \(images.cached), failed \(images.failed)")
                lines += images.failures.map {
                    "image failed: \(TerminalText.escaped($0.url.absoluteString)): \(TerminalText.escaped($0.reason))"
                }
            }
            result.standardOutput = lines.joined(separator: "\n") + "\n"
        }
        return result
    }
}
