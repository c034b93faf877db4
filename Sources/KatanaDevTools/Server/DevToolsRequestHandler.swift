import FlyingFox
import Foundation
import KatanaServerSupport

/// Answers every HTTP request of a ``DevToolsServer``: 404 for an unknown path, then 403 without
/// the token, then the page, its script, its styles or the WebSocket upgrade.
struct DevToolsRequestHandler: HTTPHandler {
  let context: DevToolsServerContext

  /// No inline script or style, nothing from elsewhere, no framing, no form posts.
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
    + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let resource = DevToolsProtocol.Resource(path: request.path) else {
      context.count { $0.notFound += 1 }
      return .plainText(.notFound, "not found")
    }
    guard context.acceptsToken(in: request.query) else {
      context.count { $0.refusedForToken += 1 }
      return .plainText(.forbidden, "forbidden")
    }
    switch resource {
    case .page: return file(context.page, type: "text/html; charset=utf-8", for: request)
    case .script: return file(context.script, type: "text/javascript; charset=utf-8", for: request)
    case .styles: return file(context.styles, type: "text/css; charset=utf-8", for: request)
    case .socket: return try await upgrade(request)
    }
  }

  private func file(_ bytes: [UInt8], type: String, for request: HTTPRequest) -> HTTPResponse {
    // The token is in the page's URL: no referrer may carry it away.
    .embeddedFile(
      bytes, type: type, contentSecurityPolicy: Self.contentSecurityPolicy,
      extraHeaders: [HTTPHeader("Referrer-Policy"): "no-referrer"], for: request)
  }

  private func upgrade(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard request.headers[.upgrade]?.lowercased() == "websocket" else {
      return .plainText(.upgradeRequired, "WebSocket only")
    }
    guard context.acceptsOrigin(request.headers[HTTPHeader("Origin")], host: request.headers[.host]) else {
      context.count { $0.refusedForOrigin += 1 }
      return .plainText(.forbidden, "origin not allowed")
    }
    guard let slot = context.reserveConnection() else {
      return .plainText(.serviceUnavailable, "too many connections")
    }
    let handler = WebSocketHTTPHandler(handler: DevToolsSocketHandler(context: context, slot: slot))
    let response = try await handler.handleRequest(request)
    // A refused handshake (bad key or version) never opens the connection that frees the slot.
    if response.statusCode != .switchingProtocols { slot.release() }
    return response
  }
}
