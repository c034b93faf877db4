/// What waits to be written to one WebSocket: the session's text messages and the loop's pings
/// and close, in order, bounded. A page that stops reading while `capacity` messages wait is
/// dropped (``output``'s `send` returns `false` and `onOverflow` runs once): it would be out of
/// sync anyway, since a batch cannot be skipped.
///
/// Threading: any thread.
package struct SocketOutbox: Sendable {
  /// One frame to write.
  package enum Frame: Sendable, Equatable {
    case text([UInt8])
    case ping
    case close(code: UInt16, reason: String)
  }

  /// The frames, in order; ends after an overflow or ``finish()``.
  package let frames: AsyncStream<Frame>
  private let continuation: AsyncStream<Frame>.Continuation
  /// Where the session writes.
  package let output: SocketOutput

  /// - Parameters:
  ///   - capacity: text messages that may wait.
  ///   - onOverflow: run when one more would wait (count it, close the connection).
  package init(capacity: Int, onOverflow: @escaping @Sendable () -> Void) {
    // A ping or a close that finds the queue full is not queued: a ping is not needed then, and
    // the loop closes the socket itself instead of queueing a close.
    let (frames, continuation) = AsyncStream.makeStream(of: Frame.self, bufferingPolicy: .bufferingOldest(capacity))
    self.frames = frames
    self.continuation = continuation
    output = SocketOutput { bytes in
      if case .dropped = continuation.yield(.text(bytes)) {
        continuation.finish()
        onOverflow()
        return false
      }
      return true
    }
  }

  /// Queues a ping (dropped when the queue is full: the page is not reading anyway).
  package func ping() {
    continuation.yield(.ping)
  }

  /// Queues a close; returns `false` when it could not be queued (the caller closes the socket).
  @discardableResult
  package func close(code: UInt16, reason: String) -> Bool {
    if case .enqueued = continuation.yield(.close(code: code, reason: reason)) { return true }
    return false
  }

  /// Ends the frames once those queued are written.
  package func finish() {
    continuation.finish()
  }
}
