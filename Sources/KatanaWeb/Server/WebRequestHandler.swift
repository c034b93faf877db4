import HTTPTypes
import KatanaServerSupport
import KatanaSupport

/// Routes every HTTP request of a ``WebServer`` that passed the skeleton's checks (an allowed
/// `Host`, the token, and for an upgrade the page's `Origin`): the page (on `/` and on every app
/// path, see ``WebProtocol/isAppPath(_:)``), its script, the WebSocket upgrade on the page's path,
/// the page's access check (``WebProtocol/accessCheckPath``, an empty 200), and 404 for anything
/// else. Nothing is ever read from disk.
struct WebRequestHandler: ServerSite {
  let context: WebServerContext

  /// The page's paths.
  enum Route: Equatable {
    case page
    case script
    case socket
    case accessCheck

    init?(_ request: ServerRequest) {
      switch request.path {
      case WebProtocol.pagePath where request.isUpgrade: self = .socket
      case let path where path == WebProtocol.pagePath || WebProtocol.isAppPath(path): self = .page
      case WebProtocol.scriptPath: self = .script
      case WebProtocol.accessCheckPath: self = .accessCheck
      default: return nil
      }
    }
  }

  /// No inline script, nothing from elsewhere, never framed by another site (clickjacking).
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self' ws: wss:; "
    + "frame-ancestors 'none'"

  func route(_ request: ServerRequest, port: UInt16) -> SiteRoute {
    guard let route = Route(request) else {
      context.statistics.withLock { $0.notFound += 1 }
      return .answer(.refusal(.notFound, "not found"))
    }
    switch route {
    case .socket:
      return .socket
    case .page:
      // `/`, or a link into the app (`/todos/3`): the same page, which tells the app where it is.
      // Either may be the first load, with the token in its address.
      var answer = ServerAnswer.file(
        context.page, type: "text/html; charset=utf-8", contentSecurityPolicy: Self.contentSecurityPolicy, for: request)
      if let token = context.configuration.token, answer.status == .ok, context.policy.tokenCameInQuery(request) {
        // The page's later requests (script, WebSocket, reloads) carry the token in this cookie,
        // so the page can drop it from its address.
        answer.headers[.setCookie] = "\(AccessPolicy.cookieName(port: port))=\(token); Path=/; HttpOnly; SameSite=Strict"
      }
      return .answer(answer)
    case .script:
      return .answer(
        .file(
          context.script, type: "text/javascript; charset=utf-8", contentSecurityPolicy: Self.contentSecurityPolicy,
          for: request))
    case .accessCheck:
      // Reached only with a good token and host (the skeleton refused the rest with 403): says
      // nothing but that.
      return .answer(
        .file([], type: "text/plain; charset=utf-8", contentSecurityPolicy: Self.contentSecurityPolicy, for: request))
    }
  }

  var maximumConnections: Int { context.configuration.maximumConnections }
  var maximumPendingMessages: Int { context.configuration.maximumPendingMessages }

  func openSession(output: SocketOutput) async -> any SocketSession {
    await WebSocketSessionHandler.open(context: context, output: output)
  }

  func countClosedForAbuse() {
    context.statistics.withLock { $0.connectionsClosedForAbuse += 1 }
  }

  func countDroppedForSlowness() {
    context.statistics.withLock { $0.connectionsDroppedForSlowness += 1 }
  }
}
