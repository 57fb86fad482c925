import AnnouncementKit
import Foundation
import Testing

/// The image signature sniffer: each format by its first bytes, and what is not an image.
@Suite("Image signatures")
struct ImageSignatureTests {
    @Test(
        "the fixtures and bare signatures are recognised",
        arguments: [
            (ImageFeedSupport.png, ImageSignature.png), (ImageFeedSupport.jpeg, .jpeg), (ImageFeedSupport.gif, .gif),
            (ImageFeedSupport.webp, .webp), (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), .png),
            (Data([0xFF, 0xD8, 0xFF]), .jpeg), (Data("GIF87a".utf8), .gif), (Data("GIF89a;".utf8), .gif),
            (Data("RIFF\0\0\0\0WEBP".utf8), .webp),
        ])
    func recognised(_ data: Data, _ format: ImageSignature) {
        #expect(ImageSignature.sniff(data) == format)
    }

    @Test(
        "text, HTML, JSON, SVG, other RIFF files, truncated signatures and nothing are not images",
        arguments: [
            Data(), Data("<!DOCTYPE html>".utf8), Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8),
            Data(#"{"error": "not found"}"#.utf8), Data("Not Found".utf8), Data("RIFF\0\0\0\0WAVEfmt ".utf8),
            Data("RIFF\0\0\0\0WEB".utf8), Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A]), Data([0xFF, 0xD8]),
            Data("GIF88a".utf8), Data(" \u{89}PNG".utf8), Data([0x00, 0x00, 0x01, 0x00]),
        ])
    func refused(_ data: Data) {
        #expect(ImageSignature.sniff(data) == nil)
    }

    @Test("a refused body is described by its first bytes: as text when printable, otherwise in hex")
    func description() {
        #expect(ImageSignature.describePrefix(of: Data()) == "is empty")
        #expect(ImageSignature.describePrefix(of: ImageFeedSupport.html) == #"starts with "<!DOCTYP""#)
        #expect(ImageSignature.describePrefix(of: Data([0, 1, 0xAB])) == "starts with bytes 00 01 AB")
    }
}
