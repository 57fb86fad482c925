public struct Toolkit {
    public init() {}
}
