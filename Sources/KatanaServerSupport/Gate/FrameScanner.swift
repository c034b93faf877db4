/// Checks a client's WebSocket frames as their bytes arrive, header first: a frame whose header
/// breaks RFC 6455 or announces more than the message cap is refused before any of its payload
/// is read, so the gate never forwards (and FlyingFox never buffers) more than the cap.
///
/// Refused, as RFC 6455 §5 says: reserved bits set (no extension is negotiated), reserved
/// opcodes, unmasked client frames, control frames over 125 bytes or fragmented, a length not
/// in its minimal form or with the top bit set, a continuation with no message to continue, a
/// new message inside a fragmented one, and a close frame with a one-byte payload.
///
/// A value with no shared state: one per connection. Never traps, whatever the bytes (a fuzz
/// test feeds it random and mutated frames).
package struct FrameScanner {
  /// Why the client's frames are refused; each maps to a WebSocket close code.
  package enum Refusal: Hashable, Sendable {
    /// RFC 6455 broken (1002), for `reason`.
    case protocolError(String)
    /// The message passes the cap, `limit` (1009), having announced `bytes` with its earlier
    /// frames.
    case tooLarge(bytes: UInt64, limit: Int)

    /// The close code to send.
    package var closeCode: UInt16 {
      switch self {
      case .protocolError: 1002
      case .tooLarge: 1009
      }
    }

    /// The close frame's reason.
    package var reason: String {
      switch self {
      case .protocolError(let reason): reason
      case .tooLarge(let bytes, let limit): "message of \(bytes) bytes exceeds the \(limit)-byte limit"
      }
    }
  }

  /// What the bytes scanned amount to.
  package struct Outcome: Hashable, Sendable {
    /// The bytes that may be forwarded: whole headers once accepted (a header split over reads
    /// is held until it is whole and checked), and payload as it comes.
    package var accepted: [UInt8]
    /// Set when a frame was refused; nothing of it, and nothing after it, is in ``accepted``.
    package var refusal: Refusal?
  }

  /// The largest message accepted, in bytes.
  package let maximumMessageBytes: Int
  /// The header being read (2 to 14 bytes).
  private var header: [UInt8] = []
  /// Payload bytes of the current frame still to come.
  private var payloadRemaining: UInt64 = 0
  /// Bytes announced so far by the frames of the current message.
  private var messageBytes: UInt64 = 0
  /// The largest message whose frames were all accepted so far, in bytes (never above the cap).
  package private(set) var largestMessageAccepted: UInt64 = 0
  /// Whether a fragmented data message waits for its continuations.
  private var inMessage = false
  /// The refusal, once made: nothing more is accepted.
  private var refused: Refusal?

  package init(maximumMessageBytes: Int) {
    self.maximumMessageBytes = maximumMessageBytes
    header.reserveCapacity(14)
  }

  /// Scans the next bytes from the client.
  package mutating func scan(_ chunk: some Collection<UInt8>) -> Outcome {
    if let refused { return Outcome(accepted: [], refusal: refused) }
    var accepted: [UInt8] = []
    var index = chunk.startIndex
    while index != chunk.endIndex {
      if payloadRemaining > 0 {
        let available = UInt64(chunk.distance(from: index, to: chunk.endIndex))
        let taken = min(available, payloadRemaining)
        let end = chunk.index(index, offsetBy: Int(taken))
        payloadRemaining -= taken
        accepted += chunk[index..<end]
        index = end
        continue
      }
      header.append(chunk[index])
      index = chunk.index(after: index)
      switch readHeader() {
      case .needMore: continue
      case .done(let whole): accepted += whole
      case .refused(let refusal):
        refused = refusal
        return Outcome(accepted: accepted, refusal: refusal)
      }
    }
    return Outcome(accepted: accepted, refusal: nil)
  }

  private enum HeaderStep {
    case needMore
    /// The header is whole and accepted.
    case done([UInt8])
    case refused(Refusal)
  }

  private mutating func readHeader() -> HeaderStep {
    let first = header[0]
    let opcode = first & 0x0F
    let isControl = opcode >= 8
    if header.count == 1 {
      guard first & 0x70 == 0 else { return .refused(.protocolError("reserved bits set")) }
      guard [0, 1, 2, 8, 9, 10].contains(opcode) else { return .refused(.protocolError("reserved opcode")) }
      if isControl && first & 0x80 == 0 { return .refused(.protocolError("fragmented control frame")) }
      if opcode == 0 && !inMessage { return .refused(.protocolError("continuation without a message")) }
      if (opcode == 1 || opcode == 2) && inMessage {
        return .refused(.protocolError("new message inside a fragmented one"))
      }
      return .needMore
    }
    let second = header[1]
    let shortLength = second & 0x7F
    if header.count == 2 {
      guard second & 0x80 != 0 else { return .refused(.protocolError("unmasked client frame")) }
      if isControl && shortLength > 125 { return .refused(.protocolError("control frame over 125 bytes")) }
      if opcode == 8 && shortLength == 1 { return .refused(.protocolError("close frame with a 1-byte payload")) }
    }
    let lengthBytes = shortLength == 127 ? 8 : shortLength == 126 ? 2 : 0
    guard header.count >= 2 + lengthBytes else { return .needMore }
    var length = UInt64(shortLength)
    if lengthBytes > 0 && header.count == 2 + lengthBytes {
      length = header[2..<(2 + lengthBytes)].reduce(0) { $0 << 8 | UInt64($1) }
      if lengthBytes == 8 && length >> 63 != 0 { return .refused(.protocolError("length with the top bit set")) }
      let minimum: UInt64 = lengthBytes == 2 ? 126 : 65_536
      guard length >= minimum else { return .refused(.protocolError("length not in its minimal form")) }
      if let refusal = checkSize(length, opcode: opcode) { return .refused(refusal) }
    } else if lengthBytes == 0 && header.count == 2 {
      if let refusal = checkSize(length, opcode: opcode) { return .refused(refusal) }
    }
    guard header.count == 2 + lengthBytes + 4 else { return .needMore }
    if lengthBytes > 0 { length = header[2..<(2 + lengthBytes)].reduce(0) { $0 << 8 | UInt64($1) } }
    let whole = header
    startPayload(length: length, opcode: opcode, fin: first & 0x80 != 0)
    return .done(whole)
  }

  /// Refuses a data frame that would take its message past the cap, before its payload.
  private func checkSize(_ length: UInt64, opcode: UInt8) -> Refusal? {
    guard opcode < 8 else { return nil }
    let total = (opcode == 0 ? messageBytes : 0).addingReportingOverflow(length)
    guard total.overflow || total.partialValue > UInt64(maximumMessageBytes) else { return nil }
    return .tooLarge(bytes: total.overflow ? .max : total.partialValue, limit: maximumMessageBytes)
  }

  private mutating func startPayload(length: UInt64, opcode: UInt8, fin: Bool) {
    header.removeAll(keepingCapacity: true)
    payloadRemaining = length
    guard opcode < 8 else { return }
    messageBytes = (opcode == 0 ? messageBytes : 0) + length
    largestMessageAccepted = max(largestMessageAccepted, messageBytes)
    inMessage = !fin
    if fin { messageBytes = 0 }
  }
}
