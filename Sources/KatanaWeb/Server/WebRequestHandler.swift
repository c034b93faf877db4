import FlyingFox
import KatanaServerSupport
import KatanaSupport
import Foundation

/// Answers every HTTP request of a ``WebServer``: 403 without an allowed `Host` and the token
/// (and, for an upgrade, the page's `Origin`), then the page (on `/` and on every app path, see
/// ``WebProtocol/isAppPath(_:)``), its script, the WebSocket upgrade on the page's path, and 404
/// for anything else. Nothing is ever read from disk.
struct WebRequestHandler: HTTPHandler {
  let context: WebServerContext

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    let port = context.listeningPort
    if let refusal = context.requestGuard.refusal(for: request, port: port) { return refusal }
    switch request.path {
    case WebProtocol.pagePath where RequestGuard.isUpgrade(request):
      let context = context
      return try await context.requestGuard.upgrade(request, limit: context.configuration.maximumConnections) { slot in
        WebSocketSessionHandler(context: context, slot: slot)
      }
    case let path where path == WebProtocol.pagePath || WebProtocol.isAppPath(path):
      // `/`, or a link into the app (`/todos/3`): the same page, which tells the app where it is.
      // Either may be the first load, with the token in its address.
      var response = file(context.page, type: "text/html; charset=utf-8", for: request)
      if let token = context.configuration.token, let port, context.requestGuard.policy.tokenCameInQuery(request) {
        // The page's later requests (script, WebSocket, reloads) carry the token in this cookie,
        // so the page can drop it from its address.
        response.headers[HTTPHeader("Set-Cookie")] =
          "\(AccessPolicy.cookieName(port: port))=\(token); Path=/; HttpOnly; SameSite=Strict"
      }
      return response
    case WebProtocol.scriptPath:
      return file(context.script, type: "text/javascript; charset=utf-8", for: request)
    default:
      context.statistics.withLock { $0.notFound += 1 }
      return Self.plain(.notFound, "not found")
    }
  }

  private func file(_ bytes: [UInt8], type: String, for request: HTTPRequest) -> HTTPResponse {
    // The first load's address carries the token: no referrer may carry it away.
    .embeddedFile(
      bytes, type: type,
      contentSecurityPolicy:
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self' ws: wss:",
      extraHeaders: [HTTPHeader("Referrer-Policy"): "no-referrer"], for: request)
  }

  static func plain(_ status: HTTPStatusCode, _ text: String) -> HTTPResponse {
    .plainText(status, text)
  }
}
