/// Why a flight recorder stopped writing. It stops at its first failure rather than leave holes
/// in the file, which keeps what it had written.
public enum DevToolsFlightRecorderError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file at the recorder's path could not be moved out of the way at start-up.
  case cannotSetAside(path: String, reason: String)
  /// Writing the file failed (disk full, permissions, a missing folder).
  case writeFailed(path: String, reason: String)
  /// The state or an item did not encode.
  case encodingFailed(String)

  /// What went wrong, in a sentence a person can act on.
  public var description: String {
    switch self {
    case .cannotSetAside(let path, let reason): "flight recorder: cannot move the earlier file \(path) aside: \(reason)"
    case .writeFailed(let path, let reason): "flight recorder: cannot write \(path): \(reason)"
    case .encodingFailed(let reason): "flight recorder: cannot encode: \(reason)"
    }
  }
}
