package import FlyingFox
import Foundation

extension HTTPResponse {
  /// A short plain-text answer that closes the connection (refusals: 403, 404, 405, 503…).
  package static func plainText(_ status: HTTPStatusCode, _ text: String) -> HTTPResponse {
    HTTPResponse(
      statusCode: status, headers: [.contentType: "text/plain; charset=utf-8", .connection: "close"],
      body: Data(text.utf8))
  }

  /// An embedded file (the servers read nothing from disk), for GET and HEAD only (405
  /// otherwise), never cached or sniffed, under `contentSecurityPolicy`.
  ///
  /// - Parameters:
  ///   - bytes: the file.
  ///   - type: its `Content-Type`.
  ///   - contentSecurityPolicy: the `Content-Security-Policy` header's value.
  ///   - extraHeaders: more headers (`Referrer-Policy`, say).
  ///   - request: the request answered; its method decides between body, no body and 405.
  package static func embeddedFile(
    _ bytes: [UInt8], type: String, contentSecurityPolicy: String, extraHeaders: [HTTPHeader: String] = [:],
    for request: HTTPRequest
  ) -> HTTPResponse {
    guard request.method == .GET || request.method == .HEAD else { return plainText(.methodNotAllowed, "GET only") }
    var headers: HTTPHeaders = [
      .contentType: type,
      .cacheControl: "no-store",
      HTTPHeader("X-Content-Type-Options"): "nosniff",
      HTTPHeader("Content-Security-Policy"): contentSecurityPolicy,
    ]
    for (name, value) in extraHeaders { headers[name] = value }
    if request.method == .HEAD { headers[.contentLength] = String(bytes.count) }
    return HTTPResponse(statusCode: .ok, headers: headers, body: request.method == .HEAD ? Data() : Data(bytes))
  }
}
