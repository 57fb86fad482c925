public import Foundation

/// Image files built byte by byte for the tests: tiny files whose headers claim a size (the pixel bombs
/// of a few bytes that claim gigabytes once decoded, and small images that pass), and JPEGs whose
/// segments never reach a frame.
public enum HostileImages {
    /// A PNG: the signature, an `IHDR` chunk of `width` × `height` (8-bit RGBA), then `padding` bytes of
    /// an `IDAT` chunk's worth of zeros.
    public static func png(width: UInt32, height: UInt32, padding: Int = 0) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        data.append(bigEndian(13))
        data.append(Data("IHDR".utf8))
        data.append(bigEndian(width))
        data.append(bigEndian(height))
        data.append(contentsOf: [8, 6, 0, 0, 0])
        data.append(bigEndian(0))  // CRC, not checked by the header reader
        if padding > 0 {
            data.append(bigEndian(UInt32(padding)))
            data.append(Data("IDAT".utf8))
            data.append(Data(count: padding))
            data.append(bigEndian(0))
        }
        return data
    }

    /// A GIF89a whose logical screen and one image are `width` × `height`, with one sub-block of data:
    /// 35 bytes.
    public static func gif(width: UInt16, height: UInt16) -> Data {
        var data = Data("GIF89a".utf8)
        data.append(littleEndian16(width))
        data.append(littleEndian16(height))
        data.append(contentsOf: [0, 0, 0])
        data.append(0x2C)  // image descriptor
        data.append(contentsOf: [0, 0, 0, 0])
        data.append(littleEndian16(width))
        data.append(littleEndian16(height))
        data.append(0)
        data.append(contentsOf: [0x02, 0x02, 0x4C, 0x01, 0x00])  // LZW minimum code size, one sub-block
        data.append(contentsOf: [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x3B])
        return data
    }

    /// A lossless WebP (`VP8L`) of `width` × `height` (each 1…16384): 34 bytes.
    public static func webpLossless(width: Int, height: Int) -> Data {
        let bits = UInt32(width - 1) | UInt32(height - 1) << 14
        var chunk = Data([0x2F])
        chunk.append(littleEndian32(bits))
        chunk.append(Data(count: 9))
        return riff(fourCC: "VP8L", chunk)
    }

    /// A lossy WebP (`VP8 `) key frame of `width` × `height` (each at most 16383).
    public static func webpLossy(width: UInt16, height: UInt16) -> Data {
        var chunk = Data([0x10, 0x02, 0x00, 0x9D, 0x01, 0x2A])
        chunk.append(littleEndian16(width))
        chunk.append(littleEndian16(height))
        chunk.append(Data(count: 10))
        return riff(fourCC: "VP8 ", chunk)
    }

    /// An extended WebP (`VP8X`) whose canvas is `width` × `height` (each at most 2²⁴).
    public static func webpExtended(width: Int, height: Int) -> Data {
        var chunk = Data([0, 0, 0, 0])
        chunk.append(littleEndian32(UInt32(width - 1)).prefix(3))
        chunk.append(littleEndian32(UInt32(height - 1)).prefix(3))
        return riff(fourCC: "VP8X", chunk)
    }

    /// A baseline JPEG of `width` × `height`: the start of image, a JFIF `APP0`, `comments` comment
    /// segments, a quantisation table, the start of frame, then a scan of a few bytes and the end.
    public static func jpeg(width: UInt16, height: UInt16, comments: Int = 0) -> Data {
        var data = Data([0xFF, 0xD8])
        data.append(segment(0xE0, Data("JFIF\0".utf8) + Data([1, 1, 0, 0, 1, 0, 1, 0, 0])))
        for _ in 0..<comments { data.append(segment(0xFE, Data("x".utf8))) }
        data.append(segment(0xDB, Data([0]) + Data(repeating: 1, count: 64)))
        var frame = Data([8])
        frame.append(bigEndian16(height))
        frame.append(bigEndian16(width))
        frame.append(contentsOf: [3, 1, 0x22, 0, 2, 0x11, 0, 3, 0x11, 0])
        data.append(segment(0xC0, frame))
        data.append(segment(0xDA, Data([3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0])))
        data.append(Data(repeating: 0x55, count: 80))
        data.append(contentsOf: [0xFF, 0xD9])
        return data
    }

    /// A JPEG whose start of image is followed by `count` fill bytes (`FF`) and nothing else.
    public static func jpegOfFillBytes(_ count: Int) -> Data {
        Data([0xFF, 0xD8]) + Data(repeating: 0xFF, count: count)
    }

    /// A JPEG segment: `FF marker`, its length (payload + 2) and the payload.
    public static func segment(_ marker: UInt8, _ payload: Data) -> Data {
        Data([0xFF, marker]) + bigEndian16(UInt16(payload.count + 2)) + payload
    }

    private static func riff(fourCC: String, _ chunk: Data) -> Data {
        var body = Data("WEBP".utf8)
        body.append(Data(fourCC.utf8))
        body.append(littleEndian32(UInt32(chunk.count)))
        body.append(chunk)
        if chunk.count % 2 == 1 { body.append(0) }
        return Data("RIFF".utf8) + littleEndian32(UInt32(body.count)) + body
    }

    private static func bigEndian(_ value: UInt32) -> Data { withUnsafeBytes(of: value.bigEndian) { Data($0) } }
    private static func bigEndian16(_ value: UInt16) -> Data { withUnsafeBytes(of: value.bigEndian) { Data($0) } }
    private static func littleEndian16(_ value: UInt16) -> Data {
        withUnsafeBytes(of: value.littleEndian) { Data($0) }
    }
    private static func littleEndian32(_ value: UInt32) -> Data {
        withUnsafeBytes(of: value.littleEndian) { Data($0) }
    }
}
