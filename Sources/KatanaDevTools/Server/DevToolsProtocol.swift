// Only with the DevToolsServer trait (on by default; see Package.swift).
#if DevToolsServer
/// The paths and the WebSocket protocol between the DevTools server and its page.
///
/// ## Paths
///
/// Every path, known or not, needs an allowed `Host` and the token as its only `token` query
/// item; a missing, wrong or prefix token gets 403 and nothing else. With the token, any other
/// path is 404. Nothing is read from disk.
///
/// | Path            | What                                                           |
/// |-----------------|----------------------------------------------------------------|
/// | `/`             | the page (HTML)                                                |
/// | `/devtools.js`  | its script                                                     |
/// | `/devtools.css` | its styles                                                     |
/// | `/socket`       | the WebSocket (the `Origin` must be the page's, 403 otherwise) |
///
/// ## Messages, server → page
///
/// JSON objects with a `type`:
///
/// ```json
/// {"type":"hello","version":2,"status":STATUS,"items":[ITEM…]}
/// {"type":"items","status":STATUS,"items":[ITEM…]}
/// {"type":"diff","id":12,"changes":[{"path":"counter","old":"1","new":"2"}]}
/// {"type":"state","id":12,"json":"{\"counter\":2}"}
/// {"type":"exported","file":"{…the session file…}"}
/// {"type":"exportedTest","file":"// Exported by Katana DevTools…(Swift source)"}
/// {"type":"imported","count":40}
/// {"type":"pinned","path":"todos[3].title","ids":[4,9]}
/// {"type":"error","message":"item 3 is not recorded…","command":"diff"}
/// ```
///
/// - `hello` comes first on every connection, with every recorded item, and again after an
///   `import` (the page replaces its list with it).
/// - `items` batches carry the items recorded since the last batch (by `sequence`, possibly none)
///   and the status; one is sent per conflated change signal of the source, never one per item,
///   and one answers every `jump`, `live`, `pause` and `resume` (even when nothing changed), so
///   the page knows when its command was handled.
///   A page keeps at most `status.capacity` items.
/// - STATUS is `{"capacity","dropped","latestSequence","paused","travelingTo"?,"replayMismatches"?}` and ITEM is
///   `{"id","sequence","type","kind","parent"?,"waitMicroseconds","durationMicroseconds"?,
///   "error"?,"changedState","time","callSite"?}` (``DevToolsStatus`` and ``DevToolsItemSummary``;
///   `callSite` is `{"file","line","function"}`, ``DevToolsCallSite``); absent
///   optional fields are left out. Items come in recording order (`sequence`); commands, `parent`
///   and `travelingTo` name items by `id`.
/// - `json`, `file`, `old` and `new` are JSON texts inside strings; `old` is absent for an added
///   path and `new` for a removed one.
/// - `error` answers any refused message; `command` is absent when the message named none.
///
/// ## Messages, page → server
///
/// ```json
/// {"token":"…","command":"diff","id":12}
/// {"token":"…","command":"state","id":12}
/// {"token":"…","command":"jump","id":12}
/// {"token":"…","command":"live"}
/// {"token":"…","command":"pause"}
/// {"token":"…","command":"resume"}
/// {"token":"…","command":"export"}
/// {"token":"…","command":"exportTest"}
/// {"token":"…","command":"import","session":"{…the session file's text…}"}
/// {"token":"…","command":"pin","path":"todos[3].title"}
/// ```
///
/// Each runs the matching ``DevToolsSource`` method. Every command carries the token (the socket
/// URL's token is not enough: a command is refused without it). A message that is not such an
/// object is refused with an `error`, counted, and after
/// ``DevToolsServer/Configuration/maximumRejectedMessages`` of them the connection is closed
/// (1008); one over ``DevToolsServer/Configuration/maximumMessageBytes`` closes it at once (1009).
enum DevToolsProtocol {
  /// The protocol version, sent in `hello`; it changes whenever a message changes shape.
  static let version = 2

  /// What the server answers, by path.
  enum Resource: Equatable {
    case page
    case script
    case styles
    case socket

    init?(path: String) {
      switch path {
      case "/": self = .page
      case "/devtools.js": self = .script
      case "/devtools.css": self = .styles
      case "/socket": self = .socket
      default: return nil
      }
    }
  }
}
#endif
