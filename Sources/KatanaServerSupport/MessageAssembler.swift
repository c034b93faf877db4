package import FlyingFox
package import Foundation

/// Joins a WebSocket message's frames (a first frame, then continuations until one has `fin`),
/// stopping as soon as the total passes the limit so an oversized message is never held whole.
///
/// Shared by the package's servers (the browser backend and DevTools): both refuse a message over
/// their cap the same way. A value with no shared state: one per connection.
package struct MessageAssembler {
  /// What a frame completed.
  package enum Result: Equatable {
    /// More frames are needed.
    case incomplete
    /// A whole message, text or binary.
    case message(Data, isText: Bool)
    /// The message passed the limit after `bytes` bytes; the connection should be closed (1009).
    case tooLarge(bytes: Int)
    /// A continuation without a first frame, a new message inside one, or a control opcode.
    case protocolError
  }

  /// The largest message accepted, in bytes.
  package let limit: Int
  private var buffer = Data()
  private var isText: Bool?

  package init(limit: Int) {
    self.limit = limit
  }

  /// Adds one data frame (text, binary or continuation).
  package mutating func append(_ frame: WSFrame) -> Result {
    switch frame.opcode {
    case .text, .binary:
      guard isText == nil else { return .protocolError }
      isText = frame.opcode == .text
      buffer = Data()
    case .continuation:
      guard isText != nil else { return .protocolError }
    default:
      return .protocolError
    }
    let total = buffer.count + frame.payload.count
    guard total <= limit else { return .tooLarge(bytes: total) }
    buffer.append(frame.payload)
    guard frame.fin, let isText else { return .incomplete }
    self.isText = nil
    defer { buffer = Data() }
    return .message(buffer, isText: isText)
  }
}
