import Foundation

public enum Palette {
    public static let accent = "teal"
}
