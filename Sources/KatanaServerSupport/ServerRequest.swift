import Foundation
package import HTTPTypes

/// A request as the package's servers see it once Hummingbird has parsed its head: the method,
/// the path, the query items and the headers. Access checks and routes read only this.
///
/// A value: safe to use from any thread.
package struct ServerRequest: Sendable {
  /// `GET`, `HEAD`, `POST`…
  package var method: String
  /// The path, without the query (`/`, `/todos/3`).
  package var path: String
  /// The query's items in order, percent-decoded (`token=…`); a name may repeat.
  package var query: [(name: String, value: String)]
  /// The headers, read case-insensitively with ``header(_:)``.
  package var headers: HTTPFields

  /// The `Host` header (HTTP types keep it apart, as the authority).
  package var host: String?

  /// A request with `target` (path and query, as on the request line) and `host`.
  package init(method: String, target: String, host: String?, headers: HTTPFields) {
    self.method = method
    self.host = host
    self.headers = headers
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    path = parts.first.map(String.init) ?? "/"
    query = parts.count > 1 ? Self.items(of: parts[1]) : []
  }

  /// The value of the header `name` (several joined with `, `), `nil` when absent; `Host` is
  /// ``host``.
  package func header(_ name: String) -> String? {
    if name.lowercased() == "host" { return host }
    guard let field = HTTPField.Name(name) else { return nil }
    return headers[field]
  }

  /// Whether the request asks for a WebSocket.
  package var isUpgrade: Bool { header("Upgrade")?.lowercased() == "websocket" }

  /// Whether the head announces a body (`Content-Length` above 0, or `Transfer-Encoding`): the
  /// servers answer GET and HEAD only, and never read one.
  package var announcesBody: Bool {
    if header("Transfer-Encoding") != nil { return true }
    guard let length = header("Content-Length") else { return false }
    return length.trimmingCharacters(in: [" ", "\t"]) != "0"
  }

  private static func items(of query: Substring) -> [(name: String, value: String)] {
    query.split(separator: "&").map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let decode = { (text: Substring) in
        String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
      }
      return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
    }
  }
}
