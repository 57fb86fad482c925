import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

/// The image header reader: each format's size from its header, the pixel budget, and headers that are
/// cut short, malformed or (for JPEG) walk too far.
@Suite("Image headers")
struct ImageHeaderTests {
    typealias Hostile = HostileImages

    @Test(
        "the fixtures and small images of each format are read with their size and pass",
        arguments: [
            (ImageFeedSupport.png, ImageSignature.png, 24, 16), (ImageFeedSupport.jpeg, .jpeg, 24, 16),
            (ImageFeedSupport.gif, .gif, 8, 8), (ImageFeedSupport.webp, .webp, 8, 8),
            (Hostile.png(width: 640, height: 480, padding: 100), .png, 640, 480),
            (Hostile.gif(width: 320, height: 200), .gif, 320, 200),
            (Hostile.webpLossless(width: 4096, height: 1), .webp, 4096, 1),
            (Hostile.webpLossy(width: 300, height: 250), .webp, 300, 250),
            (Hostile.webpExtended(width: 1200, height: 628), .webp, 1200, 628),
            (Hostile.jpeg(width: 1024, height: 768), .jpeg, 1024, 768),
            (Hostile.jpeg(width: 4096, height: 4096, comments: 400), .jpeg, 4096, 4096),
        ])
    func small(_ data: Data, _ format: ImageSignature, _ width: Int, _ height: Int) throws {
        let header = try ImageHeader.check(data).get()
        #expect(header == ImageHeader(format: format, width: width, height: height))
    }

    @Test(
        "the pixel bombs of a few bytes are refused by their size, with the size in the reason",
        arguments: [
            (Hostile.webpLossless(width: 16383, height: 16383), "16383 × 16383"),
            (Hostile.png(width: 16000, height: 16000), "16000 × 16000"),
            (Hostile.jpeg(width: 65500, height: 65500), "65500 × 65500"),
            (Hostile.gif(width: 65500, height: 65500), "65500 × 65500"),
            (Hostile.webpExtended(width: 1 << 24, height: 1 << 24), "16777216 × 16777216"),
            (Hostile.webpLossy(width: 16383, height: 2), "16383 × 2"),
            (Hostile.png(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF), "2147483647 × 2147483647"),
            (Hostile.png(width: 4097, height: 1), "4097 × 1"),
            (Hostile.gif(width: 1, height: 4097), "1 × 4097"),
        ])
    func bombs(_ data: Data, _ size: String) {
        #expect(data.count < 300, "a bomb of \(data.count) bytes")
        guard case .failure(let refusal) = ImageHeader.check(data) else {
            Issue.record("\(size) passed")
            return
        }
        #expect(
            refusal.description
                == "the image is \(size) pixels: past the limit of 4096 pixels per side and 16 Mi pixels in all")
    }

    @Test("4096 × 4096 is the largest image that passes; a size of zero is refused")
    func boundaries() {
        #expect(ImageHeader.isAcceptable(Hostile.png(width: 4096, height: 4096)))
        #expect(!ImageHeader.isAcceptable(Hostile.png(width: 4096, height: 4097)))
        #expect(ImageHeader.maximumPixels == 4096 * 4096)
        for zero in [
            Hostile.png(width: 0, height: 10), Hostile.gif(width: 10, height: 0), Hostile.jpeg(width: 0, height: 8),
        ] {
            guard case .failure(let refusal) = ImageHeader.check(zero) else {
                Issue.record("a size of zero passed")
                continue
            }
            #expect(refusal.description.contains("gives a size of"))
        }
    }

    @Test(
        "every header cut short before its size is refused as cut short, never read past its end",
        arguments: [
            (HostileImages.png(width: 100, height: 100), 24), (HostileImages.gif(width: 100, height: 100), 10),
            (HostileImages.webpLossless(width: 100, height: 100), 25),
            (HostileImages.webpLossy(width: 100, height: 100), 30),
            (HostileImages.webpExtended(width: 100, height: 100), 30),
            (HostileImages.jpeg(width: 100, height: 100), 98),
        ])
    func truncated(_ data: Data, _ headerEnd: Int) throws {
        #expect(ImageHeader.isAcceptable(data))
        #expect(ImageHeader.isAcceptable(data.prefix(headerEnd)))
        let signatureLength = data.first == 0xFF ? 3 : (data.first == 0x47 ? 6 : (data.first == 0x52 ? 12 : 8))
        for length in signatureLength..<headerEnd {
            let cut = Data(data.prefix(length))
            guard case .failure(let refusal) = ImageHeader.check(cut) else {
                Issue.record("\(length) of \(data.count) bytes passed")
                continue
            }
            #expect(
                refusal.description.contains("is cut short") || refusal.description.contains("is malformed"),
                "\(length) bytes: \(refusal.description)")
        }
        let sliced = Data([0xAA, 0xBB]) + data
        #expect(try ImageHeader.check(sliced.dropFirst(2)).get().width == 100, "a slice is read from its start")
    }

    @Test("malformed headers are refused with what is wrong")
    func malformed() {
        var noIHDR = Hostile.png(width: 10, height: 10)
        noIHDR.replaceSubrange(12..<16, with: Data("IDAT".utf8))
        var vp8Inter = Hostile.webpLossy(width: 10, height: 10)
        vp8Inter[20] |= 1
        var vp8NoStart = Hostile.webpLossy(width: 10, height: 10)
        vp8NoStart[23] = 0
        var vp8lSignature = Hostile.webpLossless(width: 10, height: 10)
        vp8lSignature[20] = 0x2E
        var otherChunk = Hostile.webpLossless(width: 10, height: 10)
        otherChunk.replaceSubrange(12..<16, with: Data("ALPH".utf8))
        let cases: [(Data, String)] = [
            (noIHDR, "the PNG header is malformed: the first chunk is not a 13-byte IHDR"),
            (vp8Inter, "the WebP header is malformed: the VP8 frame is not a key frame"),
            (vp8NoStart, "the WebP header is malformed: the VP8 start code is missing"),
            (vp8lSignature, "the WebP header is malformed: the VP8L signature byte is not 0x2F"),
            (otherChunk, "the WebP header is malformed: the first chunk is not VP8, VP8L or VP8X"),
            (ImageFeedSupport.html, "the body is not a PNG, JPEG, GIF or WebP image: it starts with \"<!DOCTYP\""),
        ]
        for (data, reason) in cases {
            guard case .failure(let refusal) = ImageHeader.check(data) else {
                Issue.record("passed: \(reason)")
                continue
            }
            #expect(refusal.description == reason)
        }
    }

    @Test("a JPEG whose segments never reach a frame is refused within the budget of segments and bytes")
    func endlessJPEG() {
        let start = Data([0xFF, 0xD8])
        let comment = Hostile.segment(0xFE, Data("x".utf8))
        let cases: [(Data, String)] = [
            // 600 comments, then a frame: past the 512 segments walked.
            (Hostile.jpeg(width: 8, height: 8, comments: 600), "no start-of-frame segment in the first 512 segments"),
            // Restart markers have no length: each is a segment.
            (
                start + Data([UInt8](repeating: 0, count: 1200).enumerated().map { $0.offset % 2 == 0 ? 0xFF : 0xD0 }),
                "no start-of-frame segment in the first 512 segments"
            ),
            // Two MiB of fill bytes: past the 1 MiB scanned.
            (Hostile.jpegOfFillBytes(2 << 20), "no start-of-frame segment in the first 1048576 bytes"),
            // Comments of 60 KiB, 20 of them: past the 1 MiB scanned.
            (
                start + Data((0..<20).map { _ in Hostile.segment(0xFE, Data(count: 60_000)) }.joined()),
                "no start-of-frame segment in the first 1048576 bytes"
            ),
            // A length of 0 would loop on a naive reader.
            (start + Data([0xFF, 0xE1, 0x00, 0x00]) + comment, "segment FFE1 at byte 2 has length 0"),
            (
                start + comment + Data([0xFF, 0xDA, 0x00, 0x02]),
                "marker FFDA at byte 7 comes before any start-of-frame segment"
            ),
            (start + Data([0xFF, 0xD9]), "marker FFD9 at byte 2 comes before any start-of-frame segment"),
            (start + comment + Data([0x00, 0x11]), "byte 7 should start a marker (FF) and is 00"),
            (start + comment + Data([0xFF, 0xC0, 0x00, 0x05, 8, 0, 1]), "the start-of-frame segment has length 5"),
        ]
        for (data, reason) in cases {
            guard case .failure(let refusal) = ImageHeader.check(data) else {
                Issue.record("passed: \(reason)")
                continue
            }
            #expect(refusal.description == "the JPEG header is malformed: " + reason)
        }
        // A length that runs past the end is cut short, not read.
        guard case .failure(let refusal) = ImageHeader.check(start + Data([0xFF, 0xE0, 0xFF, 0xFF, 1, 2])) else {
            Issue.record("a segment past the end passed")
            return
        }
        #expect(refusal.description.contains("is cut short"))
    }
}

/// The size the views decode an image at: what fills the frame they draw, never more than the image.
@Suite("Image decode size")
struct ImageDecodeSizeTests {
    @Test(
        "the longest side to decode fills the frame, crops the overflow, and never passes the image",
        arguments: [
            // A 4000 × 3000 photo in a 56 × 56 pt thumbnail at 3×: fill 168 px high, so 224 px wide.
            (4000, 3000, 168.0, 168.0, 224),
            // The same photo across a 390 pt sheet at 3× with ratio 16:9 (1170 × 658 px): fill the width.
            (4000, 3000, 1170.0, 658.125, 1170),
            // A tall 1000 × 4000 image in a wide frame: fill the width, the height overflows.
            (1000, 4000, 600.0, 300.0, 2400),
            // An image smaller than its frame is decoded at its own size, never enlarged.
            (24, 16, 1170.0, 658.0, 24),
            // Not laid out yet, or a frame of nonsense.
            (4000, 3000, 0.0, 0.0, 1), (4000, 3000, .nan, 10.0, 1), (4000, 3000, .infinity, 10.0, 1),
        ])
    func decodeSize(_ width: Int, _ height: Int, _ frameWidth: Double, _ frameHeight: Double, _ expected: Int) {
        let header = ImageHeader(format: .jpeg, width: width, height: height)
        #expect(header.longestSideToDecode(fillingWidth: frameWidth, height: frameHeight) == expected)
    }
}
