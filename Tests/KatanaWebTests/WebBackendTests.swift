import Foundation
import Katana
import KatanaUI
import Testing

@testable import KatanaWeb

/// A renderer on a ``WebBackend`` that keeps the messages it sends.
@MainActor
final class BackendHarness {
  let store: TestStore
  let backend: WebBackend
  let renderer: Renderer

  init(size: Size = Size(width: 400, height: 300)) {
    store = TestStore()
    let log = MessageLog()
    backend = WebBackend(containerSize: size) { log.messages.append($0) }
    renderer = Renderer(rootDescription: TestScreen(props: TestScreenProps()), store: store)
    renderer.render(in: backend)
    self.log = log
  }

  private let log: MessageLog

  /// The messages sent so far.
  var sentMessages: [[UInt8]] { log.messages }

  /// The ops of every message sent so far, flattened.
  func ops() throws -> [[Any]] {
    try sentMessages.flatMap { try decodeMessage($0).ops }
  }

  /// The id of the first node created with `kind`.
  func node(_ kind: NativeViewKind) throws -> NodeID {
    let op = try #require(try ops().first { createdKind($0) == kind.rawValue })
    return NodeID(rawValue: try #require(op[1] as? Int))
  }
}

/// Keeps what a backend sent.
@MainActor
final class MessageLog {
  var messages: [[UInt8]] = []
}

@MainActor
@Suite("Web backend")
struct WebBackendTests {
  @Test("the mount is one message creating every element kind")
  func mount() throws {
    let harness = BackendHarness()
    #expect(harness.sentMessages.count == 1)
    let kinds = Set(try harness.ops().compactMap(createdKind))
    #expect(kinds.isSuperset(of: ["label", "button", "textField", "table", "image"]))
    #expect(harness.backend.nodeCount == harness.renderer.mountedNodeCount)
  }

  @Test("events for nodes the page does not hold, or of the wrong kind, are refused before the renderer")
  func refusals() async throws {
    let harness = BackendHarness()
    let button = try harness.node(.button)
    let label = try harness.node(.label)
    let table = try harness.node(.table)
    let field = try harness.node(.textField)
    #expect(throws: ClientMessageError.unknownNode(9999)) {
      try harness.backend.deliver(.event(.tap, node: NodeID(rawValue: 9999)))
    }
    #expect(throws: ClientMessageError.wrongKind(event: "touch", kind: "label")) {
      try harness.backend.deliver(.event(.tap, node: label))
    }
    #expect(throws: ClientMessageError.wrongKind(event: "text", kind: "button")) {
      try harness.backend.deliver(.event(.textInput("x"), node: button))
    }
    #expect(throws: ClientMessageError.wrongKind(event: "scroll", kind: "textField")) {
      try harness.backend.deliver(.event(.tableDidScroll(offset: 3), node: field))
    }
    #expect(throws: ClientMessageError.invalidValue(field: "row")) {
      try harness.backend.deliver(.event(.tableRowTap(TableIndexPath(section: 0, row: 3)), node: table))
    }
    #expect(throws: ClientMessageError.invalidValue(field: "sec")) {
      try harness.backend.deliver(.event(.tableRowTap(TableIndexPath(section: 1, row: 0)), node: table))
    }
    await harness.renderer.settle()
    #expect(harness.store.state == TestState())
  }

  @Test("valid events reach the handlers and the store")
  func events() async throws {
    let harness = BackendHarness()
    try harness.backend.deliver(.event(.tap, node: try harness.node(.button)))
    try harness.backend.deliver(.event(.textInput("milk"), node: try harness.node(.textField)))
    try harness.backend.deliver(.event(.tableRowTap(TableIndexPath(section: 0, row: 2)), node: try harness.node(.table)))
    await harness.renderer.settle()
    #expect(harness.store.state == TestState(count: 1, text: "milk", tappedRows: [2]))
    let texts = try harness.ops().compactMap(elementText)
    #expect(texts.contains("Count: 1"))
  }

  @Test("a new viewport size lays the root out again in points")
  func resize() async throws {
    let harness = BackendHarness()
    let label = try harness.node(.label)
    let before = harness.sentMessages.count
    try harness.backend.deliver(.viewport(Size(width: 800, height: 600)))
    await harness.renderer.settle()
    #expect(harness.backend.containerSize == Size(width: 800, height: 600))
    #expect(harness.sentMessages.count > before)
    let labelFrames = try harness.ops().compactMap { op -> [Double]? in
      guard op[1] as? Int == label.rawValue else { return nil }
      return elementFrame(op)
    }
    #expect(labelFrames.last == [0, 0, 800, 300])
  }

  @Test("removed subtrees are forgotten, so later events for them are refused")
  func removal() throws {
    let harness = BackendHarness()
    let table = try harness.node(.table)
    harness.backend.apply([.remove(table)])
    #expect(throws: ClientMessageError.unknownNode(table.rawValue)) {
      try harness.backend.deliver(.event(.tableDidScroll(offset: 0), node: table))
    }
  }
}
