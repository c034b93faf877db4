public import Katana

/// What reading a journal found: the entries that can be applied, in order, and why reading
/// stopped early, if it did.
public struct JournalContents<S: State>: Sendable {
  /// The readable entries, in file order, up to the first problem.
  public var entries: [JournalEntry<S>]
  /// The 1-based number of a last line cut short by a crash (no final newline); it is not in
  /// ``entries``.
  public var tornLine: Int?
  /// The first unreadable line (an unknown type or an undecodable line): ``entries`` stop just
  /// before it. `movedTo` is `nil` in it: reading moves nothing.
  public var problem: PersistenceError?
  /// The sequence number of the last line whose header could be read, torn or bad lines aside;
  /// new lines continue after it.
  public var lastSequence: Int

  /// Byte length of the lines in ``entries`` (what the file is cut back to).
  var goodLength: Int
}
