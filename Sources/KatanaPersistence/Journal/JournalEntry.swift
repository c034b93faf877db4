public import Foundation
public import Katana

/// One item read back from a journal.
public struct JournalEntry<S: State>: Sendable {
  /// Its sequence number: 1 for the first item ever journaled, then one more per item.
  public let sequence: Int
  /// When it was applied.
  public let time: Date
  /// The stable name it was registered under.
  public let typeName: String
  /// The updater, decoded.
  public let item: any StateUpdater
  /// Its 1-based line number in the file it was read from.
  public let line: Int

  let apply: @Sendable (inout S) -> Void

  /// Applies the item to `state`, as the store applied it.
  public func apply(to state: inout S) {
    apply(&state)
  }
}
