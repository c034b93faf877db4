/// Why a file cannot be imported into DevTools: it is read as a session or, when its first line
/// says so, as a flight recording.
enum DevToolsImportError: Error, Sendable, CustomStringConvertible {
  case session(DevToolsSessionError)
  case flightRecording(DevToolsFlightRecordingError)

  var description: String {
    switch self {
    case .session(let error): error.description
    case .flightRecording(let error): error.description
    }
  }
}
