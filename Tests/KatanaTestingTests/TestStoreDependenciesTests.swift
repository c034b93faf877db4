import Katana
import KatanaTesting
import KatanaTestSupport
import Testing

/// Hands back the identity of the container its context holds.
struct IdentifyContainer: ReturningSideEffect {
  struct WrongStore: Error {}

  func sideEffect(_ context: any AnySideEffectContext) async throws -> ObjectIdentifier {
    guard let context = context as? SideEffectContext<CounterState, AppDependencies> else { throw WrongStore() }
    return ObjectIdentifier(context.dependencies)
  }
}

/// A container whose manager pushes updates on its own, as a socket would: it keeps the store's
/// `dispatch` and `getState`.
final class PushDependencies: SideEffectDependencyContainer {
  let dispatch: AnyDispatch
  let getState: GetState

  init(dispatch: @escaping AnyDispatch, getState: @escaping GetState) {
    self.dispatch = dispatch
    self.getState = getState
  }

  /// What the server would send.
  func push(_ value: Int) {
    _ = dispatch(SetCounter(newValue: value))
  }
}

@Suite("A test supplies the dependency container")
struct TestStoreDependenciesTests {
  @Test("side effects use the container, and the fake managers, the test built")
  func fakesReachSideEffects() async throws {
    let fake = FakeNumberManager(42)
    let store = TestStore<CounterState, AppDependencies>(
      initialState: CounterState(),
      dependencies: { _, _ in AppDependencies(numbers: fake, clock: ManualClock()) }
    )

    #expect(store.dependencies.numbers as? FakeNumberManager === fake)
    let seen = try await store.dispatch(IdentifyContainer()).value
    #expect(seen == ObjectIdentifier(store.dependencies))
    await store.dispatch(GenerateRandomNumber())
    await store.receive(SetCounter.self) { $0.counter = 42 }
    await store.finish()
  }

  @Test("the container is built once, before the initialiser returns")
  func builtOnceSynchronously() {
    var builds = 0
    let store = TestStore<CounterState, AppDependencies>(
      initialState: CounterState(),
      dependencies: { _, _ in
        builds += 1
        return AppDependencies(numbers: FakeNumberManager(), clock: ManualClock())
      }
    )

    #expect(builds == 1)
    _ = store.dependencies
    #expect(builds == 1)
  }

  @Test("without a closure the store builds the app's own container")
  func defaultContainer() {
    let store = TestStore<CounterState, AppDependencies>(initialState: CounterState())

    #expect(store.dependencies.numbers is SystemNumberManager)
    #expect(store.dependencies.clock is ContinuousClock)
  }

  @Test("a manager dispatching through the store's dispatch is received, and reads the state")
  func managerDispatches() async {
    let store = TestStore<CounterState, PushDependencies>(
      initialState: CounterState(counter: 1),
      dependencies: { dispatch, getState in PushDependencies(dispatch: dispatch, getState: getState) }
    )
    await store.dispatch(IncrementCounter()) { $0.counter = 2 }

    store.dependencies.push(5)

    await store.receive(SetCounter(newValue: 5)) { $0.counter = 5 }
    #expect((store.dependencies.getState() as? CounterState)?.counter == 5)
    await store.finish()
  }
}
