import Foundation

/// A small RFC 6455 client for the tests: it speaks to the server over a real loopback socket,
/// sends masked frames, and can send what browsers never would (bad origins, huge or binary
/// messages). Shared by the tests of the package's two servers (KatanaWeb's and DevTools').
package final class TestWebSocketClient: Sendable {
  /// A frame read from the server.
  package struct Frame: Equatable {
    package var opcode: UInt8
    package var payload: [UInt8]

    package init(opcode: UInt8, payload: [UInt8]) {
      self.opcode = opcode
      self.payload = payload
    }

    package var text: String { String(decoding: payload, as: UTF8.self) }
    /// The close code of a close frame.
    package var closeCode: UInt16? {
      opcode == 0x8 && payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil
    }
  }

  package enum ClientError: Error, Equatable {
    case handshakeRefused(status: Int)
    case timedOut
    case unexpected(String)
  }

  package let socket: TestSocket

  private init(socket: TestSocket) {
    self.socket = socket
  }

  /// Opens a WebSocket on `path` (with its query); throws
  /// ``ClientError/handshakeRefused(status:)`` for any answer but 101. The default origin is the
  /// server's own, `http://127.0.0.1:PORT`; `nil` sends none. `host` is the `Host` header
  /// (`127.0.0.1:PORT` by default); `headers` are more header lines (`"Cookie: …"`).
  package static func connect(
    port: UInt16, path: String = "/", origin: String? = "default", host: String? = nil, headers: [String] = []
  ) async throws -> TestWebSocketClient {
    let socket = try await TestSocket.connect(port: port)
    let request = upgradeRequest(port: port, path: path, origin: origin, host: host, headers: headers)
    try await socket.write(Data(request.utf8))
    let status = try await readStatus(socket)
    guard status == 101 else {
      socket.close()
      throw ClientError.handshakeRefused(status: status)
    }
    return TestWebSocketClient(socket: socket)
  }

  /// The upgrade request ``connect(port:path:origin:host:headers:)`` sends, through its blank line.
  package static func upgradeRequest(
    port: UInt16, path: String, origin: String? = "default", host: String? = nil, headers: [String] = []
  ) -> String {
    var request = "GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    for header in headers { request += header + "\r\n" }
    request += "Sec-WebSocket-Key: \(Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString())\r\n"
    request += "Sec-WebSocket-Version: 13\r\n"
    if let origin { request += "Origin: \(origin == "default" ? "http://127.0.0.1:\(port)" : origin)\r\n" }
    return request + "\r\n"
  }

  /// Sends a plain HTTP request and returns the status code, the body and the response's head
  /// (status line and headers, as sent).
  ///
  /// `host` is the `Host` header (`127.0.0.1:PORT` by default); `headers` are more header lines.
  package static func get(
    _ path: String, port: UInt16, method: String = "GET", host: String? = nil, headers: [String] = []
  ) async throws -> (status: Int, body: String, head: String) {
    let socket = try await TestSocket.connect(port: port)
    defer { socket.close() }
    let extra = headers.map { $0 + "\r\n" }.joined()
    try await socket.write(
      Data("\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n\(extra)Connection: close\r\n\r\n".utf8))
    let head = try await readHead(socket)
    let status = statusCode(of: head)
    let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
      .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
    let body = length > 0 && method != "HEAD" ? try await socket.read(bytes: length) : []
    return (status, String(decoding: body, as: UTF8.self), head)
  }

  private static func readHead(_ socket: TestSocket) async throws -> String {
    var bytes: [UInt8] = []
    while !bytes.ends(with: [13, 10, 13, 10]) {
      bytes.append(try await socket.read())
      if bytes.count > 16_384 { throw ClientError.unexpected("header too long") }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func statusCode(of head: String) -> Int {
    let parts = head.split(separator: " ", maxSplits: 2)
    return parts.count > 1 ? Int(parts[1]) ?? 0 : 0
  }

  private static func readStatus(_ socket: TestSocket) async throws -> Int {
    statusCode(of: try await readHead(socket))
  }

  // MARK: Frames

  package func sendText(_ text: String) async throws {
    try await sendFrame(opcode: 0x1, payload: Array(text.utf8))
  }

  /// Sends one frame, masked as clients must.
  package func sendFrame(opcode: UInt8, payload: [UInt8], fin: Bool = true) async throws {
    var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
    let count = payload.count
    if count <= 125 {
      frame.append(0x80 | UInt8(count))
    } else if count <= 0xFFFF {
      frame.append(0x80 | 126)
      frame += [UInt8(count >> 8), UInt8(count & 0xFF)]
    } else {
      frame.append(0x80 | 127)
      frame += (0..<8).reversed().map { UInt8((count >> ($0 * 8)) & 0xFF) }
    }
    let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
    frame += mask
    frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    try await socket.write(Data(frame))
  }

  /// Reads the next frame; fails after `limit`, so a broken server fails the test instead of
  /// hanging it.
  package func receive(within limit: Duration = patience) async throws -> Frame {
    let socket = socket
    return try await Self.within(limit) {
      let head = try await socket.read(bytes: 2)
      var length = Int(head[1] & 0x7F)
      if length == 126 {
        let bytes = try await socket.read(bytes: 2)
        length = Int(bytes[0]) << 8 | Int(bytes[1])
      } else if length == 127 {
        length = try await socket.read(bytes: 8).reduce(0) { $0 << 8 | Int($1) }
      }
      let payload = length > 0 ? try await socket.read(bytes: length) : []
      return Frame(opcode: head[0] & 0x0F, payload: payload)
    }
  }

  /// Runs `operation`; throws ``ClientError/timedOut`` if it has not finished after `limit`
  /// (then cancelled), so a broken server fails the test instead of hanging it. The timer is a
  /// bound, not a delay: an operation that finishes returns at once.
  package static func within<T: Sendable>(
    _ limit: Duration, _ operation: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
      group.addTask { try await operation() }
      group.addTask {
        try await Task.sleep(for: limit)
        return nil
      }
      defer { group.cancelAll() }
      guard let value = try await group.next() ?? nil else { throw ClientError.timedOut }
      return value
    }
  }

  /// Reads frames until a text message, which it returns.
  package func receiveText() async throws -> String {
    while true {
      let frame = try await receive()
      if frame.opcode == 0x1 { return frame.text }
      if frame.opcode == 0x8 { throw ClientError.unexpected("closed with \(frame.closeCode ?? 0)") }
    }
  }

  /// Reads frames until a close frame, and returns its code.
  package func receiveClose() async throws -> UInt16? {
    while true {
      let frame = try await receive()
      if frame.opcode == 0x8 { return frame.closeCode }
    }
  }

  package func close() {
    socket.close()
  }
}

extension Array where Element: Equatable {
  fileprivate func ends(with suffix: [Element]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}
