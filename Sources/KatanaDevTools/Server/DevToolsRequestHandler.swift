import FlyingFox
import Foundation
import KatanaServerSupport

/// Answers every HTTP request of a ``DevToolsServer``: 403 without an allowed `Host` and the
/// token (and, for the upgrade, the page's `Origin`), then the page, its script, its styles or
/// the WebSocket upgrade, and 404 for any other path.
struct DevToolsRequestHandler: HTTPHandler {
  let context: DevToolsServerContext

  /// No inline script or style, nothing from elsewhere, no framing, no form posts.
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
    + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    if let refusal = context.requestGuard.refusal(for: request, port: context.listeningPort) { return refusal }
    guard let resource = DevToolsProtocol.Resource(path: request.path) else {
      context.count { $0.notFound += 1 }
      return .plainText(.notFound, "not found")
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
    guard RequestGuard.isUpgrade(request) else { return .plainText(.upgradeRequired, "WebSocket only") }
    let context = context
    return try await context.requestGuard.upgrade(request, limit: context.configuration.maximumConnections) { slot in
      DevToolsSocketHandler(context: context, slot: slot)
    }
  }
}
