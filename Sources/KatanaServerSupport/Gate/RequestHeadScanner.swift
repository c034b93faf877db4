/// Finds where a request's line and headers end, counting bytes and header lines as they arrive
/// so that a request over the caps is refused before the rest is read.
///
/// It reads only what the gate needs: where the head ends, whether it asks for a WebSocket
/// upgrade, and whether a body follows (the servers take none). FlyingFox parses the head
/// itself once the gate forwards it.
///
/// A value with no shared state: one per connection, reset after each request.
package struct RequestHeadScanner {
  /// Why a head is refused.
  package enum Refusal: Hashable, Sendable {
    /// Over `maximumBytes` (431).
    case tooLarge
    /// Over `maximumHeaders` header lines (431).
    case tooManyHeaders
    /// It announces a body (`Content-Length` above 0 or `Transfer-Encoding`): the servers only
    /// answer GET and HEAD (413).
    case hasBody
  }

  /// What the bytes scanned so far amount to.
  package enum Outcome: Hashable, Sendable {
    /// The head goes on past these bytes.
    case incomplete
    /// The head ends after `length` bytes of the chunk scanned.
    case complete(length: Int, isUpgrade: Bool)
    case refused(Refusal)
  }

  package let maximumBytes: Int
  package let maximumHeaders: Int
  private var bytes = 0
  private var lines = 0
  /// The current line, kept up to `keptLineBytes` (enough to read the headers the gate needs).
  private var line: [UInt8] = []
  private var isUpgrade = false
  private var hasBody = false
  private static let keptLineBytes = 64

  package init(maximumBytes: Int, maximumHeaders: Int) {
    self.maximumBytes = maximumBytes
    self.maximumHeaders = maximumHeaders
  }

  /// Scans the next bytes of the head.
  package mutating func scan(_ chunk: some Collection<UInt8>) -> Outcome {
    var offset = 0
    for byte in chunk {
      offset += 1
      bytes += 1
      guard bytes <= maximumBytes else { return .refused(.tooLarge) }
      guard byte == UInt8(ascii: "\n") else {
        if line.count < Self.keptLineBytes { line.append(byte) }
        continue
      }
      if line.last == UInt8(ascii: "\r") { line.removeLast() }
      defer { line.removeAll(keepingCapacity: true) }
      if line.isEmpty && lines > 0 {
        let outcome: Outcome = hasBody ? .refused(.hasBody) : .complete(length: offset, isUpgrade: isUpgrade)
        self = RequestHeadScanner(maximumBytes: maximumBytes, maximumHeaders: maximumHeaders)
        return outcome
      }
      if line.isEmpty { continue }  // RFC 9112 §2.2: empty lines before the request line are ignored.
      lines += 1
      if lines > 1 {
        guard lines - 1 <= maximumHeaders else { return .refused(.tooManyHeaders) }
        inspectHeader()
      }
    }
    return .incomplete
  }

  private mutating func inspectHeader() {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return }
    let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
    let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces().lowercased()
    switch name {
    case "upgrade": isUpgrade = value.contains("websocket")
    case "content-length": hasBody = hasBody || value != "0"
    case "transfer-encoding": hasBody = true
    default: break
    }
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
  }
}
