package import Foundation

/// Assembles a client's WebSocket data frames into messages, refusing one as soon as its frames
/// pass the size cap (a single frame over the cap never gets here: SwiftNIO refuses it on its
/// header), and a text message that is not UTF-8 (RFC 6455 §8.1: close with 1007).
///
/// A value: one per connection.
package struct MessageAssembler {
  /// The assembly of one more frame.
  package enum Result: Equatable {
    /// The message goes on in later frames.
    case incomplete
    /// A whole message.
    case message(Data, isText: Bool)
    /// The message passed the cap with `bytes`; nothing of it is kept.
    case tooLarge(bytes: Int)
    /// A text message whose bytes are not UTF-8.
    case invalidText
    /// A continuation with no message, or a new message inside a fragmented one.
    case protocolError
  }

  /// What kind of frame is added.
  package enum FrameKind: Equatable, Sendable {
    case text
    case binary
    case continuation
  }

  package let limit: Int
  private var buffer = Data()
  private var isText: Bool?

  package init(limit: Int) {
    self.limit = limit
  }

  /// Adds one data frame's payload.
  package mutating func append(_ kind: FrameKind, payload: some Collection<UInt8>, fin: Bool) -> Result {
    switch kind {
    case .text, .binary:
      guard isText == nil else { return .protocolError }
      isText = kind == .text
      buffer = Data()
    case .continuation:
      guard isText != nil else { return .protocolError }
    }
    let total = buffer.count + payload.count
    guard total <= limit else {
      isText = nil
      buffer = Data()
      return .tooLarge(bytes: total)
    }
    buffer.append(contentsOf: payload)
    guard fin, let isText else { return .incomplete }
    self.isText = nil
    defer { buffer = Data() }
    if isText && String(data: buffer, encoding: .utf8) == nil { return .invalidText }
    return .message(buffer, isText: isText)
  }
}
