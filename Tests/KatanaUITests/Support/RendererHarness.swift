import Katana
import KatanaUI

/// A store, a recording backend and a renderer of `root`, already rendered.
@MainActor
struct RendererHarness {
  let store: AppStore
  let backend: RecordingBackend
  let renderer: Renderer

  init(_ root: some NodeDescription, state: AppState = AppState(), size: Size = Size(width: 640, height: 960))
    async throws
  {
    store = try await makeStore(state)
    backend = RecordingBackend(containerSize: size)
    renderer = Renderer(rootDescription: root, store: store)
    renderer.render(in: backend)
  }

  /// Wraps parts a test rendered itself.
  init(store: AppStore, backend: RecordingBackend, renderer: Renderer) {
    self.store = store
    self.backend = backend
    self.renderer = renderer
  }

  /// Dispatches, waits for the update to be rendered, and returns what it logged.
  @discardableResult
  func dispatch<U: StateUpdater>(_ updater: U) async throws -> [Mutation] where U.StateType == AppState {
    backend.clearLog()
    try await store.dispatch(updater).value
    await renderer.settle()
    return backend.log
  }

  /// The ids of the root's children, in order.
  var rootChildren: [NodeID] {
    backend.rootChildren.first.map { backend.children(of: $0) } ?? []
  }

  /// The keys of the root's children, in order.
  var childKeys: [String?] { rootChildren.map { backend.view($0)?.key } }
}
