import SwiftUI

public struct AppView: View {
    @State private var route = "home"

    public init() {}

    public var body: some View {
        Text(route)
            .onOpenURL { url in route = url.host ?? "home" }
    }
}
