import ExampleSupport
import Foundation
import Katana
import KatanaTesting
import KatanaUI
import KatanaWeb
import Testing
import TodosCore

@testable import Todos

@Suite("Todos' pages, snapshotted")
@MainActor
struct TodosPageSnapshotTests {
  /// The page at `path` on a fresh data folder filled as `Tests/Browser/dom_snapshots.py` fills
  /// it, with the app's own commands (`Todos add`, `Todos done 2`), and opened as `Todos --web`
  /// opens it.
  func page(_ path: String, viewport: PageViewport) async throws -> HeadlessPage {
    let folder = NSTemporaryDirectory() + "katana-todos-pages-\(UUID().uuidString)"
    for arguments in [["add", "Buy milk"], ["add", "Call the plumber"], ["add", "Water the plants"], ["done", "2"]] {
      try await runCommand(TodosCommand.self, arguments + ["--data", folder])
    }
    let (store, _) = await TodosLauncher.launcher(TodosStorage(folder: folder)).openStore()
    let page = HeadlessPage(
      root: TodosLauncher.rootScreen, store: store, viewport: viewport, path: path, clock: ManualClock())
    await page.start()
    return page
  }

  @Test(
    "every screen in both windows",
    arguments: [("list", "/"), ("item", "/todos/1"), ("settings", "/settings"), ("not-found", "/nowhere")],
    pageViewports)
  func screen(screen: (name: String, path: String), viewport: PageViewport) async throws {
    assertPage(try await page(screen.path, viewport: viewport), named: "todos-\(screen.name)")
  }
}
