/// The studio's own release notes, older than the package.
struct Announcement: Identifiable {
    let id: String
    let text: String
}
