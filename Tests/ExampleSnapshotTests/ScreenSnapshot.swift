import Foundation
import KatanaSnapshotTesting
import KatanaTerminal
import SnapshotTesting
import Testing

/// The two terminal sizes every example screen is snapshotted at: the classic 80 × 24, and a
/// roomy 120 × 40 that shows how a layout uses space.
let snapshotSizes = [TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 120, rows: 40)]

/// Asserts the screen's text and style layers against the references named `name` and the
/// terminal's size (`list.80x24.txt`, `list.80x24-styled.txt`), in `__Snapshots__` beside the
/// test file. Record new references with `SNAPSHOT_TESTING_RECORD=all swift test --filter ExampleSnapshotTests`.
@MainActor
func assertScreen(
  _ terminal: HeadlessTerminal, named name: String, fileID: StaticString = #fileID,
  file filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line, column: UInt = #column
) {
  let size = terminal.backend.size
  let screen = terminal.screen
  assertSnapshot(
    of: screen, as: .terminalText, named: "\(name).\(size)", fileID: fileID, file: filePath, testName: testName,
    line: line, column: column)
  assertSnapshot(
    of: screen, as: .terminalStyled, named: "\(name).\(size)-styled", fileID: fileID, file: filePath,
    testName: testName, line: line, column: column)
}
