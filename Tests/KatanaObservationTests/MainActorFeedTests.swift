import Dispatch
import Katana
import KatanaObservation
import KatanaTesting
import class KatanaTestSupport.Watched
import Testing

/// Observed objects are current synchronously when an update is applied on the main thread, and
/// by a hop to the main actor otherwise, never older after newer.
@MainActor
@Suite("Observed objects on the main actor", .timeLimit(.minutes(1)))
struct MainActorFeedTests {
  /// Passes everything on: the store takes its interceptor path.
  static let passThrough: StoreInterceptor = { _ in { next in { item in try next(item) } } }

  /// Waits for `event` without suspending, so the main actor runs nothing else meanwhile.
  nonisolated static func block(on event: DispatchSemaphore) {
    event.wait()
  }

  @Test("a view model is current as soon as an awaited main-actor dispatch returns, with no waiting")
  func viewModelCurrentAfterAwaitedDispatch() async throws {
    let store = await makeReadyStore()
    let viewModel = ObservedViewModel<CounterViewModel>(store)
    try await store.dispatch(SetCounter(value: 1)).value
    #expect(viewModel.model?.text == "Count: 1")
    try await store.dispatch(SetCounter(value: 2)).value
    #expect(viewModel.model?.text == "Count: 2")
  }

  @Test("a selection is current when a main-actor dispatch returns, before awaiting its value, with interceptors too")
  func selectionCurrentInSameTransaction() async throws {
    let store = CounterStore(interceptors: [Self.passThrough], stateInitializer: { CounterState() })
    await store.waitUntilReady()
    let selection = ObservedSelection(store, select: \.counter)
    let task = store.dispatch(SetCounter(value: 3))
    #expect(selection.value == 3)
    try await task.value
  }

  @Test("an update applied on another thread still reaches the object on the main actor")
  func offMainUpdateHops() async throws {
    let store = await makeReadyStore()
    let selection = ObservedSelection(store, select: \.counter)
    let values = watchObserved { selection.value }
    try await Task.detached { try await store.dispatch(SetCounter(value: 4)).value }.value
    await values.wait("the off-main update arrived") { $0 == 4 }
  }

  @Test("a hop from another thread that lands after a newer main-actor update does not bring the older value back")
  func olderHopIsDropped() async throws {
    let store = await makeReadyStore()
    let selection = ObservedSelection(store, select: \.counter)
    // Subscribed after `selection`: its hops are queued after `selection`'s.
    let label = ObservedSelection(store, select: \.label)
    let labels = watchObserved { label.value }
    // Applied on another thread while this test holds the main actor (blocked on the event, not
    // suspended): the delivery to the main actor is queued and cannot run before the next update.
    let applied = DispatchSemaphore(value: 0)
    Task.detached {
      store.dispatch(SetCounter(value: 5))  // no interceptors: applied before this returns
      applied.signal()
    }
    Self.block(on: applied)
    #expect(selection.value == 0, "the off-main update reached the object synchronously")
    try await store.dispatch(SetCounter(value: 6)).value
    #expect(selection.value == 6)
    // A later off-main update, queued behind the counter's hop: once it shows, that hop ran.
    try await Task.detached { try await store.dispatch(SetLabel(label: "after")).value }.value
    await labels.wait("the later hop arrived") { $0 == "after" }
    #expect(selection.value == 6)
  }

  @Test("a test store's main-actor dispatch updates a view model before it returns")
  func testStoreDrivesViewModel() async {
    let store = TestStore<CounterState, EmptySideEffectDependencyContainer>(initialState: CounterState())
    let viewModel = ObservedViewModel<CounterViewModel>(store)
    await store.dispatch(SetCounter(value: 7)) { $0.counter = 7 }
    #expect(viewModel.model?.text == "Count: 7")
    await store.dispatch(SetCounter(value: -1)) { $0.counter = -1 }
    #expect(viewModel.model?.text == "Count: 7", "a state without a model keeps the previous one")
    await store.finish()
  }
}
