import HTTPTypes
package import NIOCore

/// The first handler of every connection's pipeline, in front of SwiftNIO's HTTP decoder: it
/// holds the limits that must act on raw bytes, before anything is parsed or buffered.
///
/// - **Socket budget**: a new connection is admitted by the ``ConnectionRegistry`` (which may
///   drop the oldest connection still waiting for its head), or answered 503 and closed.
/// - **Request heads**: measured by ``RequestHeadMeter`` (431 over the byte or header-line cap),
///   and due within ``ServerLimits/requestDeadline`` of the connection's opening or of the last
///   answer (408).
/// - **WebSocket frames** after an upgrade: checked on their headers by ``ClientFrameMeter``
///   (1009 over the cap, 1002 against RFC 6455) before any payload is read; every read counts as
///   activity for the idle timeout.
/// - **Refusals** made here or by an upgrade's checks are written as raw bytes; what the client
///   still sends is read and dropped for a moment (at most 1 MiB or 500 ms) so that closing does
///   not reset the connection before the client reads the answer, and nothing else is written.
///
/// Threading: the connection's event loop only (SwiftNIO's rule for handlers); others reach it
/// through `channel.eventLoop.execute`.
package final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
  package typealias InboundIn = ByteBuffer
  package typealias InboundOut = ByteBuffer
  // Outbound data is passed on untouched (never unwrapped), whatever its type.
  package typealias OutboundIn = ByteBuffer
  package typealias OutboundOut = ByteBuffer

  private enum Phase {
    /// Reading a request head, under the deadline.
    case head
    /// The head was read; the request is being answered.
    case answering
    /// An open WebSocket.
    case webSocket
    /// A refusal was written; the connection closes soon.
    case refusing(droppedBytes: Int)
  }

  private let limits: ServerLimits
  private let registry: ConnectionRegistry
  private let counters: ServerCounters
  /// Reads from the client since the upgrade, for the session loop's idle timeout.
  package let activity = ConnectionActivity()
  private var phase = Phase.head
  private var meter: RequestHeadMeter
  private var frames: ClientFrameMeter
  private var deadline: Scheduled<Void>?
  private var context: ChannelHandlerContext?

  private static let lingerTime: TimeAmount = .milliseconds(500)
  /// How much of a refused client's input is read and dropped before the socket is closed. A
  /// close while the client is still sending makes the kernel reset the connection, and a reset
  /// discards the refusal the client has not read yet (a browser then sees 1006, not 1009 with its
  /// reason); 16 MiB covers a message a little over the 8 MiB caps, whose rest a page is sending.
  private static let lingerBytes = 16 * 1024 * 1024

  /// Run when a frame is refused (the server counts the connection as closed for abuse).
  private let onFrameRefused: @Sendable () -> Void

  package init(
    limits: ServerLimits, registry: ConnectionRegistry, counters: ServerCounters,
    onFrameRefused: @escaping @Sendable () -> Void
  ) {
    self.limits = limits
    self.onFrameRefused = onFrameRefused
    self.registry = registry
    self.counters = counters
    meter = RequestHeadMeter(maximumBytes: limits.maximumRequestHeadBytes, maximumHeaders: limits.maximumHeaderCount)
    frames = ClientFrameMeter(maximumFrameBytes: limits.maximumMessageBytes)
  }

  package func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
  }

  package func handlerRemoved(context: ChannelHandlerContext) {
    deadline?.cancel()
    self.context = nil
  }

  package func channelActive(context: ChannelHandlerContext) {
    switch registry.admit(context.channel) {
    case .refused:
      context.fireChannelActive()
      refuse(with: ServerAnswer.refusal(.serviceUnavailable, "too many sockets").bytes, linger: false)
      return
    case .admittedEvicting(let evicted):
      evicted.close(promise: nil)
    case .admitted:
      break
    }
    armDeadline(context: context)
    context.fireChannelActive()
  }

  package func channelInactive(context: ChannelHandlerContext) {
    deadline?.cancel()
    registry.remove(context.channel)
    context.fireChannelInactive()
  }

  package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch phase {
    case .head:
      let buffer = unwrapInboundIn(data)
      let outcome = buffer.withUnsafeReadableBytes { meter.measure($0) }
      switch outcome {
      case .incomplete:
        context.fireChannelRead(data)
      case .complete:
        deadline?.cancel()
        phase = .answering
        registry.setPhase(.busy, of: context.channel)
        context.fireChannelRead(data)
      case .tooLarge:
        counters.count { $0.refusedForRequestLimits += 1 }
        refuse(with: ServerAnswer.refusal(.requestHeaderFieldsTooLarge, "request head too large").bytes)
      case .tooManyHeaders:
        counters.count { $0.refusedForRequestLimits += 1 }
        refuse(with: ServerAnswer.refusal(.requestHeaderFieldsTooLarge, "too many headers").bytes)
      }
    case .answering:
      context.fireChannelRead(data)
    case .webSocket:
      activity.heard()
      let buffer = unwrapInboundIn(data)
      if let refusal = buffer.withUnsafeReadableBytes({ frames.follow($0) }) {
        counters.count { $0.framesRefused += 1 }
        onFrameRefused()
        let reason = Array(refusal.reason.utf8.prefix(120))
        refuse(with: [0x88, UInt8(2 + reason.count), UInt8(refusal.closeCode >> 8), UInt8(refusal.closeCode & 0xFF)] + reason)
        return
      }
      context.fireChannelRead(data)
    case .refusing(let dropped):
      let total = dropped + unwrapInboundIn(data).readableBytes
      phase = .refusing(droppedBytes: total)
      if total > Self.lingerBytes { context.close(promise: nil) }
    }
  }

  package func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if case .refusing = phase, let event = event as? ChannelEvent, event == .inputClosed {
      // The client read the refusal and left.
      context.close(promise: nil)
      return
    }
    context.fireUserInboundEventTriggered(event)
  }

  package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    if case .refusing = phase {
      // After a refusal nothing else goes out (SwiftNIO's answer to a refused upgrade, say).
      promise?.fail(ChannelError.ioOnClosedChannel)
      return
    }
    context.write(data, promise: promise)
  }

  // MARK: Told by the server

  /// The request was answered: the connection waits for its next head, under the deadline.
  package func answered() {
    guard case .answering = phase, let context else { return }
    phase = .head
    registry.setPhase(.head, of: context.channel)
    armDeadline(context: context)
  }

  /// The request was an accepted upgrade: what follows are WebSocket frames.
  package func upgraded() {
    guard case .answering = phase else { return }
    phase = .webSocket
  }

  /// Answers with `answer` (a refused upgrade) and closes.
  package func refuse(_ answer: ServerAnswer) {
    refuse(with: answer.bytes)
  }

  // MARK: Private

  private func armDeadline(context: ChannelHandlerContext) {
    deadline?.cancel()
    deadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(limits.requestDeadline)) { [weak self] in
      guard let self, case .head = self.phase else { return }
      self.counters.count { $0.requestsTimedOut += 1 }
      self.refuse(with: ServerAnswer.refusal(.requestTimeout, "request not complete in time").bytes)
    }
  }

  private func refuse(with bytes: [UInt8], linger: Bool = true) {
    guard let context else { return }
    if case .refusing = phase { return }
    deadline?.cancel()
    phase = .refusing(droppedBytes: 0)
    let channel = context.channel
    context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: bytes))).whenComplete { _ in
      guard linger else {
        channel.close(promise: nil)
        return
      }
      channel.close(mode: .output, promise: nil)
    }
    if linger {
      context.eventLoop.scheduleTask(in: Self.lingerTime) { channel.close(promise: nil) }
    }
  }
}
