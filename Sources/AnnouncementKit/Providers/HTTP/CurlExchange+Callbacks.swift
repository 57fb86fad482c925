#if os(Linux) && canImport(CCurlShim)
    import CCurl
    import CCurlShim
    import Foundation
    import FoundationNetworking

    /// libcurl's header callback: one header line of the answer (the status line and the blank line
    /// that ends the headers included), to the ``CurlExchange`` at `context`.
    let curlHeaderCallback: ak_curl_data_callback = { data, size, count, context in
        guard let data, let context else { return 0 }
        let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        return exchange.header(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
    }

    /// libcurl's write callback: body bytes (decoded, when decoding is on), to the ``CurlExchange`` at
    /// `context`; fewer bytes than given abort the transfer.
    let curlWriteCallback: ak_curl_data_callback = { data, size, count, context in
        guard let data, let context else { return 0 }
        let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        return exchange.write(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
    }

    /// libcurl's progress callback, called at least once a second: aborts the transfer once the caller
    /// no longer waits.
    let curlProgressCallback: ak_curl_progress_callback = { context, _, _, _, _ in
        guard let context else { return 1 }
        return Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
    }

    extension CurlExchange {
        /// The statuses whose `Location` the transfer follows (or refuses).
        static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

        /// Reads one header line; `false` aborts the transfer (a refusal, a redirect, a cancellation).
        func header(_ bytes: UnsafeRawBufferPointer) -> Bool {
            guard !isCancelled else { return false }
            let line = String(decoding: bytes, as: UTF8.self)
            if line.hasPrefix("HTTP/") {
                // A new answer (after a 1xx one, say): its status, and none of the headers before.
                headers = [:]
                acceptedHeaders = false
                let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
                status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            }
            headerBytes += bytes.count
            if headerBytes > Self.maximumHeaderBytes {
                failure = .transport(
                    code: NSURLErrorBadServerResponse,
                    message: "the response headers passed \(Self.maximumHeaderBytes) bytes; the download was stopped")
                return false
            }
            // Trailers after the body, and header lines after the answer's headers were accepted.
            if acceptedHeaders || line.hasPrefix("HTTP/") { return true }
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { return headersEnded() }
            if let colon = trimmed.firstIndex(of: ":") {
                let name = trimmed[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                headers[name] = headers[name].map { "\($0), \(value)" } ?? value
            }
            return true
        }

        /// Decides at the blank line that ends an answer's headers: a 1xx answer is skipped, a redirect
        /// handed to the transfer, an encoded answer to an `identity` request refused, a declared
        /// length past the cap refused; otherwise the body is read.
        private func headersEnded() -> Bool {
            if (100..<200).contains(status) { return true }
            if Self.redirectStatuses.contains(status), let location = headers["location"] {
                redirect = location
                return false
            }
            let coding = headers["content-encoding"].flatMap(HTTPDownloader.contentEncoding)
            if refusesEncoding, let coding {
                // Refused before any body: decoding is off, and the connection is closed unread.
                failure = .encoded(coding)
                return false
            }
            if let declared = headers["content-length"].flatMap({ Int64($0) }), declared > Int64(maximumBodySize) {
                failure = .tooLarge(received: Int(clamping: declared), encoding: coding)
                return false
            }
            encoding = coding
            acceptedHeaders = true
            return true
        }

        /// Counts and keeps body bytes; `false` past the cap or once the caller no longer waits.
        func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
            guard acceptedHeaders, failure == nil, !isCancelled else { return false }
            received += bytes.count
            if received > maximumBodySize {
                failure = .tooLarge(received: received, encoding: encoding)
                recordProgress()
                return false
            }
            body.append(bytes.bindMemory(to: UInt8.self))
            recordProgress()
            return true
        }
    }
#endif
