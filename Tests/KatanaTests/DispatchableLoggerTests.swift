import Katana
import Testing

/// `DispatchableLogger.interceptor`: one line per successfully handled item, minus the block list.
///
/// The store handles the items of one task in order, so the tests end with an item that is
/// logged and wait for its line: every line the items before it cause is in by then.
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
    // The marker: logged after every line of the items above.
    try await store.dispatch(Touch()).value
    await lines.wait("the marker is logged") { $0.contains { $0.contains(Self.name(Touch.self)) } }

    let logged = lines.values
    #expect(logged.count == 4)
    let types: [any Dispatchable.Type] = [AddTodo.self, ClosureSideEffect.self, Multiply.self, Touch.self]
    for (line, type) in zip(logged, types) {
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
    // AddUser is handled after AddTodo: once its line is in, AddTodo's would be too.
    await lines.wait("the user line is logged") { $0.contains { $0.contains(Self.name(AddUser.self)) } }

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
    // Touch is handled after the failures: once its line is in, theirs would be too.
    await lines.wait("the successful item is logged") { $0.contains { $0.contains(Self.name(Touch.self)) } }

    #expect(lines.values.count == 1)
    #expect(lines.values.first?.contains(Self.name(Touch.self)) == true)
  }

  @Test("interleaved item types each get their own line, and a blocked type stays silent between them")
  func interleavedTypesKeepTheirLines() async throws {
    let lines = Recorder<String>()
    let store = await makeReadyStore(interceptors: [
      DispatchableLogger.interceptor(blackList: [AddUser.self], sink: { lines.append($0) })
    ])

    // The logger remembers each type's line; runs of one type and switches between types (and
    // back) must all name the item actually handled.
    let items: [any Dispatchable] = [AddTodo(), AddTodo(), Touch(), AddUser(), AddTodo(), Touch(), AddUser(), Touch()]
    for item in items { _ = try await store.anyDispatch(item).value }
    await lines.wait("every line is logged") { $0.count >= 6 }

    let expected: [any Dispatchable.Type] = [AddTodo.self, AddTodo.self, Touch.self, AddTodo.self, Touch.self, Touch.self]
    #expect(lines.values.count == expected.count)
    for (line, type) in zip(lines.values, expected) {
      #expect(line == "[Dispatchable]: " + Self.name(type))
    }
  }
}

/// An updater class and a subclass, to check the logger reads an item's dynamic type.
class LoggedBaseUpdater: StateUpdater, @unchecked Sendable {
  func updateState(_ state: inout AppState) {}
}

final class LoggedDerivedUpdater: LoggedBaseUpdater, @unchecked Sendable {}

extension DispatchableLoggerTests {
  @Test("a subclass dispatched under its block-listed superclass's type is logged with its own name")
  func subclassUnderBlockedBaseIsLogged() async throws {
    let lines = Recorder<String>()
    let store = await makeReadyStore(interceptors: [
      DispatchableLogger.interceptor(blackList: [LoggedBaseUpdater.self], sink: { lines.append($0) })
    ])
    let item: LoggedBaseUpdater = LoggedDerivedUpdater()

    try await store.dispatch(LoggedBaseUpdater()).value
    try await store.dispatch(item).value
    await lines.wait("the subclass is logged") { !$0.isEmpty }

    #expect(lines.values.count == 1)
    #expect(lines.values.first?.hasSuffix(Self.name(LoggedDerivedUpdater.self)) == true, "\(lines.values)")
  }
}
