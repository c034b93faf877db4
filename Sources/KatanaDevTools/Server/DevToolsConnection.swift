// Only with the DevToolsServer trait (on by default; see Package.swift).
#if DevToolsServer
import Foundation
import KatanaServerSupport

/// One page's connection: turns its commands into calls on the source and replies, and sends it
/// the items recorded since the last batch. An actor, so a reply and a batch never interleave and
/// the "last item sent" bookkeeping has one owner.
actor DevToolsConnection {
  /// What the connection does after a message.
  typealias Outcome = SocketMessageOutcome

  private let context: DevToolsServerContext
  private let send: @Sendable (Data) -> Void
  /// The ``DevToolsItemSummary/sequence`` of the newest item the page has. Items are paged by
  /// recording order, not by id: a side effect is recorded after the items it dispatched, with a
  /// smaller id than theirs.
  private var lastSentSequence = 0
  /// The status the page has, so an unchanged one is not sent again.
  private var lastSentStatus: DevToolsStatus?
  /// The source's ring capacity: one call with it as the limit returns everything still recorded.
  private var capacity: Int?
  private var rejectedCount = 0

  /// - Parameter send: writes one text message to the page.
  init(context: DevToolsServerContext, send: @escaping @Sendable (Data) -> Void) {
    self.context = context
    self.send = send
  }

  /// Sends every recorded item and the status; the page replaces its list with them.
  func sendHello() {
    let (items, status) = recordedItems(after: 0)
    lastSentSequence = items.last?.sequence ?? 0
    lastSentStatus = status
    send(DevToolsServerMessage.hello(status: status, items: items).encoded())
  }

  /// Sends the items recorded since the last batch, with the status; nothing when there are none
  /// and the status did not change, unless `always` (the answer to a command, which the page
  /// waits for).
  func pushNewItems(always: Bool = false) {
    let (items, status) = recordedItems(after: lastSentSequence)
    guard always || !items.isEmpty || status != lastSentStatus else { return }
    if let last = items.last { lastSentSequence = max(lastSentSequence, last.sequence) }
    lastSentStatus = status
    send(DevToolsServerMessage.items(status: status, items: items).encoded())
  }

  /// Every item still recorded after `sequence`, oldest first: one call bounded by the ring's
  /// capacity (asked once with a limit of 0, which returns only the status).
  private func recordedItems(after sequence: Int) -> (items: [DevToolsItemSummary], status: DevToolsStatus) {
    let source = context.source
    let limit = capacity ?? source.items(after: 0, limit: 0).status.capacity
    let (items, status) = source.items(after: sequence, limit: max(1, limit))
    capacity = status.capacity
    return (items, status)
  }

  /// Handles one text message.
  func receive(_ data: Data) -> Outcome {
    let command: DevToolsCommand
    do {
      command = try DevToolsCommand.decode(data, token: context.configuration.token)
    } catch {
      return reject(error)
    }
    context.count { $0.handledCommands += 1 }
    do {
      try run(command)
    } catch {
      context.count { $0.failedCommands += 1 }
      send(DevToolsServerMessage.error(message: error.description, command: command.name).encoded())
    }
    return .keepOpen
  }

  private func run(_ command: DevToolsCommand) throws(DevToolsCommandError) {
    let source = context.source
    switch command {
    case .diff(let id):
      send(DevToolsServerMessage.diff(id: id, changes: try source.diff(of: id)).encoded())
    case .state(let id):
      let json = String(decoding: try source.stateJSON(at: id), as: UTF8.self)
      send(DevToolsServerMessage.state(id: id, json: json).encoded())
    case .jump(let id):
      try source.jump(to: id)
      pushNewItems(always: true)
    case .live:
      try source.resumeLive()
      pushNewItems(always: true)
    case .pause, .resume:
      source.setPaused(command == .pause)
      pushNewItems(always: true)
    case .export:
      let file = String(decoding: try source.exportSession(), as: UTF8.self)
      send(DevToolsServerMessage.exported(file: file).encoded())
    case .exportTest:
      send(DevToolsServerMessage.exportedTest(file: try source.exportTest()).encoded())
    case .pin(let path):
      send(DevToolsServerMessage.pinned(path: path, ids: try source.itemsChanging(path: path)).encoded())
    case .import(let session):
      let count = try source.importSession(session)
      send(DevToolsServerMessage.imported(count: count).encoded())
      // The recorded items were cleared: the page starts its list again.
      sendHello()
    }
  }

  /// Handles a binary message, which the protocol does not use.
  func receiveBinary(byteCount: Int) -> Outcome {
    let limit = context.configuration.maximumMessageBytes
    return reject(byteCount > limit ? .tooLarge(bytes: byteCount, limit: limit) : .binary)
  }

  /// Handles a message whose frames passed the size cap before it was complete.
  func receiveOversized(byteCount: Int) -> Outcome {
    reject(.tooLarge(bytes: byteCount, limit: context.configuration.maximumMessageBytes))
  }

  private func reject(_ error: DevToolsProtocolError) -> Outcome {
    rejectedCount += 1
    context.count { $0.rejectedMessages += 1 }
    send(DevToolsServerMessage.error(message: error.description, command: error.command).encoded())
    if case .tooLarge = error { return .close(code: 1009, reason: "message too large") }
    if rejectedCount >= context.configuration.maximumRejectedMessages {
      return .close(code: 1008, reason: "too many invalid commands")
    }
    return .keepOpen
  }
}
#endif
