import Foundation
import KatanaSnapshotTesting
import KatanaTerminal
import KatanaUI
import SnapshotTesting
import Testing

/// A screen with a title, a button and a label, drawn on a 20 × 4 terminal.
@MainActor
private func smallScreen(title: String = "Hello") -> TerminalScreen {
  let backend = TerminalBackend(size: TerminalSize(columns: 20, rows: 4))
  backend.apply([
    .create(NodeID(rawValue: 1), kind: .label, props: LabelProps.build {
      $0.frame = Rect(x: 0, y: 0, width: 20, height: 2)
      $0.text = title
    }),
    .insert(NodeID(rawValue: 1), parent: .container, at: 0),
    .create(NodeID(rawValue: 2), kind: .button, props: ButtonProps.build {
      $0.frame = Rect(x: 0, y: 2, width: 10, height: 2)
      $0.titles[.normal] = "OK"
    }),
    .insert(NodeID(rawValue: 2), parent: .container, at: 1),
  ])
  var grid = CellGrid(size: backend.size)
  backend.draw(into: &grid)
  return TerminalScreen(grid: grid, focus: backend.focusedNode.flatMap { backend.cellRect(of: $0) })
}

@Suite("Terminal screen snapshots")
@MainActor
struct SnapshottingTerminalScreenTests {
  /// A reference folder of its own, so these tests never touch the package's snapshots.
  let folder = NSTemporaryDirectory() + "katana-snapshots-\(UUID().uuidString)"

  @Test("the text strategy stores the screen's lines, every row kept")
  func textLines() {
    let screen = smallScreen()
    #expect(screen.text.split(separator: "\n", omittingEmptySubsequences: false).count == 4)
    #expect(screen.text.hasPrefix("Hello\n"))
  }

  @Test("a reference passes on the same screen and fails on one changed character, printing the changed line")
  func failsOnAChangedCharacter() throws {
    let recorded = verifySnapshot(
      of: smallScreen(), as: .terminalText, named: "small", record: .all, snapshotDirectory: folder, testName: "screen")
    // Recording always reports (that is how record mode says a reference was written).
    #expect(recorded != nil)
    let same = verifySnapshot(
      of: smallScreen(), as: .terminalText, named: "small", record: .never, snapshotDirectory: folder, testName: "screen")
    #expect(same == nil)
    let changed = try #require(
      verifySnapshot(
        of: smallScreen(title: "Hallo"), as: .terminalText, named: "small", record: .never, snapshotDirectory: folder,
        testName: "screen"))
    #expect(changed.contains("−Hello") || changed.contains("-Hello"))
    #expect(changed.contains("+Hallo"))
  }

  @Test("the styled strategy lists style runs and the focus, so a changed colour is one changed line")
  func styleLayer() {
    let styled = smallScreen().styledText
    let layer = styled.components(separatedBy: "--- styles ---\n").last ?? ""
    // The focused button is drawn in inverse video, and the focus is on its cells.
    #expect(layer.contains("row 1, columns 0-9"))
    #expect(layer.contains("inverse"))
    #expect(layer.contains("focus: row 1, columns 0-9"))
  }
}
