/// Says whether the user belongs to an announcement's ``Announcement/targetAudience``, for segments the
/// app knows only as code (a subscription check, the install date) rather than as
/// ``AnnouncementContext/segments``.
///
/// ```swift
/// let resolver = AudienceResolver { audience in
///     switch audience {
///     case .freeUsers: !store.hasActiveSubscription
///     case .proUsers: store.hasActiveSubscription
///     case .newUsers: installDate.timeIntervalSinceNow > -7 * 86_400
///     default: false
///     }
/// }
/// let manager = AnnouncementManager(
///     provider: provider, configuration: .init(audienceResolver: resolver))
/// ```
///
/// (The template's initializer takes it as `audienceResolver:` too.)
///
/// ``Announcement/Audience/all`` always matches. The manager asks about each other name its
/// announcements target whenever it loads them, and treats a name the resolver accepts as one of the
/// context's segments; a name in the context's segments matches whatever the resolver says. So the
/// default resolver, which accepts nothing, leaves the context alone: nobody is a free user until the
/// app says so, unlike the template's placeholder, which counted everyone as one.
public struct AudienceResolver: Sendable {
    private let rule: (@Sendable (Announcement.Audience) -> Bool)?

    /// A resolver that accepts only ``Announcement/Audience/all``; the context's segments decide the rest.
    public init() {
        rule = nil
    }

    /// A resolver that asks `matches` about every audience but ``Announcement/Audience/all``.
    public init(_ matches: @escaping @Sendable (Announcement.Audience) -> Bool) {
        rule = matches
    }

    /// Whether the user belongs to `audience`.
    public func matches(_ audience: Announcement.Audience) -> Bool {
        audience == .all || rule?(audience) == true
    }

    /// The names among `audiences` that this resolver accepts, ``Announcement/Audience/all`` left out.
    func acceptedSegments(among audiences: some Sequence<Announcement.Audience>) -> Set<String> {
        guard let rule else { return [] }
        var accepted: Set<String> = []
        var asked: Set<Announcement.Audience> = []
        for audience in audiences where audience != .all && asked.insert(audience).inserted && rule(audience) {
            accepted.insert(audience.rawValue)
        }
        return accepted
    }
}
