package import Foundation

/// One message of a WebSocket as a session sees it.
package enum SocketMessage: Sendable {
  /// A text message's UTF-8 bytes (checked: invalid UTF-8 closes the connection with 1007
  /// before any session sees it).
  case text(Data)
  /// A binary message, which neither server's protocol uses; only its size is kept.
  case binary(byteCount: Int)
  /// A message whose frames passed the size cap; its bytes were not kept.
  case oversized(byteCount: Int)
}

/// What a server runs for each open WebSocket: it gets the page's messages in order and writes
/// to the page through the ``SocketOutput`` it was made with. KatanaWeb's session (one page's
/// renderer) and DevTools' (one page's view of the recorder) are both one.
package protocol SocketSession: Sendable {
  /// Handles one message; the connection closes when the answer says so.
  func receive(_ message: SocketMessage) async -> SocketMessageOutcome
  /// The connection ended (whoever ended it); called once, after the last ``receive(_:)``.
  func end() async
}

/// Where a session writes text messages to its page. Bounded: a page that stops reading while
/// the configured number of messages wait is disconnected, since a batch cannot be skipped.
///
/// Threading: any thread.
package struct SocketOutput: Sendable {
  private let write: @Sendable ([UInt8]) -> Bool

  package init(write: @escaping @Sendable ([UInt8]) -> Bool) {
    self.write = write
  }

  /// Queues one text message; returns `false` when the page was too slow and the connection is
  /// being dropped (the message went nowhere).
  @discardableResult
  package func send(_ bytes: [UInt8]) -> Bool {
    write(bytes)
  }
}
