/// Why persistence could not load or save, with the file and what was done about it.
///
/// A file that cannot be used is never deleted or overwritten: it is renamed beside itself
/// (`movedTo`) so that a person can look at it or recover it by hand.
public enum PersistenceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The state file exists but could not be read (permissions, I/O error). It was moved aside
  /// when possible (`movedTo` is `nil` if even that failed) and the store starts from `S()`.
  case stateFileUnreadable(path: String, reason: String, movedTo: String?)
  /// The state file's content is not a state file this app wrote (truncated, garbage, a payload
  /// that does not decode). Moved aside; the store starts from `S()`.
  case stateFileCorrupt(path: String, reason: String, movedTo: String?)
  /// The state file was written by a newer version of the app (`version` above `supported`).
  /// Moved aside; the store starts from `S()`.
  case stateFileFromNewerVersion(path: String, version: Int, supported: Int, movedTo: String?)
  /// An app-given migration closure threw while upgrading the file from version `from`.
  /// Moved aside; the store starts from `S()`.
  case migrationFailed(path: String, from: Int, reason: String, movedTo: String?)
  /// Writing the state file failed (disk full, permission). The previous file is intact; the
  /// next change (or ``Persistence/flush()``) tries again.
  case stateFileWriteFailed(path: String, reason: String)
  /// The journal's last line was cut short by a crash (no final newline); it was dropped and the
  /// lines before it were applied.
  case journalTornLine(path: String, line: Int)
  /// A journal line names a type no ``JournalRegistry`` entry has. Nothing from this line on was
  /// applied; the journal was moved aside.
  case journalUnknownType(path: String, line: Int, typeName: String, movedTo: String?)
  /// A journal line is not valid JSON, or its item does not decode. Nothing from this line on was
  /// applied; the journal was moved aside.
  case journalUndecodableLine(path: String, line: Int, reason: String, movedTo: String?)
  /// The journal could not be read, written or flushed.
  case journalFileFailed(path: String, reason: String)

  /// The file the error is about.
  public var path: String {
    switch self {
    case .stateFileUnreadable(let path, _, _), .stateFileCorrupt(let path, _, _),
      .stateFileFromNewerVersion(let path, _, _, _), .migrationFailed(let path, _, _, _),
      .stateFileWriteFailed(let path, _), .journalTornLine(let path, _),
      .journalUnknownType(let path, _, _, _), .journalUndecodableLine(let path, _, _, _),
      .journalFileFailed(let path, _):
      return path
    }
  }

  public var description: String {
    func aside(_ movedTo: String?) -> String {
      movedTo.map { "; kept as \($0)" } ?? "; could not be moved aside"
    }
    switch self {
    case .stateFileUnreadable(let path, let reason, let movedTo):
      return "cannot read state file \(path): \(reason)\(aside(movedTo)); starting from the default state"
    case .stateFileCorrupt(let path, let reason, let movedTo):
      return "state file \(path) is corrupt: \(reason)\(aside(movedTo)); starting from the default state"
    case .stateFileFromNewerVersion(let path, let version, let supported, let movedTo):
      return
        "state file \(path) has format version \(version), newer than \(supported) which this app reads\(aside(movedTo)); starting from the default state"
    case .migrationFailed(let path, let from, let reason, let movedTo):
      return "cannot migrate state file \(path) from version \(from): \(reason)\(aside(movedTo)); starting from the default state"
    case .stateFileWriteFailed(let path, let reason):
      return "cannot save state file \(path): \(reason); the previous file is intact, retrying on the next change"
    case .journalTornLine(let path, let line):
      return "journal \(path): line \(line) was cut short by a crash and was dropped"
    case .journalUnknownType(let path, let line, let typeName, let movedTo):
      return "journal \(path), line \(line): unknown type '\(typeName)'; nothing from this line on was applied\(aside(movedTo))"
    case .journalUndecodableLine(let path, let line, let reason, let movedTo):
      return "journal \(path), line \(line): \(reason); nothing from this line on was applied\(aside(movedTo))"
    case .journalFileFailed(let path, let reason):
      return "journal \(path): \(reason)"
    }
  }
}

extension PersistenceError {
  /// The same journal error, naming where the file was moved.
  func movedAside(to movedTo: String?) -> PersistenceError {
    switch self {
    case .journalUnknownType(let path, let line, let typeName, _):
      return .journalUnknownType(path: path, line: line, typeName: typeName, movedTo: movedTo)
    case .journalUndecodableLine(let path, let line, let reason, _):
      return .journalUndecodableLine(path: path, line: line, reason: reason, movedTo: movedTo)
    default:
      return self
    }
  }
}
