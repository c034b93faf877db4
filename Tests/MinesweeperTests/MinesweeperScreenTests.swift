import ArgumentParser
import ExampleSupport
import Katana
import KatanaTerminal
import KatanaUI
import KatanaWeb
import MinesweeperCore
import Testing

@testable import Minesweeper

/// The game screen rendered on the terminal backend at 80x30, on the board of seed 42 (see
/// `.ci/e2e-terminal.sh` for the picture), with the first move already made on the top-left cell.
@MainActor
struct Fixture {
  let store = Store<MinesweeperState, AppDependencies>()
  let backend = TerminalBackend(
    size: TerminalSize(columns: 80, rows: 30), colorSupport: .ansi256, geometry: .fontCell)
  let renderer: Renderer
  var screen = ScreenBuffer(size: TerminalSize(columns: 80, rows: 30), colorSupport: .ansi256)

  init() async throws {
    store.dependencies.randomSource.reseed(42)
    try await store.dispatch(GameActions.StartGame(difficulty: .beginner)).value
    renderer = Renderer(rootDescription: MinesweeperScreen(props: MinesweeperScreenProps()), store: store)
    renderer.render(in: backend)
    renderer.dispatcher(GameActions.DiscloseCell(CellPosition(column: 0, row: 0)))
    await renderer.settle()
    backend.draw(into: &screen.back)
    _ = screen.present()
  }

  /// Dispatches through the renderer, waits for the UI, and returns (mutations, bytes written).
  mutating func apply(_ item: any Dispatchable) async -> (mutations: Int, output: String) {
    let before = backend.appliedMutationCount
    renderer.dispatcher(item)
    await renderer.settle()
    backend.draw(into: &screen.back)
    return (backend.appliedMutationCount - before, screen.present())
  }

  func line(_ row: Int) -> String {
    var text = screen.front.text(ofRow: row)
    while text.last == " " { text.removeLast() }
    return text
  }
}

@MainActor
@Suite("Minesweeper screen")
struct MinesweeperScreenTests {
  @Test("the board is centred under the title, one row per board row, three columns per cell")
  func layout() async throws {
    let fixture = try await Fixture()
    #expect(fixture.line(1) == "                   MINESWEEPER  Beginner 9x9  Mines left: 10")
    #expect(fixture.line(3) == "                          [ ]       1  .  .  .  .  .")
    #expect(fixture.line(11) == "                           .  .  .  .  .  .  .  .  .")
  }

  @Test("revealing one numbered cell updates only that cell's nodes and rewrites only its cells")
  func revealUpdatesOneCell() async throws {
    var fixture = try await Fixture()
    // (4, 0) shows 1: no flood fill.
    let (mutations, output) = await fixture.apply(GameActions.DiscloseCell(CellPosition(column: 4, row: 0)))
    #expect(mutations <= 2)  // the connected cell and its button; the screen node is untouched
    #expect(fixture.line(3) == "                          [ ]       1  1  .  .  .  .")
    // One cursor move to the cell's first column, its three characters and two style changes.
    #expect(output.hasPrefix("\u{1B}[4;39H"))
    #expect(output.utf8.count < 40)
  }

  @Test("a flag changes its cell and the mine counter, nothing else")
  func flagUpdatesCellAndCounter() async throws {
    var fixture = try await Fixture()
    let (mutations, _) = await fixture.apply(GameActions.ToggleFlag(CellPosition(column: 4, row: 1)))
    #expect(mutations <= 4)  // cell + button, screen + title label
    #expect(fixture.line(1).hasSuffix("Mines left: 9"))
    #expect(fixture.line(4) == "                                    2  F  .  .  .  .")
  }

  @Test("keys bubble from the focused cell: f flags it, r restarts the game")
  func keys() async throws {
    let fixture = try await Fixture()
    fixture.backend.handle(.key(TerminalKeyPress(.right)))
    fixture.backend.handle(.key(TerminalKeyPress(.right)))
    fixture.backend.handle(.key(TerminalKeyPress(.right)))
    fixture.backend.handle(.key(TerminalKeyPress(.right)))
    fixture.backend.handle(.key(TerminalKeyPress(.down)))
    fixture.backend.handle(.key(.character("f")))
    await fixture.renderer.settle()
    #expect(fixture.store.state.game.field.cover(at: CellPosition(column: 4, row: 1)) == .flagged)
    fixture.backend.handle(.key(.character("r")))
    await fixture.renderer.settle()
    #expect(fixture.store.state.game.status == .ready)
    #expect(fixture.store.state.game.field.flagCount == 0)
  }

  @Test("pasted text never acts as shortcut keys; the same keys typed do")
  func pasteIsNotKeys() async throws {
    let fixture = try await Fixture()
    fixture.backend.handle(.paste("3fr"))
    await fixture.renderer.settle()
    #expect(fixture.store.state.game.difficulty == .beginner)
    #expect(fixture.store.state.game.status != .ready)  // not restarted
    #expect(fixture.store.state.game.field.flagCount == 0)
    fixture.backend.handle(.key(.character("3")))
    await fixture.renderer.settle()
    #expect(fixture.store.state.game.difficulty == .expert)
  }

  @Test("the buttons and the status line take their colours from the screen's theme")
  func theme() async throws {
    let store = Store<MinesweeperState, AppDependencies>()
    try await store.dispatch(GameActions.StartGame(difficulty: .beginner)).value
    var props = MinesweeperScreenProps()
    props.theme.control = Color(rgb: 0x112233)
    props.theme.onControl = Color(rgb: 0xAABBCC)
    props.theme.secondaryText = Color(rgb: 0x445566)
    let backend = TerminalBackend(
      size: TerminalSize(columns: 80, rows: 30), colorSupport: .trueColor, geometry: .fontCell)
    let renderer = Renderer(rootDescription: MinesweeperScreen(props: props), store: store)
    renderer.render(in: backend)
    var grid = CellGrid(size: backend.size)
    backend.draw(into: &grid)
    let buttonRow = try #require((0..<30).first { grid.text(ofRow: $0).contains("Restart (r)") })
    let column = try #require(Array(grid.text(ofRow: buttonRow)).firstIndex(of: "R"))
    #expect(grid[column, buttonRow].style.background == .rgb(red: 0x11, green: 0x22, blue: 0x33))
    #expect(grid[column, buttonRow].style.foreground == .rgb(red: 0xAA, green: 0xBB, blue: 0xCC))
    let hintRow = try #require((0..<30).first { grid.text(ofRow: $0).contains("arrows move") })
    let hintColumn = try #require(Array(grid.text(ofRow: hintRow)).firstIndex(of: "a"))
    #expect(grid[hintColumn, hintRow].style.foreground == .rgb(red: 0x44, green: 0x55, blue: 0x66))
    withExtendedLifetime(renderer) {}
  }

  @Test("a right click on a hidden cell flags it; a left click on a mine loses")
  func mouse() async throws {
    let fixture = try await Fixture()
    // Cell (4, 1) is at column 26 + 12 + 1 = 39, row 4 (0-based).
    fixture.backend.handle(.mouse(MouseEvent(button: .right, action: .press, column: 39, row: 4)))
    fixture.backend.handle(.mouse(MouseEvent(button: .right, action: .release, column: 39, row: 4)))
    await fixture.renderer.settle()
    #expect(fixture.store.state.game.minesLeft == 9)
    // The mine at (6, 0): column 26 + 18 + 1 = 45, row 3.
    fixture.backend.handle(.mouse(MouseEvent(button: .left, action: .press, column: 45, row: 3)))
    fixture.backend.handle(.mouse(MouseEvent(button: .left, action: .release, column: 45, row: 3)))
    await fixture.renderer.settle()
    #expect(fixture.store.state.game.status == .lost(exploded: CellPosition(column: 6, row: 0)))
    #expect(fixture.backend.renderedText().contains("BOOM! You lost."))
  }

  @Test(
    "in a browser (no character cell) the cells are square, 28 CSS pixels or more, and everything is inside the window",
    arguments: [Size(width: 312, height: 675.2), Size(width: 1024, height: 640), Size(width: 1536, height: 864)])
  func browserLayout(window: Size) async throws {
    let store = Store<MinesweeperState, AppDependencies>()
    try await store.dispatch(GameActions.StartGame(difficulty: .beginner)).value
    let backend = RecordingBackend(containerSize: window)
    let renderer = Renderer(rootDescription: MinesweeperScreen(props: MinesweeperScreenProps()), store: store)
    renderer.render(in: backend)
    await renderer.settle()
    let cells = (0..<9).flatMap { row in (0..<9).map { column in "cell(column: \(column), row: \(row))" } }
      .compactMap { backend.firstView(withKey: $0)?.props.frame }
    #expect(cells.count == 81)
    // 28 CSS pixels at the page's 1.25 pixels per point.
    #expect(cells.allSatisfy { $0.width == $0.height && $0.width * 1.25 >= 28 })
    for key in ["title", "restart", "difficulty", "status"] {
      let frame = try #require(backend.firstView(withKey: key)?.props.frame, "no \(key)")
      #expect(frame.minX >= 0 && frame.maxX <= window.width && frame.minY >= 0 && frame.maxY <= window.height, "\(key) \(frame)")
    }
    #expect(cells.allSatisfy { $0.minX >= 0 && $0.maxX <= window.width && $0.maxY <= window.height })
    withExtendedLifetime(renderer) {}
  }

  @Test("the command line takes a seed, a difficulty and the web flags, and rejects bad values clearly")
  func commandLine() throws {
    let command = try MinesweeperCommand.parse(["--seed", "42", "--difficulty", "Expert"])
    #expect(command.seed == 42)
    #expect(command.difficulty == .expert)
    #expect(command.web.isEnabled == false)
    let web = try MinesweeperCommand.parse(["--web", "--port", "0", "--host", "0.0.0.0"])
    #expect(web.web.isEnabled)
    #expect(web.web.configuration(title: "Minesweeper").port == 0)
    #expect(web.web.configuration(title: "Minesweeper").host == "0.0.0.0")
    #expect(throws: (any Error).self) { try MinesweeperCommand.parse(["--seed", "-1"]) }
    #expect(throws: (any Error).self) { try MinesweeperCommand.parse(["--seed"]) }
    #expect(throws: (any Error).self) { try MinesweeperCommand.parse(["--difficulty", "hard"]) }
    #expect(throws: (any Error).self) { try MinesweeperCommand.parse(["--fast"]) }
    #expect(throws: (any Error).self) { try MinesweeperCommand.parse(["--port", "9000"]) }
    let message = MinesweeperCommand.message(for: CleanExit.helpRequest())
    #expect(message.contains("--web"))
  }
}
