import Katana
import KatanaTesting
import KatanaTestSupport
import Testing

@Suite("A test store works from any isolation")
struct TestStoreIsolationTests {
  @Test("a main-actor test drives a test store, with closures that capture locals")
  @MainActor
  func mainActor() async {
    let store = makeCounterStore(numbers: FakeNumberManager(8))
    let expected = 8

    await store.dispatch(IncrementCounter()) { $0.counter = 1 }
    await store.dispatch(GenerateRandomNumber())
    await store.receive(SetCounter.self) { $0.counter = expected }
    await store.finish()
    #expect(store.state.counter == expected)
  }

  @Test("a failing expectation closure is reported with its error")
  func throwingClosure() async {
    struct Unexpected: Error {}
    let store = makeCounterStore()
    await expectFailure(containing: "The closure describing the state change", "threw") {
      await store.dispatch(IncrementCounter()) { _ in throw Unexpected() }
    }
  }
}
