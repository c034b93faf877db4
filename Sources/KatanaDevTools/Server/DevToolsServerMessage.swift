// Only with the DevToolsServer trait (on by default; see Package.swift).
#if DevToolsServer
import Foundation

/// A message from the server to the page (see ``DevToolsProtocol`` for the shapes).
enum DevToolsServerMessage: Sendable {
  case hello(status: DevToolsStatus, items: [DevToolsItemSummary])
  case items(status: DevToolsStatus, items: [DevToolsItemSummary])
  case diff(id: Int, changes: [DevToolsChange])
  case state(id: Int, json: String)
  case exported(file: String)
  case exportedTest(file: String)
  case imported(count: Int)
  case pinned(path: String, ids: [Int])
  case error(message: String, command: String?)

  /// The message as UTF-8 JSON.
  func encoded() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    // A recorder's NaN or infinite duration must not make the whole batch unencodable.
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    do {
      return try encoder.encode(Wire(self))
    } catch {
      // Only strings, integers and the Codable summaries are encoded: this cannot happen, but a
      // page must still hear something rather than nothing.
      return Data(#"{"type":"error","message":"the server could not encode its answer"}"#.utf8)
    }
  }

  /// The flat shape on the wire: absent fields are left out.
  private struct Wire: Encodable {
    var type: String
    var version: Int?
    var status: DevToolsStatus?
    var items: [DevToolsItemSummary]?
    var id: Int?
    var changes: [DevToolsChange]?
    var json: String?
    var file: String?
    var count: Int?
    var path: String?
    var ids: [Int]?
    var message: String?
    var command: String?

    init(_ message: DevToolsServerMessage) {
      switch message {
      case .hello(let status, let items):
        type = "hello"
        version = DevToolsProtocol.version
        self.status = status
        self.items = items
      case .items(let status, let items):
        type = "items"
        self.status = status
        self.items = items
      case .diff(let id, let changes):
        type = "diff"
        self.id = id
        self.changes = changes
      case .state(let id, let json):
        type = "state"
        self.id = id
        self.json = json
      case .exported(let file):
        type = "exported"
        self.file = file
      case .exportedTest(let file):
        type = "exportedTest"
        self.file = file
      case .imported(let count):
        type = "imported"
        self.count = count
      case .pinned(let path, let ids):
        type = "pinned"
        self.path = path
        self.ids = ids
      case .error(let text, let command):
        type = "error"
        self.message = text
        self.command = command
      }
    }
  }
}
#endif
