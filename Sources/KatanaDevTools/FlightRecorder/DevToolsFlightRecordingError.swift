/// Why a flight recording cannot be opened. Opening never changes the file: a corrupt one stays
/// where it is for a person to look at.
public enum DevToolsFlightRecordingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file cannot be read (missing, permissions).
  case unreadableFile(path: String, reason: String)
  /// The bytes are not a flight recording (empty, or the first line is not its header).
  case notAFlightRecording(reason: String)
  /// Written by a newer version of DevTools.
  case newerVersion(Int)
  /// Recorded from a store of another state type.
  case wrongStateType(found: String, expected: String)
  /// The state in the first line does not decode as this app's state (a redaction rule may
  /// have replaced a value the state needs).
  case undecodableState(reason: String)
  /// A complete line (not the torn last one) is not a recording line.
  case corruptLine(line: Int, reason: String)
  /// A replayable line names an updater the app's registry does not know.
  case unknownUpdater(line: Int, name: String)
  /// A replayable line does not decode as its updater.
  case undecodableEntry(line: Int, reason: String)
  /// Opening into DevTools needs a state, and the recording holds none (no updater ran).
  case noState
  /// DevTools could not replay the recording into its store (detached, released).
  case cannotReplay(reason: String)

  /// What is wrong, in a sentence the DevTools page and the examples show as is.
  public var description: String {
    switch self {
    case .unreadableFile(let path, let reason): "cannot read \(path): \(reason)"
    case .notAFlightRecording(let reason): "not a flight recording: \(reason)"
    case .newerVersion(let version):
      "the flight recording was written by a newer DevTools (version \(version); this one reads up to \(FlightRecordingLine.version))"
    case .wrongStateType(let found, let expected): "the flight recording records \(found), this store holds \(expected)"
    case .undecodableState(let reason): "the recorded state does not decode: \(reason)"
    case .corruptLine(let line, let reason): "flight recording line \(line) is corrupt: \(reason)"
    case .unknownUpdater(let line, let name): "flight recording line \(line): updater \"\(name)\" is not registered in this app"
    case .undecodableEntry(let line, let reason): "flight recording line \(line) does not decode: \(reason)"
    case .noState: "the flight recording holds no state to open (no updater ran before it ended)"
    case .cannotReplay(let reason): "cannot replay the flight recording: \(reason)"
    }
  }
}
