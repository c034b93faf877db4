/// Why an import or export stopped; the messages are for the person at the keyboard.
public enum TransferError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be opened or read.
  case unreadable(path: String, reason: String)
  /// The file could not be written.
  case unwritable(path: String, reason: String)
  /// The file is bigger than an import takes.
  case tooLarge(path: String, bytes: Int, maximum: Int)
  /// The file is not a notes export (its first line is not the header).
  case notAnExport(path: String)
  /// The export was written by a newer version of the app.
  case unsupportedVersion(path: String, version: Int)
  /// A line is not a note, or the file holds a different count of notes than its header says.
  case badLine(path: String, line: Int, reason: String)
  /// Export refuses to replace a file that is not a notes export.
  case wouldReplace(path: String)
  /// An import or export is already running.
  case alreadyRunning

  public var description: String {
    switch self {
    case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
    case .unwritable(let path, let reason): "cannot write \(path): \(reason)"
    case .tooLarge(let path, let bytes, let maximum):
      "\(path) has \(bytes) bytes; an import takes at most \(maximum)"
    case .notAnExport(let path): "\(path) is not a notes export (its first line is not the header)"
    case .unsupportedVersion(let path, let version):
      "\(path) is a version \(version) export; this app reads version 1"
    case .badLine(let path, let line, let reason): "\(path), line \(line): \(reason)"
    case .wouldReplace(let path): "\(path) exists and is not a notes export: pick another file"
    case .alreadyRunning: "an import or export is already running"
    }
  }
}
