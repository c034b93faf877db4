#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Measures a request head as its bytes arrive, before SwiftNIO parses it: how many bytes and
/// lines it has, and where it ends (the empty line). It parses nothing else; its only purpose is
/// that a head over the caps is refused (431) as soon as it passes them, and that the connection
/// guard knows when the head deadline is met.
///
/// It looks for line ends with `memchr`, so a long line costs what copying it would: a 15 KB
/// request line is measured in microseconds.
///
/// A value with no shared state: one per connection, reset after each head.
package struct RequestHeadMeter {
  /// What the bytes measured so far amount to.
  package enum Outcome: Equatable, Sendable {
    /// The head goes on past these bytes.
    case incomplete
    /// The head ends after `length` bytes of the chunk measured.
    case complete(length: Int)
    /// Over the byte cap (431).
    case tooLarge
    /// Over the header-line cap (431).
    case tooManyHeaders
  }

  package let maximumBytes: Int
  package let maximumHeaders: Int
  private var bytes = 0
  private var lines = 0
  /// Bytes of the current line so far, without its line end.
  private var lineLength = 0
  /// Whether the last byte seen was a carriage return (not counted in ``lineLength``).
  private var pendingReturn = false

  package init(maximumBytes: Int, maximumHeaders: Int) {
    self.maximumBytes = maximumBytes
    self.maximumHeaders = maximumHeaders
  }

  /// Whether no byte of a head has been seen yet.
  package var isEmpty: Bool { bytes == 0 }

  /// Measures the next bytes of the head.
  package mutating func measure(_ chunk: UnsafeRawBufferPointer) -> Outcome {
    guard let base = chunk.baseAddress, !chunk.isEmpty else { return .incomplete }
    var offset = 0
    while offset < chunk.count {
      let remaining = chunk.count - offset
      let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), remaining)
      let end = found.map { base.distance(to: UnsafeRawPointer($0)) } ?? chunk.count
      // The bytes before the line end (or to the chunk's end) belong to the current line.
      let run = end - offset
      if run > 0 {
        let lastByte = chunk[end - 1]
        lineLength += (pendingReturn ? 1 : 0) + run - (lastByte == UInt8(ascii: "\r") ? 1 : 0)
        pendingReturn = lastByte == UInt8(ascii: "\r")
      }
      bytes += run
      guard bytes <= maximumBytes else { return .tooLarge }
      guard found != nil else { return .incomplete }
      bytes += 1
      guard bytes <= maximumBytes else { return .tooLarge }
      offset = end + 1
      let lineWasEmpty = lineLength == 0
      lineLength = 0
      pendingReturn = false
      if lineWasEmpty {
        // RFC 9112 §2.2: empty lines before the request line are ignored.
        guard lines > 0 else { continue }
        self = RequestHeadMeter(maximumBytes: maximumBytes, maximumHeaders: maximumHeaders)
        return .complete(length: offset)
      }
      lines += 1
      guard lines - 1 <= maximumHeaders else { return .tooManyHeaders }
    }
    return .incomplete
  }
}
