public import Katana
import KatanaSupport

/// A store for tests that makes a test account for everything the app logic does.
///
/// A `TestStore` runs a real Katana `Store` (the same interceptors, the same concurrency) and
/// watches it. The test dispatches items and describes, for each one, how the state must change;
/// items that side effects dispatch are *received*, in order, with their own state change:
///
/// ```swift
/// @Test func incrementing() async {
///   let store = TestStore<CounterState, AppDependencies>(
///     initialState: CounterState(),
///     dependencies: { _, _ in AppDependencies(numbers: FakeNumberManager(42), clock: ManualClock()) }
///   )
///   await store.dispatch(IncrementCounter()) { $0.counter = 1 }
///   await store.dispatch(GenerateRandomNumber())
///   await store.receive(SetCounter.self) { $0.counter = 42 }
///   await store.finish()
/// }
/// ```
///
/// ## Exhaustive by default
/// With ``Exhaustivity/on`` a test fails when:
/// - an item changes the state differently from what its closure describes (the failure shows a
///   field-by-field diff, expected `-` against actual `+`);
/// - `receive` expects an item that is not the next one side effects dispatched, or none comes;
/// - at ``finish(timeout:fileID:filePath:line:column:)``, or when the test store is released
///   without it, received items were not asserted or side effects are still running.
///
/// Set ``exhaustivity`` to ``Exhaustivity/off`` for integration tests that only check what they
/// name.
///
/// ## Dependencies
/// Side effects reach the outside world through the dependency container, so a test replaces the
/// outside world by building the container itself, with fake managers:
///
/// ```swift
/// let store = TestStore<CounterState, AppDependencies>(
///   initialState: CounterState(),
///   dependencies: { _, _ in AppDependencies(numbers: FakeNumberManager(42), clock: ManualClock()) }
/// )
/// ```
///
/// The closure runs once, synchronously, inside this initialiser; side effects and
/// ``dependencies`` see the container it returns. Without it the store builds
/// `D(dispatch:getState:)`, the app's own container. See the article <doc:TestingAKatanaApp>.
///
/// ## Failures
/// Failures go to Swift Testing or XCTest, whichever runs the test, at the line of the call that
/// failed (for leftovers found on release, the line that created the test store).
///
/// ## Threading
/// Use a test store from one task at a time, the test's own: its calls suspend until what they
/// assert has happened, or until ``timeout`` passes.
public final class TestStore<S: State & Equatable, D: SideEffectDependencyContainer>: Sendable {
  /// The store under test.
  let store: Store<S, D>
  let recorder: DispatchRecorder<S>
  let initialState: S
  let settings: LockedValue<Settings>
  let creationSite: CallSite
  let retryLoops = RetryLoops()

  struct Settings {
    var exhaustivity: Exhaustivity
    var timeout: Duration
    var isFinished = false
    /// The state as the test last described it, which ``TestStore/assert(_:isolation:fileID:filePath:line:column:)``
    /// starts from.
    var assertedState: S
    /// Side effects the test skipped with `skipInFlightSideEffects()`: recorded id → the first
    /// item id from which what they dispatch is skipped too.
    var skippedSideEffects: [Int: Int] = [:]
    /// Received items whose failure the test asserted with `receive(_:failing:)`.
    var assertedFailures: Set<Int> = []
  }

  /// Creates a test store whose real store starts from `initialState`, with the dependency
  /// container `dependencies` builds.
  ///
  /// - Parameters:
  ///   - initialState: the state the store starts from (its state initializer returns it).
  ///   - interceptors: the app's interceptors, run after the test store's own recording one.
  ///   - exhaustivity: ``Exhaustivity/on`` (the default) or ``Exhaustivity/off``.
  ///   - timeout: how long `receive`, `finish` and side-effect dispatches wait for the store, in
  ///     real time, before they fail. Tests that pass never wait for it.
  ///   - fileID: the calling file's ID; leftovers found when the test store is released without
  ///     `finish()` are reported there. Leave the default.
  ///   - filePath: the calling file's path, for the same reports. Leave the default.
  ///   - line: the calling line, for the same reports. Leave the default.
  ///   - column: the calling column, for the same reports. Leave the default.
  ///   - dependencies: builds the dependency container side effects use, typically with fake
  ///     managers. It is called once, synchronously, before this initialiser returns, with the
  ///     store's `dispatch` and `getState` (for containers whose managers dispatch or read the
  ///     state; they never keep the store alive). By default it is `D(dispatch:getState:)`. It
  ///     comes last so that it can also be written as a trailing closure.
  public init(
    initialState: S,
    interceptors: [StoreInterceptor] = [],
    exhaustivity: Exhaustivity = .on,
    timeout: Duration = .seconds(2),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    dependencies: (_ dispatch: @escaping AnyDispatch, _ getState: @escaping GetState) -> D = {
      D(dispatch: $0, getState: $1)
    }
  ) {
    let recorder = DispatchRecorder<S>()
    self.recorder = recorder
    self.initialState = initialState
    settings = LockedValue(Settings(exhaustivity: exhaustivity, timeout: timeout, assertedState: initialState))
    creationSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    store = Store(
      interceptors: [QuiescenceProbe<S>.interceptor] + interceptors,
      stateInitializer: { initialState },
      dependenciesInitializer: dependencies,
      configuration: .init(instrumentation: recorder))
  }

  deinit {
    let settings = settings.withLock { $0 }
    guard settings.exhaustivity == .on, !settings.isFinished else { return }
    let problems = leftoverProblems(skipping: settings.skippedSideEffects, assertedFailures: settings.assertedFailures)
    guard !problems.isEmpty else { return }
    report(
      "The test store was released without `await store.finish()`, and the test did not account "
        + "for everything:\n\n" + problems.joined(separator: "\n\n"),
      at: creationSite)
  }

  /// The store's current state (the initial state until the store is ready).
  public var state: S {
    store.isReady ? store.state : initialState
  }

  /// The dependency container the store holds (the one the initialiser's `dependencies` built);
  /// side effects see this same instance.
  public var dependencies: D { store.dependencies }

  /// How much the test must account for; may be changed between steps.
  public var exhaustivity: Exhaustivity {
    get { settings.withLock { $0.exhaustivity } }
    set { settings.withLock { $0.exhaustivity = newValue } }
  }

  /// How long operations wait for the store, in real time, before they fail.
  public var timeout: Duration {
    get { settings.withLock { $0.timeout } }
    set { settings.withLock { $0.timeout = newValue } }
  }

  /// Dispatching after ``finish(timeout:fileID:filePath:line:column:)`` starts new work, so the
  /// check made when the test store is released applies again.
  func rearmLeftoverCheck() {
    settings.withLock { $0.isFinished = false }
  }

  /// Waits until every updater dispatched so far has been handled.
  func drainUpdaters() async {
    try? await store.dispatch(QuiescenceProbe<S>()).value
  }
}
