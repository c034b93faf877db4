import Katana
import KatanaTesting
import KatanaTestSupport
import Testing

/// What a screen or view model does with the store it is handed.
struct CounterViewModel {
  let store: any PartialStore<CounterState>

  var title: String { "Count: \(store.state.counter)" }

  func plusTapped() { store.dispatch(IncrementCounter()) }
}

@Suite("A test store is a PartialStore for the UI code under test")
struct TestStorePartialStoreTests {
  @Test("items the UI dispatches are received, with their state change; listeners hear it")
  func uiDispatchesAreReceived() async {
    let store = makeCounterStore()
    let model = CounterViewModel(store: store)
    let heard = Recorder<Int>()
    store.addListener { _, new in heard.append(new.counter) }

    model.plusTapped()

    await store.receive(IncrementCounter.self) { $0.counter = 1 }
    #expect(model.title == "Count: 1")
    #expect(heard.values == [1])
    await store.finish()
  }

  @Test("a UI dispatch nobody receives fails an exhaustive test")
  func unreceivedUIDispatch() async {
    let store = makeCounterStore()
    CounterViewModel(store: store).plusTapped()
    await expectFailure(containing: "1 received item(s) were not asserted", "KatanaTestSupport.IncrementCounter") {
      await store.finish()
    }
  }

  @Test("type-erased access sees the same state")
  func anyStore() async {
    let store = makeCounterStore(initialState: CounterState(counter: 4))
    let erased: any AnyStore = store
    #expect((erased.anyState as? CounterState)?.counter == 4)
    erased.dispatch(SetCounter(newValue: 9))
    await store.receive(SetCounter(newValue: 9)) { $0.counter = 9 }
    #expect((erased.anyState as? CounterState)?.counter == 9)
    await store.finish()
  }
}
