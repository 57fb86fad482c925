extension Int {
    /// `value` rounded toward zero, or the nearest `Int` when it lies outside (`Int.max` for +∞, `Int.min` for
    /// −∞), and 0 for NaN: a conversion that never traps, for a `Double` that came from outside (a feed, a
    /// header, a clock, an app's configuration).
    ///
    /// ```swift
    /// Int(saturating: 2.9)             // 2
    /// Int(saturating: 1e300)           // Int.max
    /// Int(saturating: -.infinity)      // Int.min
    /// ```
    package init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9_223_372_036_854_775_808.0 {
            self = .max
        } else if value < -9_223_372_036_854_775_808.0 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
