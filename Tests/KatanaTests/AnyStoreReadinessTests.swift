import Katana
import Testing

/// Readiness through the protocols: `AnyStore.isReady` and `waitUntilReady()` reach the store's
/// own implementations, not the protocol's defaults (which say "ready at once").
@Suite("AnyStore readiness", .timeLimit(.minutes(1)))
struct AnyStoreReadinessTests {
  @Test("a type-erased store reports not ready, and waitUntilReady waits for the state initializer")
  func typeErasedReadiness() async {
    let gate = Gate()
    let store = SelectionStore(interceptors: [], stateInitializer: {
      await gate.wait()
      return SelectionState(counter: 3)
    })
    let erased: any AnyStore = store
    #expect(!erased.isReady)

    let waited = Task {
      await erased.waitUntilReady()
      return (store.state.counter, erased.isReady)
    }
    await gate.waitForArrivals(1, "the state initializer is running")
    gate.open()

    let (counter, ready) = await waited.value
    #expect(counter == 3, "waitUntilReady returned before the store was ready")
    #expect(ready)
  }

  @Test("a PartialStore's waitUntilReady is the store's")
  func partialStoreReadiness() async {
    let gate = Gate()
    let store = SelectionStore(interceptors: [], stateInitializer: {
      await gate.wait()
      return SelectionState(counter: 4)
    })
    let partial: any PartialStore<SelectionState> = store
    let waited = Task {
      await partial.waitUntilReady()
      return partial.state.counter
    }
    await gate.waitForArrivals(1, "the state initializer is running")
    gate.open()

    #expect(await waited.value == 4)
  }
}
