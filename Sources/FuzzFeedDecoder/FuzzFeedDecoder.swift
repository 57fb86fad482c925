// libFuzzer harness for the feed decoder: bytes → FeedDecoder → AnnouncementSelector; the same bytes
// as a remote provider's image cache file, and as an image whose header is read (ImageHeader: PNG,
// GIF, WebP, and JPEG's bounded walk of segments) and, when it passes, sized for a few frames; and
// as a signed feed's detached signature file (FeedSignatureFile) and public key text (FeedPublicKey).
//
// Built by scripts/fuzz with `-sanitize=fuzzer,address -DFUZZING`, libFuzzer supplies `main` and calls
// `LLVMFuzzerTestOneInput`. In a plain `swift build` the target is a small program that replays the
// files named on its command line through the same code, so the normal build stays harmless.
import AnnouncementKit
import Foundation

private let contexts: [AnnouncementContext] = [
    AnnouncementContext(),
    AnnouncementContext(
        platform: "ios", appVersion: SemanticVersion("2.6.0"), osVersion: SemanticVersion("17.4"), locale: "de-CH",
        userID: "user-1", segments: ["beta"], attributes: ["plan": "pro"],
        installDate: Date(timeIntervalSince1970: 1_700_000_000), isFirstLaunch: true),
]
private let dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_750_000_000)]

/// Decodes `bytes` as a feed and selects from it under a few contexts, states and dates.
func exerciseFeed(_ bytes: [UInt8]) {
    let decoders = [
        FeedDecoder(), FeedDecoder(policy: ActionPolicy(allowsHTTP: true, allowedDeepLinkSchemes: ["myapp"])),
    ]
    for decoder in decoders {
        guard let result = try? decoder.decode(bytes: bytes) else { continue }
        let announcements = result.announcements
        var state = AnnouncementState(installationID: "fuzz")
        for announcement in announcements.prefix(4) {
            state.recordDismissal(of: announcement, at: dates[0])
            state.recordImpression(of: announcement.id, at: dates[1])
        }
        for context in contexts {
            for date in dates {
                for current in [AnnouncementState(), state] {
                    let evaluator = EligibilityEvaluator(context: context, state: current)
                    _ = AnnouncementSelector.select(
                        announcements, rejected: result.rejected, evaluator: evaluator, at: date)
                }
            }
        }
        _ = result.diagnostics.map(\.description)
    }
}

/// Reads `bytes` as an image header and, when it is within the budget, the size the views would decode
/// it at for a thumbnail, a card and a degenerate frame.
func exerciseImage(_ bytes: [UInt8]) {
    let data = Data(bytes)
    switch ImageHeader.check(data) {
    case .success(let header):
        precondition(header.width > 0 && header.height > 0 && header.width <= ImageHeader.maximumSide)
        precondition(
            header.height <= ImageHeader.maximumSide && header.width * header.height <= ImageHeader.maximumPixels)
        for (width, height) in [(168.0, 168.0), (1170.0, 658.0), (0.0, 0.0)] {
            let side = header.longestSideToDecode(fillingWidth: width, height: height)
            precondition(side >= 1 && side <= max(header.width, header.height))
        }
    case .failure(let refusal):
        _ = refusal.description
    }
    _ = try? ImageHeader.read(data)
}

/// Reads `bytes` as a signature file and as a public key's text; whatever is accepted must hold what
/// the parsers promise (16 lowercase hex digits and 64 bytes; 32 raw bytes), and a parsed signature
/// file must read back the same from its own encoding.
func exerciseSignature(_ bytes: [UInt8]) {
    switch Result(catching: { () throws(FeedSignatureError) in try FeedSignatureFile(parsing: Data(bytes)) }) {
    case .success(let file):
        precondition(file.keyID.utf8.count == 16 && file.signature.count == 64)
        precondition((try? FeedSignatureFile(parsing: file.encoded)) == file)
    case .failure(let error):
        precondition(error.kind == .malformedSignature)
        _ = error.description
    }
    let text = String(decoding: bytes, as: UTF8.self)
    switch Result(catching: { () throws(FeedSignatureError) in try FeedPublicKey(text) }) {
    case .success(let key):
        precondition(key.rawRepresentation.count == 32)
        precondition((try? FeedPublicKey(key.description)) == key)
    case .failure(let error):
        precondition(error.kind == .malformedKey)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    exerciseFeed(bytes)
    _ = AnnouncementImageCache.image(inFile: bytes)
    exerciseImage(bytes)
    exerciseSignature(bytes)
    return 0
}

#if !FUZZING
    @main
    struct ReplayFeedInputs {
        static func main() throws {
            for path in CommandLine.arguments.dropFirst() {
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
                exerciseFeed(bytes)
                _ = AnnouncementImageCache.image(inFile: bytes)
                exerciseImage(bytes)
                exerciseSignature(bytes)
                print("ok \(path)")
            }
        }
    }
#endif
