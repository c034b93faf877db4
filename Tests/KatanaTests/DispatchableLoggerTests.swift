import Katana
import Testing

/// `DispatchableLogger.interceptor`: one line per successfully handled item, minus the block list.
@Suite("Dispatchable logger")
struct DispatchableLoggerTests {
  static func name(_ type: any Dispatchable.Type) -> String { String(reflecting: type) }

  @Test("each handled item is logged once with its type name")
  func logsHandledItems() async throws {
    let lines = Recorder<String>()
    let store = await makeReadyStore(interceptors: [DispatchableLogger.interceptor(sink: { lines.append($0) })])

    try await store.dispatch(AddTodo()).value
    try await store.dispatch(ClosureSideEffect()).value
    _ = try await store.dispatch(Multiply(a: 1, b: 1)).value
    await waitUntil("three lines are logged") { lines.count >= 3 }
    await yieldRepeatedly()

    let logged = lines.values
    #expect(logged.count == 3)
    for (line, type) in zip(logged, [AddTodo.self, ClosureSideEffect.self, Multiply.self] as [any Dispatchable.Type]) {
      #expect(line.contains(Self.name(type)), "\(line)")
      #expect(!line.contains("\n"))
    }
  }

  @Test("items whose exact type is on the block list are not logged")
  func blockListSilencesTypes() async throws {
    let lines = Recorder<String>()
    let store = await makeReadyStore(interceptors: [
      DispatchableLogger.interceptor(blackList: [AddTodo.self], sink: { lines.append($0) })
    ])

    try await store.dispatch(AddTodo()).value
    try await store.dispatch(AddUser()).value
    await waitUntil("the user line is logged") { lines.count >= 1 }
    await yieldRepeatedly()

    #expect(lines.values.count == 1)
    #expect(lines.values.first?.contains(Self.name(AddUser.self)) == true)
  }

  @Test("failed items are not logged")
  func failuresAreNotLogged() async throws {
    let lines = Recorder<String>()
    let rejectTodos: StoreInterceptor = { _ in
      { next in
        { item in
          if item is AddTodo { throw TestError.boom }
          try next(item)
        }
      }
    }
    let store = await makeReadyStore(interceptors: [DispatchableLogger.interceptor(sink: { lines.append($0) }), rejectTodos])

    _ = try? await store.dispatch(AddTodo()).value
    _ = try? await store.dispatch(ClosureSideEffect { _ in throw TestError.boom }).value
    try await store.dispatch(Touch()).value
    await waitUntil("the successful item is logged") { lines.count >= 1 }
    await yieldRepeatedly()

    #expect(lines.values.count == 1)
    #expect(lines.values.first?.contains(Self.name(Touch.self)) == true)
  }
}
