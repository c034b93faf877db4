import Foundation
import KatanaUI
import KatanaServerSupport

/// One browser page: its ``WebBackend``, its ``/KatanaUI/Renderer`` (made at the first viewport
/// message, so the first layout already has the page's size) and its count of refused messages.
@MainActor
final class WebSession {
  /// What the connection does after a message.
  typealias Outcome = SocketMessageOutcome

  private let backend: WebBackend
  private let decoder: ClientMessageDecoder
  private let maximumRejectedMessages: Int
  private let makeRenderer: @MainActor () -> Renderer
  private let onRejection: (ClientMessageError) -> Void
  private var renderer: Renderer?
  private(set) var rejectedMessageCount = 0

  init(
    configuration: WebServer.Configuration,
    makeRenderer: @escaping @MainActor () -> Renderer,
    onRejection: @escaping (ClientMessageError) -> Void,
    output: @escaping @MainActor ([UInt8]) -> Void
  ) {
    backend = WebBackend(
      containerSize: Size(width: 0, height: 0), pixelsPerPoint: configuration.pixelsPerPoint, output: output)
    decoder = ClientMessageDecoder(maximumMessageBytes: configuration.maximumMessageBytes)
    maximumRejectedMessages = configuration.maximumRejectedMessages
    self.makeRenderer = makeRenderer
    self.onRejection = onRejection
  }

  /// Handles one text message from the page, as its UTF-8 bytes.
  func receive(_ data: Data) -> Outcome {
    do {
      let message = try decoder.decode(data)
      try backend.deliver(message)
      if renderer == nil, case .viewport = message {
        let renderer = makeRenderer()
        self.renderer = renderer
        renderer.render(in: backend)
      }
      return .keepOpen
    } catch {
      return reject(error)
    }
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

  /// Drops the renderer, which stops listening to the store.
  func end() {
    renderer = nil
  }
}
