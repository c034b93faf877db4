import Katana
import Testing

@testable import KatanaUI

@MainActor
@Suite("Renderer: store connection, lifecycle, batching, events")
struct RendererTests {
  @Test("a store update re-renders only the connected nodes whose selected props changed")
  func onlyChangedConnectedNodesUpdate() async throws {
    let harness = try await RendererHarness(StaticRoot.connectedPair())
    #expect(harness.renderer.connectedNodeCount == 2)
    #expect(harness.renderer.mountedNodeCount == 5)
    let (a, b) = (harness.rootChildren[0], harness.rootChildren[1])

    let log = try await harness.dispatch(SetA(value: 7))
    #expect(log.count == 1)
    guard case .updateProps(a, let props) = log.first else {
      Issue.record("expected one props update of the node connected to `a`, got \(log)")
      return
    }
    #expect((props as? LeafProps)?.value == 7)
    #expect(harness.backend.props(of: b, as: LeafProps.self)?.value == 0)

    let same = try await harness.dispatch(SetA(value: 7))
    #expect(same.isEmpty, "an update that leaves the selection equal renders nothing")
  }

  @Test("store updates arriving together are rendered in one batch")
  func coalescedStoreUpdates() async throws {
    let harness = try await RendererHarness(StaticRoot.connectedPair())
    harness.backend.clearLog()
    // The test holds the main actor, so both updates are applied before the renderer runs.
    harness.store.dispatch(SetA(value: 1))
    try await harness.store.dispatch(SetB(value: 2)).value
    await harness.renderer.settle()
    #expect(harness.backend.counts == MutationCounts(updateProps: 2))
    #expect(harness.backend.batchCount <= 2)
    #expect(harness.backend.props(of: harness.rootChildren[1], as: LeafProps.self)?.value == 2)
  }

  @Test("lifecycle: didMount before children, willReceiveProps gets (current, next), didUnmount on removal")
  func lifecycleOrder() async throws {
    let log = LifecycleLog()
    let harness = try await RendererHarness(TrackedScreen(props: TrackedScreen.Props(log: log)))
    #expect(log.entries == ["didMount screen", "children screen", "didMount tracked", "children tracked"])

    log.entries.removeAll()
    try await harness.dispatch(SetA(value: 3))
    #expect(log.entries == ["children screen", "willReceiveProps 0->3", "children tracked"])

    log.entries.removeAll()
    try await harness.dispatch(SetA(value: -1))
    #expect(log.entries == ["children screen", "didUnmount tracked"])
    #expect(harness.renderer.mountedNodeCount == 1)
  }

  @Test("update inside willReceiveProps applies to the same pass; a later update re-renders once")
  func updateInsideWillReceiveProps() async throws {
    let log = LifecycleLog()
    let harness = try await RendererHarness(TrackedScreen(props: TrackedScreen.Props(log: log)))
    try await harness.dispatch(SetA(value: 50))
    #expect(log.renderedCounts == [0, 50])

    harness.backend.clearLog()
    log.update?(CountState(count: 999))
    #expect(log.renderedCounts == [0, 50], "update never renders synchronously")
    await harness.renderer.settle()
    #expect(log.renderedCounts == [0, 50, 999])
  }

  @Test("shouldUpdate false prunes the subtree but keeps the newest description")
  func shouldUpdatePrunes() async throws {
    let harness = try await RendererHarness(FrozenScreen(props: LeafProps()))
    let log = try await harness.dispatch(SetA(value: 5))
    let frozen = harness.rootChildren[0]
    #expect(log.count == 1, "only the connected root itself updates")
    #expect(log.allSatisfy { $0.node == harness.backend.rootChildren[0] })
    let child = harness.backend.children(of: frozen)[0]
    #expect(harness.backend.props(of: child, as: LeafProps.self)?.value == 0)

    harness.backend.send(.tap, to: frozen)
    await harness.renderer.settle()
    #expect(harness.store.state.b == 5, "the handler saw the newest props")
  }

  @Test("update from an event handler renders later, and dirty nodes of one turn render in one batch")
  func handlerUpdatesBatch() async throws {
    let harness = try await RendererHarness(TwoToggles(props: EmptyProps()))
    harness.backend.clearLog()
    let (left, right) = (harness.rootChildren[0], harness.rootChildren[1])
    harness.backend.send(.tap, to: left)
    harness.backend.send(.tap, to: right)
    #expect(harness.backend.log.isEmpty, "nothing renders inside the handler")
    await harness.renderer.settle()
    #expect(harness.backend.batchCount == 1)
    #expect(harness.backend.counts == MutationCounts(updateProps: 2))
    #expect(harness.backend.firstView(withKey: "left-leaf")?.props as? LeafProps == LeafProps(value: 1, key: "left-leaf"))
  }

  @Test("an event the node does not handle bubbles to its ancestors")
  func eventsBubble() async throws {
    let harness = try await RendererHarness(TwoToggles(props: EmptyProps()))
    let leaf = try #require(harness.backend.firstView(withKey: "right-leaf"))
    harness.backend.send(.tap, to: leaf.id)
    await harness.renderer.settle()
    #expect(harness.backend.props(of: leaf.id, as: LeafProps.self)?.value == 1)
    harness.backend.send(.tap, to: NodeID(rawValue: 9999))
  }

  @Test("a connected node expecting another state type is reported and renders unconnected")
  func stateMismatch() async throws {
    let harness = try await RendererHarness(StaticRoot(props: StaticRoot.Props(children: ["wrong"])))
    #expect(harness.renderer.mountedNodeCount == 2)
    guard case .storeStateMismatch = harness.renderer.errors.first else {
      Issue.record("expected a state mismatch, got \(harness.renderer.errors)")
      return
    }
  }

  @Test("a connected node without a store is reported; rendering twice is reported and ignored")
  func missingStoreAndRenderTwice() {
    let backend = RecordingBackend()
    let renderer = Renderer(rootDescription: StaticRoot.connectedPair(), store: nil)
    renderer.render(in: backend)
    renderer.render(in: backend)
    #expect(renderer.errors.filter { if case .missingStore = $0 { true } else { false } }.count == 2)
    guard case .alreadyRendered = renderer.errors.last else {
      Issue.record("expected alreadyRendered last, got \(renderer.errors)")
      return
    }
    #expect(backend.counts.create == 5)
  }

  @Test("store updates applied on another thread reach the main actor and render")
  func updateFromAnotherThread() async throws {
    let harness = try await RendererHarness(StaticRoot.connectedPair())
    let store = harness.store
    try await Task.detached { try await store.dispatch(SetB(value: 42)).value }.value
    await harness.renderer.settle()
    #expect(harness.backend.props(of: harness.rootChildren[1], as: LeafProps.self)?.value == 42)
  }

  @Test("an id whose node was removed never reaches a newer node, even when its slot is reused")
  func staleIDs() async throws {
    let harness = try await RendererHarness(ListScreen(props: ListProps()), state: AppState(items: ["a"]))
    let removed = harness.rootChildren[0]
    try await harness.dispatch(SetItems(items: []))
    try await harness.dispatch(SetItems(items: ["b"]))
    let added = harness.rootChildren[0]
    #expect(added != removed)
    #expect(harness.backend.view(removed) == nil)
    harness.backend.send(.tap, to: removed)
    #expect(harness.renderer.mountedNodeCount == 2)
  }

  @Test("a renderer nobody holds is released, with its nodes, even while its store lives on")
  func releasedRenderer() async throws {
    let store = try await makeStore()
    weak var released: Renderer?
    do {
      let backend = RecordingBackend()
      let renderer = Renderer(rootDescription: StaticRoot.connectedPair(), store: store)
      renderer.render(in: backend)
      released = renderer
    }
    #expect(released == nil)
    try await store.dispatch(SetA(value: 1)).value
  }

  @Test("settle returns at once before render(in:)")
  func settleBeforeRender() async throws {
    let store = try await makeStore()
    let renderer = Renderer(rootDescription: StaticRoot.connectedPair(), store: store)
    try await store.dispatch(SetA(value: 1)).value
    await renderer.settle()
    #expect(renderer.mountedNodeCount == 0)
  }

  @Test("resizing the container re-lays out a root that follows it")
  func resize() async throws {
    let harness = try await RendererHarness(ListScreen(props: ListProps()))
    harness.backend.clearLog()
    harness.backend.resize(to: Size(width: 100, height: 50))
    #expect(harness.backend.view(harness.backend.rootChildren[0])?.frame == Rect(x: 0, y: 0, width: 100, height: 50))
    #expect(harness.backend.counts == MutationCounts(setFrame: 1))
  }
}
