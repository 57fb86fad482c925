#if canImport(SwiftUI)
    public import SwiftUI

    extension EnvironmentValues {
        /// Whether announcement banners are kept off the screens below (onboarding, checkout).
        @Entry public var announcementsSuppressed: Bool = false
    }

    extension View {
        /// Keeps announcement banners off this view and everything inside it, such as onboarding
        /// or a checkout flow; they show again when the view goes away.
        ///
        /// ```swift
        /// CheckoutView()
        ///     .announcementsSuppressed()
        /// ```
        public func announcementsSuppressed(_ suppressed: Bool = true) -> some View {
            environment(\.announcementsSuppressed, suppressed)
        }
    }
#endif
