import Foundation

/// A colour in sRGB with 8 bits per channel, written as `#RRGGBB`, with the WCAG 2 contrast maths.
///
/// ```swift
/// let text = RGBColor(hex: "#0B2A4A")!
/// text.contrastRatio(with: RGBColor(hex: "#E8F1FD")!)  // ≈ 12.9
/// ```
public struct RGBColor: Sendable, Hashable, CustomStringConvertible {
    /// The red channel, 0…255.
    public var red: UInt8
    /// The green channel, 0…255.
    public var green: UInt8
    /// The blue channel, 0…255.
    public var blue: UInt8

    /// Creates a colour from its channels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Creates a colour from `#RRGGBB` or `RRGGBB`; `nil` for anything else.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// The colour as `#RRGGBB` with upper-case digits, as CSS and the HTML preview use it.
    public var hex: String {
        "#"
            + [red, green, blue].map { channel in
                let digits = String(channel, radix: 16, uppercase: true)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
    }

    /// The same as ``hex``.
    public var description: String { hex }

    /// The relative luminance defined by WCAG 2: 0 for black, 1 for white.
    package var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.040_45 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The WCAG 2 contrast ratio with `other`, from 1 (none) to 21 (black on white). Body text needs at
    /// least 4.5, large text and icons at least 3.
    package func contrastRatio(with other: RGBColor) -> Double {
        let lighter = max(relativeLuminance, other.relativeLuminance)
        let darker = min(relativeLuminance, other.relativeLuminance)
        return (lighter + 0.05) / (darker + 0.05)
    }
}
