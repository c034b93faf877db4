import Foundation
import Katana
import KatanaTerminal
import KatanaUI
import Testing
import TodosCore

@testable import Todos

/// The list screen with `count` items, in an 80×24 terminal drawn on the real terminal backend
/// (one cell is 8 × 16 points, as the app runs it).
@MainActor
struct TerminalListFixture {
  let storage = TodosStorage(folder: NSTemporaryDirectory() + "katana-todos-list-\(UUID().uuidString)")
  let store: Store<TodosState, AppDependencies>
  let backend = TerminalBackend(size: TerminalSize(columns: 80, rows: 24), geometry: .fontCell)
  let renderer: Renderer

  init(items count: Int) async throws {
    store = storage.makeStore().store
    await store.waitUntilReady()
    for number in 1...count { try await store.dispatch(TodoActions.Add(title: "item \(number)")).value }
    renderer = Renderer(rootDescription: TodosLauncher.rootScreen, store: store)
    renderer.render(in: backend)
    await renderer.settle()
  }

  func press(_ key: TerminalKey, times: Int = 1) async {
    for _ in 0..<times {
      backend.handle(.key(TerminalKeyPress(key)))
      await renderer.settle()
    }
  }

  /// The screen, one string per terminal row (all 24, trailing spaces trimmed).
  var lines: [String] {
    var lines = backend.renderedText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while lines.count < 24 { lines.append("") }
    return lines
  }

  /// The items drawn in the list's rows (terminal rows 4 to 20, under the navigation title bar),
  /// top to bottom, focus brackets removed.
  var listedTitles: [String] {
    lines[4...20].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      .map { $0.hasPrefix("[[") ? String($0.dropFirst().dropLast()) : $0 }
  }

  /// The title of the focused button as drawn; "off screen" when it is not on screen.
  var focused: String? {
    guard let id = backend.focusedNode, let rect = backend.cellRect(of: id) else { return nil }
    let lines = lines
    guard lines.indices.contains(rect.row) else { return "off screen" }
    let line = lines[rect.row].trimmingCharacters(in: .whitespaces)
    return line.hasPrefix("[") && line.hasSuffix("]") ? String(line.dropFirst().dropLast()) : line
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: storage.folder)
  }
}

@MainActor
@Suite("Todos list scrolling in an 80×24 terminal")
struct TodosListScrollingTests {
  /// Each list line is exactly one item, and the lines around the list are what they were
  /// with an empty list: nothing is drawn over anything else.
  func expectNothingOverlaps(_ fixture: TerminalListFixture, sourceLocation: SourceLocation = #_sourceLocation) {
    let lines = fixture.lines
    #expect(lines[0].trimmingCharacters(in: .whitespaces) == "Todos", "title bar: \(lines[0])", sourceLocation: sourceLocation)
    #expect(lines[1].contains("todos"), "the screen's title: \(lines[1])", sourceLocation: sourceLocation)
    #expect(lines[3].isEmpty, "the line between the field and the list: \(lines[3])", sourceLocation: sourceLocation)
    for line in lines[4...20] {
      #expect(
        line.wholeMatch(of: /\s*\[?\[[ x]\] item \d+\]?/) != nil, "a list line that is not one item: '\(line)'",
        sourceLocation: sourceLocation)
    }
    #expect(lines[21].hasPrefix(" 40 items left  "), "footer: \(lines[21])", sourceLocation: sourceLocation)
    #expect(lines[22].hasPrefix(" Tab moves"), "help: \(lines[22])", sourceLocation: sourceLocation)
  }

  @Test("40 items fill the list's 17 lines with no label drawn over a row")
  func firstScreen() async throws {
    let fixture = try await TerminalListFixture(items: 40)
    defer { fixture.remove() }
    #expect(fixture.listedTitles == (1...17).map { "[ ] item \($0)" })
    expectNothingOverlaps(fixture)
    #expect(!fixture.lines.joined().contains("more"))
  }

  @Test("Down from the field walks every item to item 40, each one in view when focused")
  func downReachesLastItem() async throws {
    let fixture = try await TerminalListFixture(items: 40)
    defer { fixture.remove() }
    for number in 1...40 {
      await fixture.press(.down)
      #expect(fixture.focused == "[ ] item \(number)")
      #expect(fixture.listedTitles.contains("[ ] item \(number)"))
    }
    #expect(fixture.listedTitles == (24...40).map { "[ ] item \($0)" })
    expectNothingOverlaps(fixture)
  }

  @Test("Page Down from the first item reaches item 40; Page Up goes back to item 1")
  func pageDownReachesLastItem() async throws {
    let fixture = try await TerminalListFixture(items: 40)
    defer { fixture.remove() }
    await fixture.press(.down)
    #expect(fixture.focused == "[ ] item 1")
    await fixture.press(.pageDown)
    #expect(fixture.focused == "[ ] item 17")
    #expect(fixture.listedTitles.first == "[ ] item 17")
    await fixture.press(.pageDown)
    #expect(fixture.focused == "[ ] item 40")
    #expect(fixture.listedTitles.last == "[ ] item 40")
    expectNothingOverlaps(fixture)
    await fixture.press(.pageUp, times: 3)
    #expect(fixture.focused == "[ ] item 1")
    #expect(fixture.listedTitles.first == "[ ] item 1")
  }

  @Test("toggling an item at the bottom keeps the list where it was scrolled")
  func scrollSurvivesToggle() async throws {
    let fixture = try await TerminalListFixture(items: 40)
    defer { fixture.remove() }
    await fixture.press(.down, times: 40)
    let before = fixture.listedTitles
    await fixture.press(.enter)
    #expect(fixture.store.state.items.last?.isDone == true)
    #expect(fixture.listedTitles == Array(before.dropLast()) + ["[x] item 40"])
    #expect(fixture.focused == "[x] item 40")
  }

  @Test("a long list mounts only the rows near the visible part, and still reaches its last item")
  func longListIsWindowed() async throws {
    let fixture = try await TerminalListFixture(items: 200)
    defer { fixture.remove() }
    // Each mounted row is three nodes (the table's row, the item's row, its button).
    #expect(fixture.renderer.mountedNodeCount < 300)
    await fixture.press(.down)
    await fixture.press(.pageDown, times: 12)
    #expect(fixture.focused == "[ ] item 200")
    #expect(fixture.renderer.mountedNodeCount < 300)
  }
}
