import SwiftUI

/// The app's own snackbar.
struct SnackbarHost: View {
    var body: some View { EmptyView() }
}
