import Katana
import Testing

@testable import KatanaUI

/// A renderer shows the state its store became ready with, whenever it was created.
@MainActor
@Suite("Renderer: store readiness", .timeLimit(.minutes(1)))
struct RendererReadinessTests {
  nonisolated static let loaded = AppState(a: 5, b: 6)

  /// A store whose state initializer returns `loaded` once `open` is called.
  nonisolated static func gatedStore() -> (store: AppStore, open: @Sendable () -> Void) {
    let (opened, continuation) = AsyncStream<Void>.makeStream()
    let store = AppStore(
      interceptors: [],
      stateInitializer: {
        for await _ in opened { break }
        return loaded
      })
    return (store, { continuation.yield() })
  }

  @Test("a renderer created before an async state initializer finishes shows the loaded state without any dispatch")
  func createdBeforeReadiness() async throws {
    let (store, open) = Self.gatedStore()
    let backend = RecordingBackend(containerSize: Size(width: 640, height: 960))
    let renderer = Renderer(rootDescription: StaticRoot.connectedPair(), store: store)
    renderer.render(in: backend)
    let harness = RendererHarness(store: store, backend: backend, renderer: renderer)
    let (a, b) = (harness.rootChildren[0], harness.rootChildren[1])
    #expect(!store.isReady)
    #expect(backend.props(of: a, as: LeafProps.self)?.value == 0, "before readiness: the placeholder state")

    open()
    await renderer.settle()

    #expect(backend.props(of: a, as: LeafProps.self)?.value == 5)
    #expect(backend.props(of: b, as: LeafProps.self)?.value == 6)
  }

  @Test("settle waits for the state the store becomes ready with")
  func settleWaitsForReadiness() async throws {
    let (store, open) = Self.gatedStore()
    let backend = RecordingBackend(containerSize: Size(width: 640, height: 960))
    let renderer = Renderer(rootDescription: StaticRoot.connectedPair(), store: store)
    renderer.render(in: backend)
    let a = RendererHarness(store: store, backend: backend, renderer: renderer).rootChildren[0]

    let settled = Task { @MainActor in
      await renderer.settle()
      return backend.props(of: a, as: LeafProps.self)?.value
    }
    open()

    #expect(await settled.value == 5)
  }

  @Test("updates dispatched before readiness are shown on top of the loaded state")
  func heldUpdatesShown() async throws {
    let (store, open) = Self.gatedStore()
    let backend = RecordingBackend(containerSize: Size(width: 640, height: 960))
    let renderer = Renderer(rootDescription: StaticRoot.connectedPair(), store: store)
    renderer.render(in: backend)
    let harness = RendererHarness(store: store, backend: backend, renderer: renderer)
    let held = store.dispatch(SetA(value: 9))

    open()
    try await held.value
    await renderer.settle()

    #expect(backend.props(of: harness.rootChildren[0], as: LeafProps.self)?.value == 9)
    #expect(backend.props(of: harness.rootChildren[1], as: LeafProps.self)?.value == 6)
  }

  @Test("a renderer created before readiness and rendered after it shows the loaded state")
  func renderedAfterReadiness() async throws {
    let (store, open) = Self.gatedStore()
    let renderer = Renderer(rootDescription: StaticRoot.connectedPair(), store: store)
    open()
    await store.waitUntilReady()
    await renderer.settle()

    let backend = RecordingBackend(containerSize: Size(width: 640, height: 960))
    renderer.render(in: backend)
    let harness = RendererHarness(store: store, backend: backend, renderer: renderer)

    #expect(backend.props(of: harness.rootChildren[0], as: LeafProps.self)?.value == 5)
  }
}
