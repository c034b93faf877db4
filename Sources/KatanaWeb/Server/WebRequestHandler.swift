import FlyingFox
import KatanaServerSupport
import KatanaSupport
import Foundation

/// Answers every HTTP request of a ``WebServer``: the page (on `/` and on every app path, see
/// ``WebProtocol/isAppPath(_:)``), its script, the WebSocket upgrade on the page's path, and 404
/// for anything else. Nothing is ever read from disk.
struct WebRequestHandler: HTTPHandler {
  let context: WebServerContext

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    switch request.path {
    case WebProtocol.pagePath where request.headers[.upgrade]?.lowercased() == "websocket":
      return try await upgrade(request)
    case WebProtocol.pagePath:
      return file(context.page, type: "text/html; charset=utf-8", for: request)
    case WebProtocol.scriptPath:
      return file(context.script, type: "text/javascript; charset=utf-8", for: request)
    case let path where WebProtocol.isAppPath(path):
      // A link into the app (`/todos/3`): the same page, which tells the app where it is.
      return file(context.page, type: "text/html; charset=utf-8", for: request)
    default:
      context.statistics.withLock { $0.notFound += 1 }
      return Self.plain(.notFound, "not found")
    }
  }

  private func file(_ bytes: [UInt8], type: String, for request: HTTPRequest) -> HTTPResponse {
    .embeddedFile(
      bytes, type: type,
      contentSecurityPolicy:
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self' ws: wss:",
      for: request)
  }

  private func upgrade(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard context.acceptsOrigin(request.headers[HTTPHeader("Origin")], host: request.headers[.host]) else {
      context.statistics.withLock { $0.refusedForOrigin += 1 }
      return Self.plain(.forbidden, "origin not allowed")
    }
    guard let slot = context.reserveConnection() else {
      return Self.plain(.serviceUnavailable, "too many connections")
    }
    let sessions = WebSocketSessionHandler(context: context, slot: slot)
    let handler = WebSocketHTTPHandler(handler: sessions)
    let response = try await handler.handleRequest(request)
    // A refused handshake (bad key or version) never opens the session that would free the slot.
    if response.statusCode != .switchingProtocols { slot.release() }
    return response
  }

  static func plain(_ status: HTTPStatusCode, _ text: String) -> HTTPResponse {
    .plainText(status, text)
  }
}
