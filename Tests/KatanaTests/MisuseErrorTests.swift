import Katana
import KatanaSupport
import Testing

/// Typed errors for misuse: what a user can get wrong yields a `KatanaError`, never a crash, and
/// the store keeps working afterwards.
@Suite("Misuse errors")
struct MisuseErrorTests {
  static func name(_ type: any Dispatchable.Type) -> String { String(reflecting: type) }

  static let otherStateMismatch = KatanaError.stateTypeMismatch(
    name(FlipOtherFlag.self), expected: String(reflecting: OtherState.self), actual: String(reflecting: AppState.self))

  /// Awaits `task` and returns the KatanaError it throws, recording an issue for anything else.
  static func katanaError<V>(
    _ task: DispatchTask<V>, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> KatanaError? {
    do {
      _ = try await task.value
      Issue.record("expected a KatanaError, the item succeeded", sourceLocation: sourceLocation)
      return nil
    } catch let error as KatanaError {
      return error
    } catch {
      Issue.record("expected a KatanaError, got \(error)", sourceLocation: sourceLocation)
      return nil
    }
  }

  @Test("dispatching from inside a state updater fails with dispatchFromStateUpdater", arguments: StorePath.allCases)
  func dispatchFromInsideUpdater(path: StorePath) async throws {
    let store = await path.makeAppStore()
    let box = Locked<AppStore?>(store)
    struct Nested: Sendable {
      let updater: DispatchTask<Void>
      let sideEffect: DispatchTask<Void>
      let viaDependencies: DispatchTask<any Sendable>
    }
    let nested = Locked<Nested?>(nil)

    try await store.dispatch(
      ClosureUpdater { state in
        if let store = box.current {
          let updater = store.dispatch(AddUser())
          let sideEffect = store.dispatch(ClosureSideEffect())
          let viaDependencies = store.dependencies.dispatch(AddUser())
          nested.set(Nested(updater: updater, sideEffect: sideEffect, viaDependencies: viaDependencies))
        }
        state.todo.todos.append(Todo(title: "outer", id: "o"))
      }
    ).value
    box.set(nil)

    let tasks = try #require(nested.current)
    #expect(await Self.katanaError(tasks.updater) == .dispatchFromStateUpdater(Self.name(AddUser.self)))
    #expect(await Self.katanaError(tasks.sideEffect) == .dispatchFromStateUpdater(Self.name(ClosureSideEffect.self)))
    #expect(await Self.katanaError(tasks.viaDependencies) == .dispatchFromStateUpdater(Self.name(AddUser.self)))
    // The outer update was applied, the nested ones were not, and the store still works.
    #expect(store.state.todo.todos.count == 1)
    #expect(store.state.user.users.isEmpty)
    try await store.dispatch(AddUser()).value
    #expect(store.state.user.users.count == 1)
  }

  @Test("an updater of another state type fails with stateTypeMismatch on every type-erased path",
        arguments: StorePath.allCases)
  func wrongStateTypeThroughErasedPaths(path: StorePath) async throws {
    let store = await path.makeAppStore()
    let erased: any AnyStore = store
    let partial: any PartialStore<AppState> = store

    #expect(await Self.katanaError(store.anyDispatch(FlipOtherFlag())) == Self.otherStateMismatch)
    #expect(await Self.katanaError(erased.dispatch(FlipOtherFlag())) == Self.otherStateMismatch)
    #expect(await Self.katanaError(erased.anyDispatch(FlipOtherFlag())) == Self.otherStateMismatch)
    #expect(await Self.katanaError(partial.anyDispatch(FlipOtherFlag())) == Self.otherStateMismatch)
    #expect(await Self.katanaError(store.dependencies.dispatch(FlipOtherFlag())) == Self.otherStateMismatch)

    let fromContext = Locked<[DispatchTask<Void>]>([])
    _ = try await store.dispatch(
      ReturningClosureSideEffect { context in
        fromContext.withLock { $0.append(context.dispatch(FlipOtherFlag())) }
        return AppState()
      }
    ).value
    try #require(fromContext.current.count == 1)
    #expect(await Self.katanaError(fromContext.current[0]) == Self.otherStateMismatch)

    #expect(store.state == AppState())
    try await store.dispatch(AddTodo()).value
    #expect(store.state.todo.todos.count == 1)
  }

  @Test("side effects of another state or dependency type fail with a mismatch error", arguments: StorePath.allCases)
  func wrongSideEffectTypes(path: StorePath) async throws {
    let store = await path.makeAppStore()
    let erased: any AnyStore = store

    #expect(
      await Self.katanaError(erased.dispatch(OtherStateSideEffect()))
        == .stateTypeMismatch(
          Self.name(OtherStateSideEffect.self), expected: String(reflecting: OtherState.self),
          actual: String(reflecting: AppState.self)))
    #expect(
      await Self.katanaError(store.anyDispatch(OtherDependenciesSideEffect()))
        == .dependenciesTypeMismatch(
          Self.name(OtherDependenciesSideEffect.self), expected: String(reflecting: OtherDependenciesContainer.self),
          actual: String(reflecting: TestDependenciesContainer.self)))
  }

  @Test("an item that is neither an updater nor a side effect fails with notDispatchable", arguments: StorePath.allCases)
  func neitherUpdaterNorSideEffect(path: StorePath) async throws {
    let store = await path.makeAppStore()

    let error = await Self.katanaError(store.anyDispatch(NotAnAction()))

    guard case .notDispatchable(let item, _)? = error else {
      Issue.record("expected notDispatchable, got \(String(describing: error))")
      return
    }
    #expect(item == Self.name(NotAnAction.self))
  }

  @Test("an item that is both an updater and a side effect fails with notDispatchable", arguments: StorePath.allCases)
  func bothUpdaterAndSideEffect(path: StorePath) async throws {
    let store = await path.makeAppStore()

    let error = await Self.katanaError(store.anyDispatch(UpdaterAndSideEffect()))

    guard case .notDispatchable(let item, _)? = error else {
      Issue.record("expected notDispatchable, got \(String(describing: error))")
      return
    }
    #expect(item == Self.name(UpdaterAndSideEffect.self))
  }

  @Test("KatanaError descriptions name the item")
  func errorDescriptionsNameTheItem() {
    let item = Self.name(AddTodo.self)
    let errors: [KatanaError] = [
      .storeReleased(item), .returningSideEffectSwallowed(item), .dispatchFromStateUpdater(item),
      .notDispatchable(item, reason: "r"), .stateTypeMismatch(item, expected: "E", actual: "A"),
      .dependenciesTypeMismatch(item, expected: "E", actual: "A"),
      .returnValueTypeMismatch(item, expected: "E", actual: "A"),
    ]
    for error in errors {
      #expect(error.description.contains(item), "\(error)")
    }
  }
}
