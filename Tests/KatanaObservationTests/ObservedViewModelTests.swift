import Katana
import KatanaObservation
import class KatanaTestSupport.Watched
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
    // A second object on the same store, subscribed after the view model: both publish on the
    // main actor in the order the store called them, so once the label object shows an update,
    // the view model has handled it too.
    let label = ObservedSelection(store, select: \.label)
    let models = watchObserved { viewModel.model }
    let labels = watchObserved { label.value }
    #expect(viewModel.model?.text == "Count: 0")
    let fired = Counter()
    withObservationTracking { _ = viewModel.model } onChange: { fired.increment() }

    try await store.dispatch(SetLabel(label: "unrelated")).value
    await labels.wait("the label object saw the update") { $0 == "unrelated" }
    #expect(fired.value == 0)

    try await store.dispatch(SetCounter(value: 2)).value
    await models.wait("the model changed") { $0?.text == "Count: 2" }
    #expect(fired.value == 1)
  }

  @Test("a state the model cannot be built from keeps the previous model")
  func nilKeepsPrevious() async throws {
    let store = await makeReadyStore()
    let viewModel = ObservedViewModel<CounterViewModel>(store)
    // Subscribed after the view model: once it shows an update, the view model has handled it.
    let counter = ObservedSelection(store, select: \.counter)
    let models = watchObserved { viewModel.model }
    let counters = watchObserved { counter.value }

    try await store.dispatch(SetCounter(value: 5)).value
    await models.wait("the model is 5") { $0?.text == "Count: 5" }
    try await store.dispatch(SetCounter(value: -1)).value
    await counters.wait("the counter object saw -1") { $0 == -1 }
    #expect(viewModel.model?.text == "Count: 5")

    try await store.dispatch(SetCounter(value: 6)).value
    await models.wait("the model is 6") { $0?.text == "Count: 6" }
  }

  @Test("no model until one can be built")
  func startsWithoutModel() async throws {
    let store = await makeReadyStore(CounterState(counter: -3))
    let viewModel = ObservedViewModel<CounterViewModel>(store)
    #expect(viewModel.model == nil)
    let models = watchObserved { viewModel.model }

    try await store.dispatch(SetCounter(value: 1)).value
    await models.wait("a model was built") { $0?.text == "Count: 1" }
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
    let models = watchObserved { viewModel.model }

    open.yield()

    await models.wait("the loaded model arrived") { $0?.text == "Count: 7" }
  }
}
