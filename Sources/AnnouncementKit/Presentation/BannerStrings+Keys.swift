extension BannerStrings {
    /// The words by name: each case is a property of `BannerStrings` and its raw value is the
    /// property's name, the key of the word in the resource files.
    package enum Key: String, CaseIterable, Sendable {
        case learnMore
        case open
        case dismissAnnouncement
        case warning
        case critical
        case close
        case actionHint
        case dismissHint
        case announcement
        case image
    }

    /// The word for `key`.
    package subscript(key: Key) -> String {
        get {
            switch key {
            case .learnMore: learnMore
            case .open: open
            case .dismissAnnouncement: dismissAnnouncement
            case .warning: warning
            case .critical: critical
            case .close: close
            case .actionHint: actionHint
            case .dismissHint: dismissHint
            case .announcement: announcement
            case .image: image
            }
        }
        set {
            switch key {
            case .learnMore: learnMore = newValue
            case .open: open = newValue
            case .dismissAnnouncement: dismissAnnouncement = newValue
            case .warning: warning = newValue
            case .critical: critical = newValue
            case .close: close = newValue
            case .actionHint: actionHint = newValue
            case .dismissHint: dismissHint = newValue
            case .announcement: announcement = newValue
            case .image: image = newValue
            }
        }
    }
}
