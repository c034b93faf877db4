import Foundation
import Katana
import KatanaUI
import KatanaWeb
import MinesweeperCore
import Testing

@testable import Minesweeper

/// Keeps what the web backend sent.
@MainActor
final class SentMessages {
  var messages: [[UInt8]] = []
}

@MainActor
@Suite("Minesweeper in a browser")
struct MinesweeperWebTests {
  @Test("revealing one numbered cell sends exactly one message of at most 200 bytes")
  func oneCellOneMessage() async throws {
    let store = Store<MinesweeperState, AppDependencies>()
    store.dependencies.randomSource.reseed(42)
    try await store.dispatch(GameActions.StartGame(difficulty: .beginner)).value
    let sent = SentMessages()
    let backend = WebBackend(containerSize: Size(width: 1024, height: 768)) { sent.messages.append($0) }
    let renderer = Renderer(rootDescription: MinesweeperScreen(props: MinesweeperScreenProps()), store: store)
    renderer.render(in: backend)
    renderer.dispatcher(GameActions.DiscloseCell(CellPosition(column: 0, row: 0)))
    await renderer.settle()
    let before = sent.messages.count

    // (4, 0) shows 1 on seed 42: no flood fill, one cell changes.
    renderer.dispatcher(GameActions.DiscloseCell(CellPosition(column: 4, row: 0)))
    await renderer.settle()

    let messages = Array(sent.messages[before...])
    #expect(messages.count == 1)
    let message = try #require(messages.first)
    #expect(message.count <= 200, "\(String(decoding: message, as: UTF8.self))")
    // The cell's new title, "1", ends its op (see MutationEncoder).
    #expect(String(decoding: message, as: UTF8.self).contains(#","1"]"#))
  }
}
