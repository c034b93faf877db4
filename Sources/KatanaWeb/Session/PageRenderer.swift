import Katana
import KatanaUI

/// What one browser page renders: its ``/KatanaUI/Renderer`` and the session store the renderer
/// reads and dispatches to (`nil` for an app without a store).
///
/// The page's session is its own: its route stack and other session fields
/// (``/KatanaUI/SessionScope``), over the state every page shares. ``close()`` frees it when the
/// page goes.
@MainActor
struct PageRenderer {
  let renderer: Renderer
  let session: (any AnySessionStore)?

  /// A renderer of `root` on a new session of `store`, timing animations on `clock` (a headless
  /// page's tests pass a manual one).
  init(root: some NodeDescription, sharing store: (any AnyStore)?, clock: some Clock<Duration> = ContinuousClock()) {
    let session = store?.makeSession()
    self.session = session
    renderer = Renderer(rootDescription: root, store: session, clock: clock)
  }

  /// Ends the session: its listener leaves the shared store.
  func close() {
    session?.close()
  }
}
