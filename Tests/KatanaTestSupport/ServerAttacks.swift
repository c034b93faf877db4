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

  /// Reads until the server closes the connection and returns what it sent; throws
  /// `TestWebSocketClient.ClientError.timedOut` after `seconds` (a broken server fails the test
  /// instead of hanging it).
  package static func readUntilClosed(_ socket: TestSocket, within seconds: Double = 10) async throws -> [UInt8] {
    try await TestWebSocketClient.within(seconds) {
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
