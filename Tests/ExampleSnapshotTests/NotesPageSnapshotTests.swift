import ExampleSupport
import Foundation
import Katana
import KatanaTesting
import KatanaUI
import KatanaWeb
import NotesCore
import Testing

@testable import Notes

@Suite("Notes' pages, snapshotted")
@MainActor
struct NotesPageSnapshotTests {
  /// The page at `path` on a fresh data folder holding two notes in two folders, written as
  /// `Tests/Browser/dom_snapshots.py` writes them, with `Notes add`, and opened as `Notes --web`
  /// opens it.
  func page(_ path: String, viewport: PageViewport) async throws -> HeadlessPage {
    let folder = NSTemporaryDirectory() + "katana-notes-pages-\(UUID().uuidString)"
    let notes = [
      ["add", "--folder", "Notes", "Groceries", "--body", "milk\neggs\nbread"],
      ["add", "--folder", "Work", "Plan", "--body", "Ship the widget kit."],
    ]
    for arguments in notes {
      try await runCommand(NotesCommand.self, arguments + ["--data", folder])
    }
    let (store, _) = await NotesLauncher.launcher(NotesStorage(folder: folder)).openStore()
    let page = HeadlessPage(
      root: NotesLauncher.rootScreen, store: store, viewport: viewport, path: path, clock: ManualClock())
    await page.start()
    return page
  }

  @Test(
    "every screen in both windows",
    arguments: [("list", "/"), ("note", "/notes/1"), ("reader", "/notes/1/read"), ("search", "/search"),
      ("transfer", "/transfer"), ("not-found", "/nowhere")], pageViewports)
  func screen(screen: (name: String, path: String), viewport: PageViewport) async throws {
    assertPage(try await page(screen.path, viewport: viewport), named: "notes-\(screen.name)")
  }
}
