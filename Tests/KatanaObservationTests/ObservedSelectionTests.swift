import Katana
import KatanaObservation
import class KatanaTestSupport.Watched
import Observation
import Testing

/// `ObservedSelection`: observers hear changes of the selection only, on the main actor.
@MainActor
@Suite("Observed selection", .timeLimit(.minutes(1)))
struct ObservedSelectionTests {
  /// Whether an observation registered on `model.value` fired.
  final class Fired: Sendable {
    let count = Counter()
  }

  func track(_ model: ObservedSelection<Int>) -> Fired {
    let fired = Fired()
    withObservationTracking {
      _ = model.value
    } onChange: {
      fired.count.increment()
    }
    return fired
  }

  @Test("a change to an unrelated part of the state triggers no observation; a change to the selection triggers one")
  func observesSelectionOnly() async throws {
    let store = await makeReadyStore()
    let model = ObservedSelection(store, select: \.counter)
    // A second object on the same store, subscribed after the first: once it has seen an update,
    // the first one's listener has handled that update too, and both publish on the main actor
    // in that order.
    let label = ObservedSelection(store, select: \.label)
    let values = watchObserved { model.value }
    let labels = watchObserved { label.value }
    let fired = track(model)

    try await store.dispatch(SetLabel(label: "unrelated")).value
    await labels.wait("the label object saw the update") { $0 == "unrelated" }
    #expect(fired.count.value == 0, "an unrelated change was observed")
    #expect(model.value == 0)

    try await store.dispatch(SetCounter(value: 1)).value
    // The observation fires as the value is about to change, so before the new value is seen.
    await values.wait("the value changed") { $0 == 1 }
    #expect(fired.count.value == 1)
    #expect(model.value == 1)
  }

  @Test("the value starts from the current state and follows each change")
  func followsChanges() async throws {
    var initial = CounterState()
    initial.counter = 3
    let store = await makeReadyStore(initial)
    let model = ObservedSelection(store, select: \.counter)
    #expect(model.value == 3)
    let values = watchObserved { model.value }

    for value in [4, 10, -2] {
      try await store.dispatch(SetCounter(value: value)).value
      await values.wait("the value is \(value)") { $0 == value }
    }
  }

  @Test("made before the store is ready, the value becomes the loaded state's selection without a dispatch")
  func loadedState() async {
    let (opened, open) = AsyncStream<Void>.makeStream()
    let store = CounterStore(
      interceptors: [],
      stateInitializer: {
        for await _ in opened { break }
        return CounterState(counter: 42)
      })
    let model = ObservedSelection(store, select: \.counter)
    #expect(model.value == 0, "the placeholder until the store is ready")
    let values = watchObserved { model.value }
    let fired = track(model)

    open.yield()

    await values.wait("the loaded value arrived") { $0 == 42 }
    #expect(fired.count.value == 1)
  }

  @Test("releasing the object removes its store listener")
  func releaseRemovesListener() async throws {
    let store = await makeReadyStore()
    let selections = Counter()
    var model: ObservedSelection<Int>? = ObservedSelection(store) { state in
      selections.increment()
      return state.counter
    }
    // Weakly: the watch must not keep the object alive.
    let values = watchObserved { [weak model] in model?.value }
    try await store.dispatch(SetCounter(value: 1)).value
    await values.wait("the first change arrived") { $0 == 1 }
    weak let weakModel = model

    model = nil
    #expect(weakModel == nil)
    let selectionsAtRelease = selections.value
    for value in 2...5 { try await store.dispatch(SetCounter(value: value)).value }

    #expect(selections.value == selectionsAtRelease, "the store still calls the released object's selection")
  }

  @Test("the object does not keep the store alive")
  func doesNotRetainStore() async {
    var store: CounterStore? = await makeReadyStore()
    weak let weakStore = store
    let model = ObservedSelection(store!, select: \.counter)

    store = nil

    #expect(weakStore == nil)
    #expect(model.value == 0)
  }
}
