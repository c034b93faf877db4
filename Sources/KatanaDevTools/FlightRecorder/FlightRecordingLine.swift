/// The shapes of a flight recording's lines. Every line is a KatanaPersistence journal line
/// (`sequence`, `time`, `type`, `item`), so journal tools read it; the recorder adds fields a
/// journal reader ignores.
///
/// ```
/// {"item":{"capacity":200,"droppedBefore":0,"format":"katana-devtools-flight-recording","state":{…},"stateType":"…","version":1},"sequence":0,"time":…,"type":"katana.flightRecording"}
/// {"item":{"title":"milk"},"sequence":1,"time":…,"type":"todos.add","callSite":{…},"kind":"updater","replayable":true}
/// {"sequence":2,"time":…,"type":"TodosCore.Save","callSite":{…},"kind":"sideEffect","replayable":false}
/// ```
enum FlightRecordingLine {
  /// The first line's `type`.
  static let headerType = "katana.flightRecording"
  /// The header's `format`.
  static let format = "katana-devtools-flight-recording"
  /// The version this library writes and reads.
  static let version = 1
}

/// The first line: what the recording is, and the state before its oldest item.
struct FlightRecordingHeaderLine<StateValue: Codable>: Codable {
  struct Header: Codable {
    var format: String
    var version: Int
    var stateType: String
    var capacity: Int
    /// The state before the oldest item in the file (redacted); `nil` until the first updater.
    var state: StateValue?
    /// Items dropped before the oldest one in the file (the window moved on, or the writer fell
    /// behind).
    var droppedBefore: Int
  }
  var sequence: Int
  var time: Double
  var type: String
  var item: Header
}

/// Only the header's identifying fields, read first to say what is wrong before the state.
struct FlightRecordingHeaderProbe: Decodable {
  struct Header: Decodable {
    var format: String
    var version: Int
    var stateType: String
  }
  var type: String
  var item: Header?
}

/// The fields the recorder adds to a journal line.
struct FlightRecordingLineExtras: Codable {
  var callSite: DevToolsCallSite?
  var kind: String
  var error: String?
  /// Whether `item` holds the encoded updater, under its registered name in `type`.
  var replayable: Bool
}

/// An item line's own fields: what the writer puts on a line that carries no encoded item (a
/// side effect, an unregistered or failed updater), and what the reader takes from every item
/// line.
struct FlightRecordingItemLine: Codable {
  var sequence: Int
  var time: Double
  var type: String
  var callSite: DevToolsCallSite?
  var kind: String
  var error: String?
  var replayable: Bool
}
