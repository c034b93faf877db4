/// Why the checker could not run.
public enum GuidelinesError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A target or context folder that does not exist or is not a folder.
  case notADirectory(String)
  /// A source file that could not be read (its path).
  case unreadableFile(String)
  /// A configuration file that could not be read or decoded (its path, and why).
  case invalidConfiguration(path: String, reason: String)
  /// The command line was wrong (what is wrong).
  case usage(String)

  /// A message a person can act on.
  public var description: String {
    switch self {
    case .notADirectory(let path): "'\(path)' is not a folder"
    case .unreadableFile(let path): "cannot read '\(path)'"
    case .invalidConfiguration(let path, let reason): "invalid configuration '\(path)': \(reason)"
    case .usage(let problem): problem
    }
  }
}
