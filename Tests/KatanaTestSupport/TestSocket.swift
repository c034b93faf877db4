package import Foundation
import NIOCore
import NIOPosix

/// A plain TCP connection to a server on loopback, for the tests of both servers: it writes
/// whatever bytes a test wants (half-sent requests, bad frames) and reads what comes back. A
/// SwiftNIO channel underneath, so waiting for bytes never blocks a thread.
///
/// Threading: an actor; ``write(_:)`` and ``close()`` may be called from anywhere, concurrently
/// with a read.
package actor TestSocket {
  package enum SocketError: Error, Equatable {
    /// The server closed the connection (or reset it) before the bytes asked for arrived.
    case closed
  }

  /// How long a loopback connect may take, in seconds: a patience for a loaded machine (two TSan
  /// test runs at once), not a delay; a connect that succeeds returns at once.
  package static let loopbackConnectPatience: Int64 = 30

  private let channel: any Channel
  private var incoming: AsyncStream<[UInt8]>.AsyncIterator
  private var pending: [UInt8] = []

  private init(channel: any Channel, incoming: AsyncStream<[UInt8]>) {
    self.channel = channel
    self.incoming = incoming.makeAsyncIterator()
  }

  /// Connects to `127.0.0.1:port`.
  package static func connect(port: UInt16) async throws -> TestSocket {
    let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self)
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .connectTimeout(.seconds(loopbackConnectPatience))
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(Collector(continuation: continuation))
        }
      }
      .connect(host: "127.0.0.1", port: Int(port)).get()
    return TestSocket(channel: channel, incoming: stream)
  }

  /// Writes `data`; throws once the server closed the connection.
  package nonisolated func write(_ data: Data) async throws {
    try await channel.writeAndFlush(ByteBuffer(bytes: data)).get()
  }

  /// Closes the connection.
  package nonisolated func close() {
    channel.close(promise: nil)
  }

  /// Whatever arrived (at least one byte, at most `count`); throws ``SocketError/closed`` at the
  /// end.
  package func read(atMost count: Int) async throws -> [UInt8] {
    if pending.isEmpty {
      // One reader at a time (the tests read each socket from one task).
      var iterator = incoming
      let next = await iterator.next(isolation: self)
      incoming = iterator
      guard let next else { throw SocketError.closed }
      pending = next
    }
    let taken = Array(pending.prefix(count))
    pending.removeFirst(taken.count)
    return taken
  }

  /// Exactly `count` bytes.
  package func read(bytes count: Int) async throws -> [UInt8] {
    var bytes: [UInt8] = []
    while bytes.count < count { bytes += try await read(atMost: count - bytes.count) }
    return bytes
  }

  /// One byte.
  package func read() async throws -> UInt8 {
    try await read(bytes: 1)[0]
  }

  /// Hands what the channel reads to the socket's stream; ends it when the connection ends.
  private final class Collector: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    let continuation: AsyncStream<[UInt8]>.Continuation

    init(continuation: AsyncStream<[UInt8]>.Continuation) {
      self.continuation = continuation
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      var buffer = unwrapInboundIn(data)
      continuation.yield(buffer.readBytes(length: buffer.readableBytes) ?? [])
    }

    func channelInactive(context: ChannelHandlerContext) {
      continuation.finish()
      context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
      // A reset: what arrived before it stays readable.
      continuation.finish()
      context.close(promise: nil)
    }
  }
}
