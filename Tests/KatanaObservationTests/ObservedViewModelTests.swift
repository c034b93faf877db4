import Katana
import KatanaObservation
import Observation
import Testing

/// `ObservedViewModel`: a Tempura-style view model, rebuilt from the state, published only when
/// it changes; `nil` keeps the previous one.
@MainActor
@Suite("Observed view model", .timeLimit(.minutes(1)))
struct ObservedViewModelTests {
  @Test("the model follows the state; an update that leaves it equal triggers no observation")
  func followsStateAndSkipsEqualModels() async throws {
    let store = await makeReadyStore()
    let viewModel = ObservedViewModel<CounterViewModel>(store)
    let label = ObservedSelection(store, select: \.label)
    #expect(viewModel.model?.text == "Count: 0")
    let fired = Counter()
    withObservationTracking { _ = viewModel.model } onChange: { fired.increment() }

    try await store.dispatch(SetLabel(label: "unrelated")).value
    await waitUntil("the label object saw the update") { label.value == "unrelated" }
    await yieldRepeatedly()
    #expect(fired.value == 0)

    try await store.dispatch(SetCounter(value: 2)).value
    await waitUntil("the model changed") { viewModel.model?.text == "Count: 2" }
    #expect(fired.value == 1)
  }

  @Test("a state the model cannot be built from keeps the previous model")
  func nilKeepsPrevious() async throws {
    let store = await makeReadyStore()
    let viewModel = ObservedViewModel<CounterViewModel>(store)
    let counter = ObservedSelection(store, select: \.counter)

    try await store.dispatch(SetCounter(value: 5)).value
    await waitUntil("the model is 5") { viewModel.model?.text == "Count: 5" }
    try await store.dispatch(SetCounter(value: -1)).value
    await waitUntil("the counter object saw -1") { counter.value == -1 }
    await yieldRepeatedly()
    #expect(viewModel.model?.text == "Count: 5")

    try await store.dispatch(SetCounter(value: 6)).value
    await waitUntil("the model is 6") { viewModel.model?.text == "Count: 6" }
  }

  @Test("no model until one can be built")
  func startsWithoutModel() async throws {
    let store = await makeReadyStore(CounterState(counter: -3))
    let viewModel = ObservedViewModel<CounterViewModel>(store)
    #expect(viewModel.model == nil)

    try await store.dispatch(SetCounter(value: 1)).value
    await waitUntil("a model was built") { viewModel.model?.text == "Count: 1" }
  }

  @Test("made before the store is ready, the model is built from the loaded state")
  func loadedState() async {
    let (opened, open) = AsyncStream<Void>.makeStream()
    let store = CounterStore(
      interceptors: [],
      stateInitializer: {
        for await _ in opened { break }
        return CounterState(counter: 7)
      })
    let viewModel = ObservedViewModel<CounterViewModel>(store)

    open.yield()

    await waitUntil("the loaded model arrived") { viewModel.model?.text == "Count: 7" }
  }
}
