/// Why the terminal could not be set up or driven.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Standard input or output is not a terminal (e.g. piped); a full-screen app needs one.
  case notATerminal
  /// Another ``TerminalSession`` is active in this process; there is only one terminal.
  case sessionAlreadyActive
  /// A system call failed; `errno` is its error number.
  case systemCall(String, errno: Int32)

  /// A sentence a person can act on.
  public var description: String {
    switch self {
    case .notATerminal:
      "standard input and output must be a terminal (run the app directly, not through a pipe)"
    case .sessionAlreadyActive:
      "a terminal session is already active in this process"
    case .systemCall(let name, let errno):
      "\(name) failed with errno \(errno)"
    }
  }
}
