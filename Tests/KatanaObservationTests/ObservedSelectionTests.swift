import Katana
import KatanaObservation
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
    // the first one's listener has handled that update too.
    let label = ObservedSelection(store, select: \.label)
    let fired = track(model)

    try await store.dispatch(SetLabel(label: "unrelated")).value
    await waitUntil("the label object saw the update") { label.value == "unrelated" }
    await yieldRepeatedly()
    #expect(fired.count.value == 0, "an unrelated change was observed")
    #expect(model.value == 0)

    try await store.dispatch(SetCounter(value: 1)).value
    await waitUntil("the observation fired") { fired.count.value == 1 }
    #expect(model.value == 1)
  }

  @Test("the value starts from the current state and follows each change")
  func followsChanges() async throws {
    var initial = CounterState()
    initial.counter = 3
    let store = await makeReadyStore(initial)
    let model = ObservedSelection(store, select: \.counter)
    #expect(model.value == 3)

    for value in [4, 10, -2] {
      try await store.dispatch(SetCounter(value: value)).value
      await waitUntil("the value is \(value)") { model.value == value }
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
    let fired = track(model)

    open.yield()

    await waitUntil("the loaded value arrived") { model.value == 42 }
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
    try await store.dispatch(SetCounter(value: 1)).value
    await waitUntil("the first change arrived") { model?.value == 1 }
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
