import Katana
import KatanaTesting
import NotesCore
import Testing

@Suite("Search")
struct SearchTests {
  private func state() -> NotesState {
    var state = notesState(["Garden plan", "Groceries"])
    NoteActions.Add(folder: "Work", title: "Report", body: "the garden budget, café").updateState(&state)
    return state
  }

  @Test("a search shows the spinner until the slow answer comes, then every note with all the words, newest first")
  func slowSearch() async throws {
    let clock = ManualClock()
    let store = TestStore<NotesState, AppDependencies>(initialState: state()) { _, _ in
      AppDependencies(clock: clock, persistence: nil)
    }
    await store.dispatch(SearchActions.EditQuery("GARDEN")) {
      $0.search.query = "GARDEN"
      $0.search.isSearching = true
    }
    let search = await store.dispatch(SearchActions.Search())
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(799))
    #expect(store.state.search.isSearching)
    await clock.advance(by: .milliseconds(1))
    await store.receive(where: { "\(type(of: $0))" == "ShowResults" }) {
      $0.search.results = [3, 1]  // across folders, in the list's order (last edited first)
      $0.search.searchedQuery = "GARDEN"
      $0.search.isSearching = false
    }
    try await search.value
    await store.dispatch(SearchActions.EditQuery("cafe budget")) {
      $0.search.query = "cafe budget"
      $0.search.isSearching = true
    }
    let accents = await store.dispatch(SearchActions.Search())
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    await store.receive(where: { "\(type(of: $0))" == "ShowResults" }) {
      $0.search.results = [3]
      $0.search.searchedQuery = "cafe budget"
      $0.search.isSearching = false
    }
    try await accents.value
    await store.finish()
  }

  @Test("each keystroke's search cancels the one before, so only the newest query answers")
  func newestWins() async throws {
    let clock = ManualClock()
    let store = TestStore<NotesState, AppDependencies>(initialState: state()) { _, _ in
      AppDependencies(clock: clock, persistence: nil)
    }
    await store.dispatch(SearchActions.EditQuery("g")) {
      $0.search.query = "g"
      $0.search.isSearching = true
    }
    let first = await store.dispatch(SearchActions.Search())
    await clock.waitForSleepers()
    await store.dispatch(SearchActions.EditQuery("gro")) { $0.search.query = "gro" }
    let second = await store.dispatch(SearchActions.Search())
    await #expect(throws: CancellationError.self) { try await first.value }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    await store.receive(where: { "\(type(of: $0))" == "ShowResults" }) {
      $0.search.results = [2]
      $0.search.searchedQuery = "gro"
      $0.search.isSearching = false
    }
    try await second.value
    await store.finish()
  }

  @Test("a blank query clears the results at once, with no wait and no spinner")
  func blankQuery() async throws {
    var start = state()
    start.search.results = [1]
    start.search.searchedQuery = "plan"
    let store = TestStore<NotesState, AppDependencies>(initialState: start) { _, _ in
      AppDependencies(clock: ManualClock(), persistence: nil)
    }
    await store.dispatch(SearchActions.EditQuery("  ")) {
      $0.search.query = "  "
      $0.search.results = []
      $0.search.searchedQuery = nil
    }
    try await store.dispatch(SearchActions.Search()).value
    await store.finish()
  }
}
