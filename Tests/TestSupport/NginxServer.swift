public import Foundation

/// An nginx of the test's own on 127.0.0.1 and a free port: a temporary prefix with its own
/// `nginx.conf`, pid file and logs, serving a temporary document root. It runs in the foreground
/// (`daemon off; master_process off;`) as a child process and is stopped by ``stop()`` or when the
/// value is released.
///
/// ```swift
/// let server = try NginxServer()
/// defer { server.stop() }
/// try server.publish("feed.json", contents: data)
/// let url = server.url("feed.json")
/// ```
public final class NginxServer: @unchecked Sendable {
    /// What the server sends, as the tested production config in `docs/serving-feeds.md`.
    public struct Options: Sendable {
        /// `gzip on; gzip_types application/json; gzip_min_length 0;`
        public var gzip: Bool
        /// `etag on` (the default) or `etag off` (Last-Modified only).
        public var etag: Bool
        /// The `Cache-Control` header added to every answer.
        public var cacheControl: String

        /// Creates options; by default gzip is off, ETags on, `max-age=300`.
        public init(gzip: Bool = false, etag: Bool = true, cacheControl: String = "max-age=300") {
            self.gzip = gzip
            self.etag = etag
            self.cacheControl = cacheControl
        }
    }

    /// One line of the access log.
    public struct LogEntry: Sendable, Equatable {
        /// The HTTP status sent.
        public var status: Int
        /// Body bytes sent (after compression).
        public var bodyBytes: Int
        /// The request's `If-None-Match`, or `nil`.
        public var ifNoneMatch: String?
        /// The request's `If-Modified-Since`, or `nil`.
        public var ifModifiedSince: String?
        /// The `ETag` sent, or `nil`.
        public var etag: String?
        /// Whether the body was gzip-compressed.
        public var gzipped: Bool
        /// The request's `User-Agent`.
        public var userAgent: String
        /// The path requested, such as `/feed.json`.
        public var path: String
    }

    /// The port it listens on.
    public let port: Int
    /// The temporary prefix (config, logs, pid).
    public let prefix: URL
    /// The document root.
    public let root: URL
    private let process: Process
    private let stopped = NSLock()
    private var isStopped = false

    /// Starts nginx and waits until it accepts connections.
    public init(options: Options = Options()) throws {
        guard let nginx = TestDependencies.nginx else {
            throw TestServerError("nginx is not installed; run scripts/test-deps (apt-get install -y nginx-light)")
        }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("nginx-\(UUID().uuidString)")
        prefix = base
        root = base.appendingPathComponent("html")
        for folder in ["html", "logs", "tmp"] {
            try FileManager.default.createDirectory(
                at: base.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        var lastError: (any Error)?
        for _ in 0..<5 {
            let port = try LoopbackPort.free()
            let config = Self.configuration(prefix: base.path, root: root.path, port: port, options: options)
            try Data(config.utf8).write(to: base.appendingPathComponent("nginx.conf"))
            let process = Process()
            process.executableURL = nginx
            process.arguments = [
                "-p", base.path + "/", "-c", base.path + "/nginx.conf", "-e", base.path + "/logs/error.log",
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            do {
                try LoopbackPort.waitUntilListening(port, timeout: 5)
                self.port = port
                self.process = process
                return
            } catch {
                lastError = error
                ChildProcess.kill(process)
            }
        }
        let log = (try? String(contentsOf: base.appendingPathComponent("logs/error.log"), encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: base)
        throw TestServerError("nginx did not start: \(lastError.map { "\($0)" } ?? "?")\n\(log)")
    }

    deinit {
        stop()
    }

    /// Stops nginx (SIGKILL, then waits) and deletes the prefix. Safe to call twice.
    public func stop() {
        stopped.lock()
        defer { stopped.unlock() }
        guard !isStopped else { return }
        isStopped = true
        ChildProcess.kill(process)
        try? FileManager.default.removeItem(at: prefix)
    }

    /// The URL of `path` on this server.
    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(path)")!
    }

    /// Writes `contents` to `path` under the document root (creating its folders); `modified` sets the
    /// file's time (nginx derives `ETag` and `Last-Modified` from size and modification time, to the
    /// second). Files are served with the type of their extension (`.json`, `.png`, `.jpg`, `.gif`,
    /// `.webp`); those under `slow/` at 2 KB/s.
    public func publish(_ path: String, contents: Data, modified: Date = Date()) throws {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: file.path)
    }

    /// The access log so far.
    public func accessLog() -> [LogEntry] {
        let text = (try? String(contentsOf: prefix.appendingPathComponent("logs/access.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 8, let status = Int(fields[0]), let bytes = Int(fields[1]) else { return nil }
            func optional(_ value: String) -> String? { value == "-" || value.isEmpty ? nil : value }
            return LogEntry(
                status: status, bodyBytes: bytes, ifNoneMatch: optional(fields[2]),
                ifModifiedSince: optional(fields[3]),
                etag: optional(fields[4]), gzipped: optional(fields[5]) != nil, userAgent: fields[6], path: fields[7])
        }
    }

    static func configuration(prefix: String, root: String, port: Int, options: Options) -> String {
        """
        daemon off;
        master_process off;
        worker_processes 1;
        pid \(prefix)/nginx.pid;
        error_log \(prefix)/logs/error.log warn;
        events { worker_connections 64; }
        http {
            types { application/json json; image/png png; image/jpeg jpg; image/gif gif; image/webp webp; }
            default_type application/octet-stream;
            log_format feed escape=none '$status\\t$body_bytes_sent\\t$http_if_none_match\\t'
                '$http_if_modified_since\\t$sent_http_etag\\t$gzip_ratio\\t$http_user_agent\\t$uri';
            access_log \(prefix)/logs/access.log feed;
            client_body_temp_path \(prefix)/tmp/body;
            proxy_temp_path \(prefix)/tmp/proxy;
            fastcgi_temp_path \(prefix)/tmp/fastcgi;
            uwsgi_temp_path \(prefix)/tmp/uwsgi;
            scgi_temp_path \(prefix)/tmp/scgi;
            server {
                listen 127.0.0.1:\(port);
                root \(root);
                etag \(options.etag ? "on" : "off");
                gzip \(options.gzip ? "on" : "off");
                gzip_types application/json;
                gzip_min_length 0;
                location / {
                    add_header Cache-Control "\(options.cacheControl)";
                }
                # Images under /slow/ trickle at 2 KB/s, for the image phase's deadlines.
                location /slow/ {
                    limit_rate 2k;
                }
            }
        }

        """
    }
}
