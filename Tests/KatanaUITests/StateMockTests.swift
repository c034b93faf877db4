import Katana
import Testing

@testable import KatanaUI

/// The internal state of ``MockableCounter``.
struct MockableState: NodeDescriptionState {
  var count = 0
}

/// A connected counter (`props.value` is `AppState.a`) with an internal count; it shows
/// `value * 100 + count` in one `Leaf` and increments its count on a tap.
struct MockableCounter: ConnectedNodeDescription {
  var props: LeafProps

  static func connect(props: inout LeafProps, to storeState: AppState) { props.value = storeState.a }

  static func childrenDescriptions(
    props: LeafProps, state: MockableState, update: @escaping Update<MockableState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [Leaf(key: "shown", value: props.value * 100 + state.count)]
  }

  static func handle(
    event: NodeEvent, props: LeafProps, state: MockableState, dispatch: Dispatcher,
    update: @escaping Update<MockableState>
  ) -> Bool {
    update(MockableState(count: state.count + 1))
    return true
  }
}

/// Three keyed counters, "a", "b" and "c".
struct MockableCounters: NodeDescription {
  var props: EmptyProps

  static func childrenDescriptions(
    props: EmptyProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    ["a", "b", "c"].map { MockableCounter(props: LeafProps(key: $0)) }
  }
}

@MainActor
@Suite("State mocks")
struct StateMockTests {
  func render(_ mocks: StateMockProvider?, state: AppState = AppState()) async throws -> RendererHarness {
    let store = try await makeStore(state)
    let backend = RecordingBackend()
    let renderer = Renderer(rootDescription: MockableCounters(props: EmptyProps()), store: store, stateMockProvider: mocks)
    renderer.render(in: backend)
    return RendererHarness(store: store, backend: backend, renderer: renderer)
  }

  /// The value each counter shows, in order a, b, c.
  func shown(_ harness: RendererHarness) -> [Int?] {
    harness.rootChildren.map { counter in
      harness.backend.children(of: counter).first.flatMap { harness.backend.props(of: $0, as: LeafProps.self)?.value }
    }
  }

  @Test("without mocks every node starts from StateType()")
  func noMocks() async throws {
    let harness = try await render(nil, state: AppState(a: 1))
    #expect(shown(harness) == [100, 100, 100])
    #expect(harness.renderer.errors.isEmpty)
  }

  @Test("a mock without a filter sets the state of every node of its type at mount")
  func mockAll() async throws {
    let mocks = StateMockProvider()
    mocks.mockState(MockableState(count: 7), for: MockableCounter.self)
    let harness = try await render(mocks)
    #expect(shown(harness) == [7, 7, 7])
  }

  @Test("the first registered mock whose props filter passes wins; others keep their own state")
  func firstPassingFilterWins() async throws {
    let mocks = StateMockProvider()
    mocks.mockState(MockableState(count: 1), for: MockableCounter.self) { $0.key == "a" }
    mocks.mockState(MockableState(count: 2), for: MockableCounter.self) { $0.key != "c" }
    mocks.mockState(MockableState(count: 3), for: MockableCounter.self) { $0.key == "a" }
    // A mock for another type with the same state type does not apply.
    mocks.mockState(EmptyState(), for: Leaf.self)
    let harness = try await render(mocks)
    #expect(shown(harness) == [1, 2, 0])
  }

  @Test("filters see the connected props, and a mock applies on update once its filter passes")
  func mockOnUpdate() async throws {
    let mocks = StateMockProvider()
    mocks.mockState(MockableState(count: 42), for: MockableCounter.self) { $0.value >= 5 && $0.key == "b" }
    let harness = try await render(mocks, state: AppState(a: 1))
    #expect(shown(harness) == [100, 100, 100])
    try await harness.dispatch(SetA(value: 5))
    #expect(shown(harness) == [500, 542, 500])
  }

  @Test("a mocked state wins over the node's own update calls")
  func mockBeatsUpdate() async throws {
    let mocks = StateMockProvider()
    mocks.mockState(MockableState(count: 9), for: MockableCounter.self) { $0.key == "a" }
    let harness = try await render(mocks)
    let (a, b) = (harness.rootChildren[0], harness.rootChildren[1])
    harness.backend.send(.tap, to: a)
    harness.backend.send(.tap, to: b)
    await harness.renderer.settle()
    #expect(shown(harness) == [9, 1, 0])
  }
}
