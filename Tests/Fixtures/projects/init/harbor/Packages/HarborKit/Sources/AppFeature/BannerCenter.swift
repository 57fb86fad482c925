import Foundation

/// The app's own banner queue: a conflict announce init reports, in a local package.
public final class BannerCenter {
    public init() {}
}
