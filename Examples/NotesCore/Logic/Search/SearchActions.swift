public import Katana

/// The search screen: the query as typed and the slow search behind it. The module's public
/// interface.
///
/// The screen dispatches ``EditQuery`` then ``Search`` on every keystroke: the query shows at
/// once, the spinner runs, and each search cancels the one before, so only the newest answers.
public enum SearchActions {
  /// What the search cancels older searches by.
  public enum ID: Hashable, Sendable {
    case search
  }

  // MARK: Updaters

  /// The query as the user types it. A query with words starts the spinner (the ``Search`` that
  /// follows stops it); a blank one clears the results. Neither saved nor undoable.
  public struct EditQuery: StateUpdater, Equatable {
    /// The query as typed.
    public var query: String
    public init(_ query: String) { self.query = query }
    public func updateState(_ state: inout NotesState) {
      state.search.query = query
      let isBlank = query.allSatisfy(\.isWhitespace)
      state.search.isSearching = !isBlank
      if isBlank {
        state.search.results = []
        state.search.searchedQuery = nil
      }
    }
  }

  // MARK: Side effects

  /// Searches every note for the typed query (``NoteSearch/query``) with the ``SearchManager``,
  /// slowly, and shows what it found in the list's order. A newer search cancels this one; a
  /// result for a query the user has since changed is dropped.
  ///
  /// - Throws: `CancellationError` when a newer search (or the user leaving) cancelled it.
  public struct Search: SideEffect, CancellableSideEffect {
    public init() {}
    public var cancellationID: ID { .search }
    public func sideEffect(_ context: SideEffectContext<NotesState, AppDependencies>) async throws {
      let state = context.getState()
      let query = state.search.query
      guard state.search.isSearching else { return }
      let found = try await context.dependencies.searchManager.search(query, in: state.order.sorted(state.notes))
      try await context.dispatch(ShowResults(query: query, results: found)).value
    }
  }
}

extension SearchActions {
  /// What a search for `query` found; dropped when the user has typed something else since.
  fileprivate struct ShowResults: StateUpdater, Equatable {
    var query: String
    var results: [Int]
    func updateState(_ state: inout NotesState) {
      guard state.search.query == query else { return }
      state.search.results = results
      state.search.searchedQuery = query
      state.search.isSearching = false
    }
  }
}
