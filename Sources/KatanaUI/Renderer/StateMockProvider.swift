/// Overrides the internal state of chosen nodes, so UI tests can render a screen in any state
/// without driving it there.
///
/// Register mocks, then pass the provider to
/// ``Renderer/init(rootDescription:store:stateMockProvider:clock:)``. When a node of a mocked
/// description type is mounted, and each time it re-renders, the **first** mock registered for
/// that type whose filter passes the node's props (after `connect`) replaces the node's state. A
/// node no filter passes keeps its own state.
///
/// ```swift
/// let mocks = StateMockProvider()
/// mocks.mockState(CellState(isHighlighted: true), for: MineCell.self) { $0.column == 0 }
/// let renderer = Renderer(rootDescription: Board(props: .init()), store: store, stateMockProvider: mocks)
/// ```
///
/// A mocked state also wins over `update` calls: the node re-renders, with the mocked state.
/// Register the mocks before rendering; mocks added later apply from the nodes' next render.
@MainActor
public final class StateMockProvider {
  /// One registered mock: the state for the props it accepts, or `nil`.
  private typealias Mock = (_ props: Any) -> Any?

  private var mocks: [ObjectIdentifier: [Mock]] = [:]

  /// Creates a provider without mocks.
  public init() {}

  /// Registers `state` for the nodes of type `description` whose props pass `filter`.
  ///
  /// - Parameters:
  ///   - state: the state those nodes get.
  ///   - description: the description type to mock.
  ///   - filter: which nodes of that type get the state, by their props; all of them by default.
  public func mockState<D: NodeDescription>(
    _ state: D.StateType, for description: D.Type,
    passing filter: @escaping @MainActor (D.PropsType) -> Bool = { _ in true }
  ) {
    mocks[ObjectIdentifier(description), default: []].append { props in
      guard let props = props as? D.PropsType, filter(props) else { return nil }
      return state
    }
  }

  /// The state of the first mock for `D` whose filter passes `props`, if any.
  func state<D: NodeDescription>(for description: D.Type, props: D.PropsType) -> D.StateType? {
    guard let candidates = mocks[ObjectIdentifier(description)] else { return nil }
    for mock in candidates {
      if let state = mock(props) as? D.StateType { return state }
    }
    return nil
  }
}
