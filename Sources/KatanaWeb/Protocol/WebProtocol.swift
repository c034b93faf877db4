/// The constants of the browser protocol, shared by the encoder, the decoder and the page's script.
///
/// Every message is a JSON object whose `v` field is ``version``; a client speaking another
/// version is refused. See the article "Running KatanaUI apps in a browser" for the full shape.
public enum WebProtocol {
  /// The protocol version this server speaks. It changes whenever a message changes shape.
  public static let version = 2

  /// The path of the page.
  public static let pagePath = "/"
  /// The path of the script the page loads.
  public static let scriptPath = "/katana.js"
  /// The path of the WebSocket endpoint: the page's own path, upgraded.
  public static let socketPath = "/"
  /// The path the page asks, after a failed reconnect, whether its token is still good: an empty
  /// `200` when it is; the same `403` as every path when it is not (a server restarted with a
  /// new token), which a page can read where a refused WebSocket upgrade only shows a close
  /// (1006). It has a dot, so it can never be an app path.
  public static let accessCheckPath = "/katana.check"

  /// Whether `path` may name a screen of the app (`/todos/3`, `/settings`): the server answers it
  /// with the page, which reports the path to the app (an app without routes shows its one
  /// screen; an app with routes shows the screen, or its not-found screen). Paths that look like
  /// files or try to climb (a segment with a dot, an empty segment, a percent escape, anything
  /// but letters, digits, `-` and `_`) are 404.
  public static func isAppPath(_ path: String) -> Bool {
    guard path.hasPrefix("/"), path.utf8.count <= 2048 else { return false }
    let segments = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
    if path == "/" { return true }
    return segments.allSatisfy { segment in
      !segment.isEmpty && segment.allSatisfy { byte in
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
          || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
          || byte == UInt8(ascii: "_")
      }
    }
  }

  /// The message acknowledging the page's input up to sequence number `sequence` (the `q` of its
  /// messages): `{"v":2,"ack":41}`. Sent once everything that input caused is rendered, so every
  /// batch showing its effects is already on its way; the page then takes the server's text for
  /// its fields again.
  public static func acknowledgement(upTo sequence: Int) -> [UInt8] {
    Array("{\"v\":\(version),\"ack\":\(sequence)}".utf8)
  }
}
