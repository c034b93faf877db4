// Only with the DevToolsServer trait (on by default; see Package.swift).
#if DevToolsServer
import HTTPTypes
import KatanaServerSupport

/// Routes every HTTP request of a ``DevToolsServer`` that passed the skeleton's checks (an
/// allowed `Host`, the token, and for the upgrade the page's `Origin`): the page, its script, its
/// styles or the WebSocket, and 404 for any other path.
struct DevToolsRequestHandler: ServerSite {
  let context: DevToolsServerContext

  /// No inline script or style, nothing from elsewhere, no framing, no form posts.
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
    + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

  func route(_ request: ServerRequest, port: UInt16) -> SiteRoute {
    guard let resource = DevToolsProtocol.Resource(path: request.path) else {
      context.count { $0.notFound += 1 }
      return .answer(.refusal(.notFound, "not found"))
    }
    switch resource {
    case .page: return .answer(file(context.page, type: "text/html; charset=utf-8", for: request))
    case .script: return .answer(file(context.script, type: "text/javascript; charset=utf-8", for: request))
    case .styles: return .answer(file(context.styles, type: "text/css; charset=utf-8", for: request))
    case .socket: return .socket
    }
  }

  private func file(_ bytes: [UInt8], type: String, for request: ServerRequest) -> ServerAnswer {
    .file(bytes, type: type, contentSecurityPolicy: Self.contentSecurityPolicy, for: request)
  }

  var maximumConnections: Int { context.configuration.maximumConnections }
  var maximumPendingMessages: Int { context.configuration.maximumPendingMessages }

  func openSession(output: SocketOutput) async -> any SocketSession {
    await DevToolsSocketHandler.open(context: context, output: output)
  }

  func countClosedForAbuse() {
    context.count { $0.connectionsClosedForAbuse += 1 }
  }

  func countDroppedForSlowness() {
    context.count { $0.connectionsDroppedForSlowness += 1 }
  }
}
#endif
