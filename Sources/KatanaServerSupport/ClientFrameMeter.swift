/// Checks a client's WebSocket frame headers as their bytes arrive, before SwiftNIO decodes
/// them, and skips their payloads unread: a frame is refused on its header, before any of its
/// payload is in memory.
///
/// Refused, as RFC 6455 §5 says: an unmasked client frame and reserved bits set (no extension is
/// negotiated), which SwiftNIO's decoder leaves to its user; a control frame over 125 bytes or
/// fragmented, and a frame announcing more than the message cap (1009), which SwiftNIO's decoder
/// refuses too (with the same cap as its `maxFrameSize`), but after the connection's pipeline
/// has already passed the bytes on, so that only here is the refusal counted and answered the
/// same way as the others. Messages whose frames add up to more than the cap are the socket
/// loop's (it assembles them).
///
/// A value with no shared state: one per connection. Never traps, whatever the bytes.
package struct ClientFrameMeter {
  /// Why a frame is refused.
  package enum Refusal: Equatable, Sendable {
    case unmasked
    case reservedBits
    case controlFrameTooLong
    case fragmentedControlFrame
    /// A frame announcing `bytes`, over the cap of `limit` bytes.
    case tooLarge(bytes: UInt64, limit: Int)

    /// The close code to answer with.
    package var closeCode: UInt16 {
      if case .tooLarge = self { return 1009 }
      return 1002
    }

    /// The close frame's reason.
    package var reason: String {
      switch self {
      case .unmasked: "unmasked client frame"
      case .reservedBits: "reserved bits set"
      case .controlFrameTooLong: "control frame over 125 bytes"
      case .fragmentedControlFrame: "fragmented control frame"
      // The limit is named, so a page can tell its user how large a message may be.
      case .tooLarge(let bytes, let limit): "frame of \(bytes) bytes exceeds the \(limit)-byte limit"
      }
    }
  }

  /// The largest frame accepted, in bytes.
  package let maximumFrameBytes: Int
  /// The header being read (2 to 14 bytes).
  private var header: [UInt8] = []
  /// Payload bytes of the current frame still to skip.
  private var payloadRemaining: UInt64 = 0

  package init(maximumFrameBytes: Int) {
    self.maximumFrameBytes = maximumFrameBytes
    header.reserveCapacity(14)
  }

  /// Follows the next bytes; returns the first refusal, or `nil`.
  package mutating func follow(_ chunk: UnsafeRawBufferPointer) -> Refusal? {
    var index = 0
    while index < chunk.count {
      if payloadRemaining > 0 {
        let taken = min(UInt64(chunk.count - index), payloadRemaining)
        payloadRemaining -= taken
        index += Int(taken)
        continue
      }
      header.append(chunk[index])
      index += 1
      if let refusal = checkHeader() { return refusal }
    }
    return nil
  }

  private mutating func checkHeader() -> Refusal? {
    let first = header[0]
    let isControl = first & 0x08 != 0
    if header.count == 1 {
      guard first & 0x70 == 0 else { return .reservedBits }
      if isControl && first & 0x80 == 0 { return .fragmentedControlFrame }
      return nil
    }
    let short = header[1] & 0x7F
    if header.count == 2 {
      guard header[1] & 0x80 != 0 else { return .unmasked }
      if isControl && short > 125 { return .controlFrameTooLong }
    }
    let lengthBytes = short == 127 ? 8 : short == 126 ? 2 : 0
    guard header.count >= 2 + lengthBytes else { return nil }
    let length = lengthBytes == 0 ? UInt64(short) : header[2..<(2 + lengthBytes)].reduce(0) { $0 << 8 | UInt64($1) }
    if header.count == 2 + lengthBytes && length > UInt64(maximumFrameBytes) { return .tooLarge(bytes: length, limit: maximumFrameBytes) }
    guard header.count == 2 + lengthBytes + 4 else { return nil }
    payloadRemaining = length
    header.removeAll(keepingCapacity: true)
    return nil
  }
}
