import Katana
import KatanaTestSupport
import Testing

@testable import KatanaUI

/// A list with a new entry's title typed per page: the draft is a page field, the list is shared.
struct DraftState: NavigableState, SessionState, Equatable {
  var routes = RouteStack(root: ShopRoute.list)
  var items: [String] = []
  var draft = ""

  static var sessionScope: SessionScope<DraftState> { .routes.including(\.draft) }
}

typealias DraftStore = Store<DraftState, EmptySideEffectDependencyContainer>

/// The page's text as typed.
struct TypeDraft: SessionUpdater {
  var text: String
  func updateState(_ state: inout DraftState) { state.draft = text }
}

/// Adds an entry to the shared list.
struct AddItem: StateUpdater {
  var title: String
  func updateState(_ state: inout DraftState) { state.items.append(title) }
}

/// Empties the page's field if it still holds what was added.
struct ClearDraft: SessionUpdater {
  var submitted: String
  func updateState(_ state: inout DraftState) {
    if state.draft == submitted { state.draft = "" }
  }
}

/// Adds the draft the side effect reads through its context, then empties the field.
struct SubmitDraft: SideEffect {
  func sideEffect(_ context: SideEffectContext<DraftState, EmptySideEffectDependencyContainer>) async throws {
    let draft = context.getState().draft
    guard !draft.isEmpty else { return }
    try await context.dispatch(AddItem(title: draft)).value
    try await context.dispatch(ClearDraft(submitted: draft)).value
  }
}

/// Counts how many times it is applied, and adds an entry and opens the basket (data and page
/// fields at once).
struct CountedAddAndOpen: StateUpdater {
  let applications: Locked<Int>
  func updateState(_ state: inout DraftState) {
    applications.withLock { $0 += 1 }
    state.items.append("counted")
    state.routes.push(.basket)
  }
}

/// Counts how many times it is applied; changes only the page's draft.
struct CountedTyping: SessionUpdater {
  let applications: Locked<Int>
  func updateState(_ state: inout DraftState) {
    applications.withLock { $0 += 1 }
    state.draft += "x"
  }
}

/// What an instrumentation heard: the name of each updater (looked through a session's
/// wrapper) and the session its call site carried.
final class HeardDispatches: DispatchInstrumentation {
  let heard = Locked<[(name: String, session: UInt64?)]>([])

  func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)? { nil }

  func dispatchDidEnd(_ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome) {
    let item = (event.item as? any RoutedUpdater)?.routedUpdater ?? event.item
    heard.withLock { $0.append(("\(type(of: item))", event.callSite?.session)) }
  }
}

@Suite("A page's own fields over one shared store: drafts, side effects, one application")
struct SessionPageFieldsTests {
  @Test("text typed in one page stays in that page; the other page and the shared copy stay empty")
  func draftIsPerPage() async throws {
    let store = DraftStore()
    await store.waitUntilReady()
    let first = SessionStore<DraftState>(sharing: store, scope: .default)
    let second = SessionStore<DraftState>(sharing: store, scope: .default)
    try await first.dispatch(TypeDraft(text: "milk")).value
    try await second.dispatch(TypeDraft(text: "eggs")).value
    #expect(first.state.draft == "milk")
    #expect(second.state.draft == "eggs")
    #expect(store.state.draft == "")
  }

  @Test("a side effect from a page adds that page's draft to the shared list and empties only its field")
  func sideEffectReadsItsPage() async throws {
    let store = DraftStore()
    await store.waitUntilReady()
    let first = SessionStore<DraftState>(sharing: store, scope: .default)
    let second = SessionStore<DraftState>(sharing: store, scope: .default)
    try await first.dispatch(TypeDraft(text: "milk")).value
    try await second.dispatch(TypeDraft(text: "eggs")).value
    _ = try await first.anyDispatch(SubmitDraft()).value
    #expect(store.state.items == ["milk"])
    #expect(first.state.items == ["milk"] && second.state.items == ["milk"])
    #expect(first.state.draft == "")
    #expect(second.state.draft == "eggs")
    #expect(store.state.draft == "")
    // Outside any page, a side effect reads the shared store's own copy: nothing typed.
    _ = try await store.anyDispatch(SubmitDraft()).value
    #expect(store.state.items == ["milk"])
  }

  @Test("every updater a page dispatches is applied once, in the shared store, and moves only that page")
  func oneApplication() async throws {
    let store = DraftStore()
    await store.waitUntilReady()
    let first = SessionStore<DraftState>(sharing: store, scope: .default)
    let second = SessionStore<DraftState>(sharing: store, scope: .default)
    let mixed = Locked(0)
    let typing = Locked(0)
    try await first.dispatch(CountedAddAndOpen(applications: mixed)).value
    try await first.dispatch(CountedTyping(applications: typing)).value
    #expect(mixed.current == 1)
    #expect(typing.current == 1)
    #expect(first.state.routes.top == .basket && first.state.draft == "x")
    #expect(second.state.routes.top == .list && second.state.draft == "")
    #expect(second.state.items == ["counted"])
    #expect(store.state.routes == RouteStack(root: .list) && store.state.draft == "")
  }

  @Test("the shared store's interceptors and instrumentation see a page's updaters by name, with its session")
  func toolsSeePageUpdaters() async throws {
    let lines = Locked<[String]>([])
    let heard = HeardDispatches()
    let logger = DispatchableLogger.interceptor(blackList: [ClearDraft.self]) { line in lines.withLock { $0.append(line) } }
    let store = DraftStore(
      interceptors: [logger], stateInitializer: { DraftState() },
      configuration: .init(instrumentation: heard))
    await store.waitUntilReady()
    let first = SessionStore<DraftState>(sharing: store, scope: .default)
    let second = SessionStore<DraftState>(sharing: store, scope: .default)
    _ = try await first.anyDispatch(TypeDraft(text: "milk"), callSite: DispatchCallSite()).value
    _ = try await first.anyDispatch(SubmitDraft(), callSite: DispatchCallSite()).value
    _ = try await second.anyDispatch(Navigation.Push<DraftState>(.basket), callSite: DispatchCallSite()).value

    #expect(
      lines.current == [
        "[Dispatchable]: KatanaUITests.TypeDraft", "[Dispatchable]: KatanaUITests.AddItem",
        "[Dispatchable]: KatanaUITests.SubmitDraft", "[Dispatchable]: KatanaUI.Navigation.Push<KatanaUITests.DraftState>",
      ])
    let dispatches = heard.heard.current.map { "\($0.name) \($0.session.map(String.init) ?? "-")" }
    // The side effect ends after the updaters it dispatched; the call sites of those carry its page.
    #expect(
      dispatches == [
        "TypeDraft \(first.sessionID)", "AddItem \(first.sessionID)", "ClearDraft \(first.sessionID)",
        "SubmitDraft \(first.sessionID)", "Push<DraftState> \(second.sessionID)",
      ])
  }

  @Test("a page's listeners hear each change once, in order, the page's with the shared")
  func listenersHearEachChangeOnce() async throws {
    let store = DraftStore()
    await store.waitUntilReady()
    let first = SessionStore<DraftState>(sharing: store, scope: .default)
    let second = SessionStore<DraftState>(sharing: store, scope: .default)
    let firstHeard = Locked<[(DraftState, DraftState)]>([])
    let secondHeard = Locked<[(DraftState, DraftState)]>([])
    first.addListener { old, new in firstHeard.withLock { $0.append((old, new)) } }
    second.addListener { old, new in secondHeard.withLock { $0.append((old, new)) } }

    try await first.dispatch(TypeDraft(text: "m")).value
    try await first.dispatch(TypeDraft(text: "mi")).value
    _ = try await first.anyDispatch(SubmitDraft()).value

    let firstChanges = firstHeard.current
    #expect(firstChanges.map { "\($0.1.draft)|\($0.1.items.count)" } == ["m|0", "mi|0", "mi|1", "|1"])
    #expect(firstChanges.first?.0.draft == "")
    // Each call starts where the one before ended.
    for (previous, next) in zip(firstChanges, firstChanges.dropFirst()) { #expect(previous.1 == next.0) }
    // The other page hears the same updates with its own (empty) draft, and the list once.
    let secondChanges = secondHeard.current
    #expect(secondChanges.map { "\($0.1.draft)|\($0.1.items.count)" } == ["|0", "|0", "|1", "|1"])
    for (previous, next) in zip(secondChanges, secondChanges.dropFirst()) { #expect(previous.1 == next.0) }
  }

  @Test("a closed page's updater still changes the shared data and leaves the shared copy of its fields")
  func closedPageUpdater() async throws {
    let store = DraftStore()
    await store.waitUntilReady()
    let page = SessionStore<DraftState>(sharing: store, scope: .default)
    page.close()
    let applications = Locked(0)
    try await page.dispatch(CountedAddAndOpen(applications: applications)).value
    try await page.dispatch(TypeDraft(text: "gone")).value
    #expect(store.state.items == ["counted"])
    #expect(store.state.routes == RouteStack(root: .list))
    #expect(store.state.draft == "")
  }
}
