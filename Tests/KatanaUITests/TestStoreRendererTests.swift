import Katana
import KatanaTestSupport
import KatanaTesting
import Testing

@testable import KatanaUI

@MainActor
@Suite("A TestStore drives a Renderer, and the UI test stays exhaustive")
struct TestStoreRendererTests {
  func render() -> (TestStore<CounterState, EmptySideEffectDependencyContainer>, RecordingBackend, Renderer) {
    let store = TestStore<CounterState, EmptySideEffectDependencyContainer>(initialState: CounterState())
    let backend = RecordingBackend(containerSize: Size(width: 375, height: 667))
    let renderer = Renderer(rootDescription: CounterScreen(props: CounterScreenProps()), store: store)
    renderer.render(in: backend)
    return (store, backend, renderer)
  }

  @Test("a tap's updater is received with its state change, and the screen shows the new state")
  func tapIsReceived() async throws {
    let (store, backend, renderer) = render()

    #expect(backend.send(.tap, toKey: "incrementButton"))
    await store.receive(IncrementCounter.self) { $0.counter = 1 }
    await renderer.settle()

    let label = try #require(backend.firstView(withKey: "label"))
    #expect(backend.props(of: label.id, as: LabelProps.self)?.text == "Count: 1")
    #expect(renderer.errors.isEmpty)
    await store.finish()
  }

  @Test("a tap the test does not receive fails it")
  func unreceivedTapFails() async {
    let (store, backend, renderer) = render()

    #expect(backend.send(.tap, toKey: "decrementButton"))
    await renderer.settle()

    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      String(describing: issue).contains("KatanaTestSupport.DecrementCounter")
    }
  }
}
