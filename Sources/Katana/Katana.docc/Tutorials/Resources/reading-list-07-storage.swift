import Foundation
import KatanaPersistence
import ReadingListCore

/// Where the list is kept between launches.
enum ReadingListStorage {
  /// The updaters the journal records, under names that must never change.
  static var registry: JournalRegistry<ReadingListState> {
    var registry = JournalRegistry<ReadingListState>()
    registry.register(BookActions.Add.self, as: "books.add")
    registry.register(BookActions.ToggleRead.self, as: "books.toggleRead")
    // DevTools' time travel (and an undo history) puts back an earlier state with `RestoreState`:
    // registered, the journal keeps it like any change.
    registry.register(RestoreState<ReadingListState>.self, as: "katana.restore")
    return registry
  }

  /// A state file and a journal of every change in `folder`.
  static func persistence(in folder: String) throws -> Persistence<ReadingListState> {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return Persistence(
      stateFile: StateFile(path: folder + "/books.json"),
      journal: Journal(path: folder + "/journal.jsonl", registry: registry))
  }
}
