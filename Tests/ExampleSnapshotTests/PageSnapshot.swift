import ArgumentParser
import KatanaSnapshotTesting
import KatanaWeb
import SnapshotTesting
import Testing

/// The two browser windows every example page is snapshotted in: a phone held upright (390 × 844,
/// 44-pixel targets) and a laptop (1280 × 800, 24-pixel targets).
let pageViewports = [PageViewport.phone, PageViewport.desktop]

/// Asserts the page's DOM against the reference `web.<name>-<width>.txt` in `__Snapshots__`
/// beside the test file (`web.todos-list-390.txt`). `Tests/Browser/dom_snapshots.py` compares the
/// same references with Chromium's page, so the names are fixed (the test name is always `web`).
/// Record new references with `SNAPSHOT_TESTING_RECORD=all swift test --filter ExampleSnapshotTests`.
@MainActor
func assertPage(
  _ page: HeadlessPage, named name: String, fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  assertSnapshot(
    of: page.dom, as: .webDOM, named: "\(name)-\(Int(page.viewport.width))", fileID: fileID, file: filePath,
    testName: "web", line: line, column: column)
}

/// Runs an example's command line (`Todos add … --data …`) as its executable does: the pages'
/// data folders are filled the way `Tests/Browser/dom_snapshots.py` fills them. Not on the main
/// actor: the command is made and run where it stays.
func runCommand<Root: ParsableCommand>(_ root: Root.Type, _ arguments: [String]) async throws {
  var command = try root.parseAsRoot(arguments)
  if var asynchronous = command as? any AsyncParsableCommand {
    try await asynchronous.run()
  } else {
    try command.run()
  }
}
