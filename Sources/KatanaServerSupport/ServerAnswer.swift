package import HTTPTypes

/// What a server of the package answers to a request: a status, headers and a short body. One
/// type for every answer, written either through Hummingbird (an ordinary response) or, for a
/// refusal made before Hummingbird has a request (budget, deadline, head limits, a refused
/// upgrade), as raw bytes by the connection guard, so both paths say the same thing.
///
/// A value: safe to use from any thread.
package struct ServerAnswer: Sendable {
  package var status: HTTPResponse.Status
  /// Headers besides `Content-Length`, which is always the body's.
  package var headers: HTTPFields
  package var body: [UInt8]
  /// Whether the connection closes after this answer (every refusal).
  package var closesConnection: Bool

  package init(status: HTTPResponse.Status, headers: HTTPFields = [:], body: [UInt8] = [], closesConnection: Bool = false) {
    self.status = status
    self.headers = headers
    self.body = body
    self.closesConnection = closesConnection
  }

  /// A refusal: a short plain-text answer that closes the connection (403, 404, 405, 408, 413,
  /// 431, 503…). The one way both servers refuse anything.
  package static func refusal(_ status: HTTPResponse.Status, _ text: String) -> ServerAnswer {
    ServerAnswer(
      status: status, headers: [.contentType: "text/plain; charset=utf-8", .connection: "close"],
      body: Array((text + "\n").utf8), closesConnection: true)
  }

  /// The headers every page and file of both servers carries: never cached, never sniffed, never
  /// framed by another site (clickjacking), and no referrer (the first load's address carries the
  /// token).
  package static let protectiveHeaders: HTTPFields = [
    .cacheControl: "no-store",
    HTTPField.Name("X-Content-Type-Options")!: "nosniff",
    HTTPField.Name("X-Frame-Options")!: "DENY",
    HTTPField.Name("Referrer-Policy")!: "no-referrer",
  ]

  /// An embedded file (the servers read nothing from disk), for GET and HEAD only (405
  /// otherwise), with ``protectiveHeaders`` and `contentSecurityPolicy`.
  ///
  /// - Parameters:
  ///   - bytes: the file.
  ///   - type: its `Content-Type`.
  ///   - contentSecurityPolicy: the `Content-Security-Policy` header's value; it must carry
  ///     `frame-ancestors 'none'`.
  ///   - request: the request answered; its method decides between body, no body and 405.
  package static func file(
    _ bytes: [UInt8], type: String, contentSecurityPolicy: String, for request: ServerRequest
  ) -> ServerAnswer {
    guard request.method == "GET" || request.method == "HEAD" else { return .refusal(.methodNotAllowed, "GET only") }
    var headers = protectiveHeaders
    headers[.contentType] = type
    headers[HTTPField.Name("Content-Security-Policy")!] = contentSecurityPolicy
    var answer = ServerAnswer(status: .ok, headers: headers, body: bytes)
    answer.omitsBody = request.method == "HEAD"
    return answer
  }

  /// For HEAD: `Content-Length` tells the body's size, but no body is sent.
  package var omitsBody = false

  /// The response head Hummingbird writes.
  package var responseHead: HTTPResponse {
    var fields = headers
    fields[.contentLength] = String(body.count)
    return HTTPResponse(status: status, headerFields: fields)
  }

  /// The whole answer as HTTP/1.1 bytes, for the connection guard to write itself.
  package var bytes: [UInt8] {
    var text = "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n"
    for field in responseHead.headerFields { text += "\(field.name.rawName): \(field.value)\r\n" }
    text += "\r\n"
    return Array(text.utf8) + (omitsBody ? [] : body)
  }
}
