import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an attacker does to the package's servers from a plain socket, for the tests of both
/// (KatanaWeb's and DevTools'): each returns what the attacker saw, and the tests check it and
/// the server's counters.
package enum ServerAttacks {
  /// Raises this process's open-file limit to at least `count` (up to the hard limit), so that a
  /// test can hold a thousand sockets on a runner whose default is 1024.
  package static func ensureOpenFiles(_ count: Int) {
    #if os(Linux)
      let resource = Int32(RLIMIT_NOFILE.rawValue)
    #else
      let resource = RLIMIT_NOFILE
    #endif
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0, limit.rlim_cur < rlim_t(count) else { return }
    limit.rlim_cur = min(rlim_t(count), limit.rlim_max)
    _ = setrlimit(resource, &limit)
  }

  /// Opens a connection to `127.0.0.1:port`.
  package static func connect(port: UInt16) async throws -> TestSocket {
    try await TestSocket.connect(port: port)
  }

  /// Opens `count` connections that each send the start of a request and never finish it.
  package static func openHalfRequests(port: UInt16, count: Int) async throws -> [TestSocket] {
    var sockets: [TestSocket] = []
    for index in 0..<count {
      let socket = try await connect(port: port)
      // On a machine loaded enough that the server's deadline passed between the connect and
      // this write, the server already answered and closed: the socket is kept, its answer read.
      try? await socket.write(Data("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Half: \(index)\r\n".utf8))
      sockets.append(socket)
    }
    return sockets
  }

  /// Where a client leaves a WebSocket upgrade when it hangs up: the tests check that the server
  /// gives back the socket and the WebSocket slot such a client held, whichever it was.
  package enum UpgradeHangUp: CaseIterable, Sendable {
    /// In the upgrade request's head, before its blank line.
    case midHead
    /// In the body an upgrade request announced (`Content-Length: 1000`, 100 bytes sent).
    case midBody
    /// Right after a whole upgrade request, before reading the server's answer.
    case beforeSwitching
    /// Upgraded, in a frame: a header announcing 1,000 payload bytes, and 10 of them.
    case midFrame
    /// Upgraded, in a message: its first fragment (a text frame without FIN), never continued.
    case midMessage
  }

  /// Opens a connection that starts a WebSocket upgrade on `path` and stops where `hangUp` says;
  /// the caller hangs up (``TestSocket/close()``).
  package static func openUpgrade(port: UInt16, path: String, stoppingAt hangUp: UpgradeHangUp) async throws -> TestSocket {
    switch hangUp {
    case .midHead, .midBody, .beforeSwitching:
      let socket = try await connect(port: port)
      let request = TestWebSocketClient.upgradeRequest(port: port, path: path)
      let bytes =
        switch hangUp {
        case .midHead: Data(request.utf8.dropLast(2))
        case .midBody: Data(request.utf8.dropLast(2)) + Data("Content-Length: 1000\r\n\r\n".utf8) + Data(count: 100)
        default: Data(request.utf8)
        }
      try await socket.write(bytes)
      return socket
    case .midFrame:
      let client = try await TestWebSocketClient.connect(port: port, path: path)
      // Masked binary frame, 16-bit length 1000, mask, then 10 of the 1,000 bytes.
      try await client.socket.write(Data([0x82, 0x80 | 126, 0x03, 0xE8, 1, 2, 3, 4] + [UInt8](repeating: 0x61, count: 10)))
      return client.socket
    case .midMessage:
      let client = try await TestWebSocketClient.connect(port: port, path: path)
      try await client.sendFrame(opcode: 0x1, payload: Array("{\"v\":2,".utf8), fin: false)
      return client.socket
    }
  }

  /// Reads until the server closes the connection and returns what it sent; throws
  /// `TestWebSocketClient.ClientError.timedOut` after `limit` (a broken server fails the test
  /// instead of hanging it).
  package static func readUntilClosed(_ socket: TestSocket, within limit: Duration = patience) async throws -> [UInt8] {
    try await TestWebSocketClient.within(limit) {
      var bytes: [UInt8] = []
      while true {
        do {
          bytes += try await socket.read(atMost: 4096)
        } catch {
          return bytes
        }
      }
    }
  }

  /// Reads an answer's head (through its blank line) and returns it; throws
  /// `TestWebSocketClient.ClientError.timedOut` after `limit`, and `TestSocket.SocketError.closed`
  /// if the server closes first.
  package static func readHead(_ socket: TestSocket, within limit: Duration = patience) async throws -> [UInt8] {
    try await TestWebSocketClient.within(limit) {
      var bytes: [UInt8] = []
      while bytes.count < 4 || Array(bytes.suffix(4)) != [13, 10, 13, 10] {
        bytes.append(try await socket.read())
      }
      return bytes
    }
  }

  /// The status code of an HTTP answer's first line (0 when there is none).
  package static func status(of answer: [UInt8]) -> Int {
    let line = String(decoding: answer.prefix(40), as: UTF8.self)
    let parts = line.split(separator: " ", maxSplits: 2)
    return parts.count > 1 ? Int(parts[1]) ?? 0 : 0
  }

  /// Opens a WebSocket on `path`, sends a binary frame header announcing 1 GiB, then streams
  /// its payload until the server stops taking it (or all of it went). Returns the payload bytes
  /// written and the close code the server sent, if one arrived before the reset.
  package static func sendHugeFrame(port: UInt16, path: String) async throws -> (written: Int, closeCode: UInt16?) {
    let client = try await TestWebSocketClient.connect(port: port, path: path)
    defer { client.close() }
    let gibibyte = 1 << 30
    let header: [UInt8] = [0x82, 0x80 | 127] + (0..<8).reversed().map { UInt8((gibibyte >> ($0 * 8)) & 0xFF) } + [7, 7, 7, 7]
    try await client.socket.write(Data(header))
    async let closeCode = try? client.receiveClose()
    let chunk = Data(count: 64 * 1024)
    var written = 0
    while written < gibibyte {
      do {
        try await client.socket.write(chunk)
      } catch {
        break
      }
      written += chunk.count
    }
    return (written, await closeCode ?? nil)
  }

  /// Sends one request with `count` headers, streaming them, and returns the server's answer
  /// (whatever arrived before it closed).
  package static func sendManyHeaders(port: UInt16, path: String, count: Int) async throws -> [UInt8] {
    let socket = try await connect(port: port)
    defer { socket.close() }
    async let answer = readUntilClosed(socket)
    var request = Data("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n".utf8)
    do {
      for index in 0..<count {
        request.append(contentsOf: "X-Header-\(index): value\r\n".utf8)
        if request.count > 32 * 1024 {
          try await socket.write(request)
          request.removeAll(keepingCapacity: true)
        }
      }
      request.append(contentsOf: "\r\n".utf8)
      try await socket.write(request)
    } catch {
      // The server refused and closed before the end: that is the point.
    }
    return try await answer
  }
}
