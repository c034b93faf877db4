import FlyingSocks
import Foundation

/// The client-to-FlyingFox direction of a ``GatedConnection``: its deadlines and scanners.
struct InboundReader: Sendable {
  enum Step: Sendable {
    case forward([UInt8])
    /// Forward the frames before a refused one, then refuse.
    case forwardThenRefuse([UInt8], answer: [UInt8])
    case refused(answer: [UInt8])
    case closed
  }

  let limits: ServerLimits
  let counters: ServerCounters
  private var headScanner: RequestHeadScanner
  private var frameScanner: FrameScanner
  private var isWebSocket = false
  /// Bytes read past the end of a head, to scan next.
  private var leftover: [UInt8] = []
  private var requestDeadline: ContinuousClock.Instant
  private var messageBytesForwarded = 0

  init(limits: ServerLimits, counters: ServerCounters) {
    self.limits = limits
    self.counters = counters
    headScanner = RequestHeadScanner(maximumBytes: limits.maximumRequestHeadBytes, maximumHeaders: limits.maximumHeaderCount)
    frameScanner = FrameScanner(maximumMessageBytes: limits.maximumMessageBytes)
    requestDeadline = .now + limits.requestDeadline
  }

  /// Reads until the first head is complete (nothing is connected to FlyingFox before).
  mutating func readFirstHead(from client: AsyncSocket) async -> Step {
    await nextHead(from: client)
  }

  /// Forwards the client's bytes until it closes or breaks a limit.
  mutating func pump(from client: AsyncSocket, to upstream: AsyncSocket) async -> GatedConnection.Event {
    while true {
      let step = isWebSocket ? await nextFrames(from: client) : await nextHead(from: client)
      switch step {
      case .closed: return .clientClosed
      case .refused(let answer): return .refused(answer: answer)
      case .forward(let bytes):
        do {
          try await upstream.write(Data(bytes))
        } catch {
          return .clientClosed
        }
      case .forwardThenRefuse(let bytes, let answer):
        try? await upstream.write(Data(bytes))
        return .refused(answer: answer)
      }
    }
  }

  private mutating func nextHead(from client: AsyncSocket) async -> Step {
    var head: [UInt8] = []
    while true {
      let chunk: [UInt8]
      if !leftover.isEmpty {
        chunk = leftover
        leftover = []
      } else {
        switch await Self.read(client, until: requestDeadline) {
        case .bytes(let bytes): chunk = bytes
        case .closed: return .closed
        case .timedOut:
          counters.count { $0.requestsTimedOut += 1 }
          return .refused(answer: Self.httpAnswer(408, "Request Timeout", "request not complete in time"))
        }
      }
      switch headScanner.scan(chunk) {
      case .incomplete:
        head += chunk
      case .complete(let length, let isUpgrade):
        head += chunk[..<length]
        leftover = Array(chunk[length...])
        requestDeadline = .now + limits.requestDeadline
        isWebSocket = isUpgrade
        return .forward(head)
      case .refused(let refusal):
        counters.count { $0.refusedForRequestLimits += 1 }
        switch refusal {
        case .tooLarge:
          return .refused(answer: Self.httpAnswer(431, "Request Header Fields Too Large", "request head too large"))
        case .tooManyHeaders:
          return .refused(answer: Self.httpAnswer(431, "Request Header Fields Too Large", "too many headers"))
        case .hasBody:
          return .refused(answer: Self.httpAnswer(413, "Content Too Large", "request bodies are not accepted"))
        }
      }
    }
  }

  private mutating func nextFrames(from client: AsyncSocket) async -> Step {
    let chunk: [UInt8]
    if !leftover.isEmpty {
      chunk = leftover
      leftover = []
    } else {
      switch await Self.read(client, until: .now + limits.webSocketIdleTimeout) {
      case .bytes(let bytes): chunk = bytes
      case .closed: return .closed
      case .timedOut:
        counters.count { $0.webSocketsTimedOut += 1 }
        return .refused(answer: Self.closeFrame(1001, "idle timeout"))
      }
    }
    let outcome = frameScanner.scan(chunk)
    let largest = Int(clamping: frameScanner.largestMessageAccepted)
    counters.count { $0.largestMessageForwarded = max($0.largestMessageForwarded, largest) }
    guard let refusal = outcome.refusal else { return .forward(outcome.accepted) }
    counters.count { $0.framesRefused += 1 }
    let answer = Self.closeFrame(refusal.closeCode, refusal.reason)
    // The frames before the refused one still go through; the refusal is answered after them.
    guard !outcome.accepted.isEmpty else { return .refused(answer: answer) }
    return .forwardThenRefuse(outcome.accepted, answer: answer)
  }

  enum ReadResult {
    case bytes([UInt8])
    case closed
    case timedOut
  }

  /// One read from `socket`, given up at `deadline`.
  static func read(_ socket: AsyncSocket, until deadline: ContinuousClock.Instant) async -> ReadResult {
    await withTaskGroup(of: ReadResult.self) { group in
      group.addTask {
        do {
          return .bytes(try await socket.read(atMost: 16 * 1024))
        } catch {
          return Task.isCancelled ? .timedOut : .closed
        }
      }
      group.addTask {
        do {
          try await Task.sleep(until: deadline, clock: .continuous)
          return .timedOut
        } catch {
          return .closed
        }
      }
      let first = await group.next() ?? .closed
      group.cancelAll()
      return first
    }
  }

  static func httpAnswer(_ status: Int, _ phrase: String, _ text: String) -> [UInt8] {
    Array(
      "HTTP/1.1 \(status) \(phrase)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(text.utf8.count)\r\nConnection: close\r\n\r\n\(text)"
        .utf8)
  }

  static func closeFrame(_ code: UInt16, _ reason: String) -> [UInt8] {
    let payload = [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8.prefix(123))
    return [0x88, UInt8(payload.count)] + payload
  }
}
