import Foundation

extension ImageHeader {
    /// Reads the size fields of one format's header; every read is bounds-checked and a short or
    /// malformed header throws a ``ImageHeader/Refusal`` that says which field is missing or wrong.
    struct ByteReader {
        let data: Data
        let format: ImageSignature

        private var count: Int { data.count }

        private func byte(_ offset: Int) -> Int {
            Int(data[data.startIndex + offset])
        }

        private func truncated(_ what: String) -> Refusal {
            Refusal(description: "the \(format.name) header is cut short: \(count) bytes end before \(what)")
        }

        private func malformed(_ what: String) -> Refusal {
            Refusal(description: "the \(format.name) header is malformed: \(what)")
        }

        /// Throws unless bytes `0..<end` are present.
        private func need(_ end: Int, for what: String) throws(Refusal) {
            guard count >= end else { throw truncated(what) }
        }

        private func bigEndian16(_ offset: Int) -> Int { byte(offset) << 8 | byte(offset + 1) }
        private func bigEndian32(_ offset: Int) -> Int { bigEndian16(offset) << 16 | bigEndian16(offset + 2) }
        private func littleEndian16(_ offset: Int) -> Int { byte(offset) | byte(offset + 1) << 8 }
        private func littleEndian24(_ offset: Int) -> Int { littleEndian16(offset) | byte(offset + 2) << 16 }
        private func ascii(_ offset: Int, _ length: Int) -> String {
            String(decoding: data[(data.startIndex + offset)..<(data.startIndex + offset + length)], as: UTF8.self)
        }

        /// PNG: the signature, then the first chunk, which must be `IHDR` of 13 bytes: width and height
        /// as 32-bit big-endian numbers of at most 2³¹ − 1.
        func pngSize() throws(Refusal) -> (Int, Int) {
            try need(16, for: "the first chunk")
            guard ascii(12, 4) == "IHDR", bigEndian32(8) == 13 else {
                throw malformed("the first chunk is not a 13-byte IHDR")
            }
            try need(24, for: "the IHDR width and height")
            let width = bigEndian32(16)
            let height = bigEndian32(20)
            guard width <= Int(Int32.max), height <= Int(Int32.max) else {
                throw malformed("the IHDR size \(width) × \(height) is past 2³¹ − 1")
            }
            return (width, height)
        }

        /// GIF: the signature, then the logical screen descriptor's width and height, 16-bit little-endian.
        func gifSize() throws(Refusal) -> (Int, Int) {
            try need(10, for: "the logical screen width and height")
            return (littleEndian16(6), littleEndian16(8))
        }

        /// WebP: `RIFF`, length, `WEBP`, then the first chunk: `VP8 ` (lossy: a key frame's start code and
        /// 14-bit sizes), `VP8L` (lossless: the 0x2F signature and 14-bit sizes minus one) or `VP8X`
        /// (extended: 24-bit canvas sizes minus one).
        func webpSize() throws(Refusal) -> (Int, Int) {
            try need(20, for: "the first chunk")
            switch ascii(12, 4) {
            case "VP8 ":
                try need(30, for: "the VP8 frame size")
                guard byte(20) & 1 == 0 else { throw malformed("the VP8 frame is not a key frame") }
                guard byte(23) == 0x9D, byte(24) == 0x01, byte(25) == 0x2A else {
                    throw malformed("the VP8 start code is missing")
                }
                return (littleEndian16(26) & 0x3FFF, littleEndian16(28) & 0x3FFF)
            case "VP8L":
                try need(25, for: "the VP8L image size")
                guard byte(20) == 0x2F else { throw malformed("the VP8L signature byte is not 0x2F") }
                let bits = byte(21) | byte(22) << 8 | byte(23) << 16 | byte(24) << 24
                return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
            case "VP8X":
                try need(30, for: "the VP8X canvas size")
                return (littleEndian24(24) + 1, littleEndian24(27) + 1)
            default:
                throw malformed("the first chunk is not VP8, VP8L or VP8X")
            }
        }

        /// JPEG: walks the segments after the start of image (each a marker, optional `FF` fill bytes,
        /// and a 16-bit length) to the first start-of-frame segment, whose height and width it reads;
        /// refuses a scan, an end of image or a length that runs past the data before it, and stops
        /// after ``ImageHeader/maximumJPEGScan`` bytes or ``ImageHeader/maximumJPEGSegments`` segments.
        func jpegSize() throws(Refusal) -> (Int, Int) {
            var offset = 2
            var segments = 0
            while true {
                guard offset < ImageHeader.maximumJPEGScan else {
                    throw malformed("no start-of-frame segment in the first \(ImageHeader.maximumJPEGScan) bytes")
                }
                try need(offset + 2, for: "the start-of-frame segment")
                guard byte(offset) == 0xFF else {
                    throw malformed(
                        "byte \(offset) should start a marker (FF) and is \(String(format: "%02X", byte(offset)))")
                }
                let marker = byte(offset + 1)
                if marker == 0xFF {
                    offset += 1  // a fill byte
                    continue
                }
                segments += 1
                guard segments <= ImageHeader.maximumJPEGSegments else {
                    throw malformed(
                        "no start-of-frame segment in the first \(ImageHeader.maximumJPEGSegments) segments")
                }
                if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                    offset += 2  // a marker without a length
                    continue
                }
                guard marker != 0xDA, marker != 0xD9, marker != 0xD8, marker != 0x00 else {
                    throw malformed(
                        "marker \(Self.hex(marker)) at byte \(offset) comes before any start-of-frame segment")
                }
                try need(offset + 4, for: "the length of segment \(Self.hex(marker))")
                let length = bigEndian16(offset + 2)
                guard length >= 2 else {
                    throw malformed("segment \(Self.hex(marker)) at byte \(offset) has length \(length)")
                }
                if Self.isStartOfFrame(marker) {
                    guard length >= 8 else { throw malformed("the start-of-frame segment has length \(length)") }
                    try need(offset + 9, for: "the start-of-frame height and width")
                    return (bigEndian16(offset + 7), bigEndian16(offset + 5))
                }
                offset += 2 + length
            }
        }

        /// `FFC0` for marker `C0`.
        private static func hex(_ marker: Int) -> String {
            "FF" + String(format: "%02X", marker)
        }

        /// Whether `marker` starts a frame: `C0`–`CF` except `C4` (Huffman tables), `C8` (reserved) and
        /// `CC` (arithmetic coding conditioning).
        private static func isStartOfFrame(_ marker: Int) -> Bool {
            (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
        }
    }
}
