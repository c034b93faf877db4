import Foundation
import KatanaUI
import KatanaServerSupport

/// One browser page: its ``WebBackend``, its ``PageRenderer`` (made at the first viewport
/// message, so the first layout already has the page's size; its session store is the page's
/// own), its count of refused messages, and the acknowledgement of its numbered input.
@MainActor
final class WebSession {
  /// What the connection does after a message.
  typealias Outcome = SocketMessageOutcome

  private let backend: WebBackend
  private let decoder: ClientMessageDecoder
  private let maximumRejectedMessages: Int
  private let makeRenderer: @MainActor () -> PageRenderer
  private let onRejection: (ClientMessageError) -> Void
  private let output: @MainActor ([UInt8]) -> Void
  private var page: PageRenderer?
  private(set) var rejectedMessageCount = 0
  /// The highest input sequence number received, and the highest acknowledged.
  private var receivedSequence = -1
  private var acknowledgedSequence = -1
  /// A task waits for the renderer to settle before acknowledging.
  private var isAcknowledging = false

  init(
    configuration: WebServer.Configuration,
    makeRenderer: @escaping @MainActor () -> PageRenderer,
    onRejection: @escaping (ClientMessageError) -> Void,
    output: @escaping @MainActor ([UInt8]) -> Void
  ) {
    backend = WebBackend(
      containerSize: Size(width: 0, height: 0), pixelsPerPoint: configuration.pixelsPerPoint, output: output)
    decoder = ClientMessageDecoder(maximumMessageBytes: configuration.maximumMessageBytes)
    maximumRejectedMessages = configuration.maximumRejectedMessages
    self.makeRenderer = makeRenderer
    self.onRejection = onRejection
    self.output = output
  }

  /// The page's session, once the first viewport message made it.
  var session: (any AnySessionStore)? { page?.session }

  /// Handles one text message from the page, as its UTF-8 bytes.
  func receive(_ data: Data) -> Outcome {
    do {
      let (message, sequence) = try decoder.decodeSequenced(data)
      try backend.deliver(message)
      if page == nil, case .viewport = message {
        let page = makeRenderer()
        self.page = page
        page.renderer.render(in: backend)
      }
      if let sequence {
        receivedSequence = max(receivedSequence, sequence)
        acknowledgeWhenSettled()
      }
      return .keepOpen
    } catch {
      return reject(error)
    }
  }

  /// Acknowledges the input received so far once the renderer has rendered all it caused (the
  /// items it dispatched are handled and no change waits): the page then knows that the batches
  /// before the acknowledgement hold the server's view of that input.
  private func acknowledgeWhenSettled() {
    guard !isAcknowledging else { return }
    isAcknowledging = true
    Task { @MainActor [weak self] in
      await self?.page?.renderer.settle()
      self?.acknowledge()
    }
  }

  private func acknowledge() {
    isAcknowledging = false
    guard receivedSequence > acknowledgedSequence else { return }
    acknowledgedSequence = receivedSequence
    output(WebProtocol.acknowledgement(upTo: receivedSequence))
  }

  /// Handles a binary message, which the protocol does not use.
  func receiveBinary(byteCount: Int) -> Outcome {
    reject(byteCount > decoder.maximumMessageBytes
      ? .tooLarge(bytes: byteCount, limit: decoder.maximumMessageBytes) : .malformed("binary message"))
  }

  /// Handles a message whose frames passed the size cap before it was complete.
  func receiveOversized(byteCount: Int) -> Outcome {
    reject(.tooLarge(bytes: byteCount, limit: decoder.maximumMessageBytes))
  }

  private func reject(_ error: ClientMessageError) -> Outcome {
    rejectedMessageCount += 1
    onRejection(error)
    if case .tooLarge = error { return .close(code: 1009, reason: "message too large") }
    if rejectedMessageCount >= maximumRejectedMessages {
      return .close(code: 1008, reason: "too many invalid messages")
    }
    return .keepOpen
  }

  /// Closes the page's session (its listener leaves the shared store) and drops the renderer.
  func end() {
    page?.close()
    page = nil
  }
}
