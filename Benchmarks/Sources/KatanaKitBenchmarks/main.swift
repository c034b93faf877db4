import Foundation
import Katana
import KatanaTerminal
import KatanaUI

// Issue 30's two figures for BENCHMARKS.md:
//
// K1. A keypress in a text area, for documents of 100 to 100,000 lines: the time from the key
//     reaching the terminal backend to the next frame drawn, through the whole app (the backend's
//     edit, the TextEdit event, the store's updater applying it to the document, the renderer's
//     re-render and updateProps, and drawing the 80×24 grid). The claim: it costs what is in
//     view, so the figure stays flat as the document grows.
// K2. A progress bar updated 60 times a second for 10 seconds: the mutations each update costs,
//     counted by a RecordingBackend.
//
// Usage: swift run -c release --package-path Benchmarks KatanaKitBenchmarks

struct NoteState: State {
  var body = TextDocument()
  var progress = 0.0
}

struct EditBody: StateUpdater {
  let edit: TextEdit
  func updateState(_ state: inout NoteState) { state.body.apply(edit) }
}

struct SetProgress: StateUpdater {
  let value: Double
  func updateState(_ state: inout NoteState) { state.progress = value }
}

struct NoteProps: NodeDescriptionProps {
  var body = TextDocument()
  var progress = 0.0
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// A text area filling an 80×23 terminal (on `fontCell`), with a progress bar below it.
struct NoteScreen: ConnectedNodeDescription {
  typealias StoreState = NoteState
  var props: NoteProps

  static func connect(props: inout NoteProps, to storeState: NoteState) {
    props.body = storeState.body
    props.progress = storeState.progress
  }

  static func childrenDescriptions(
    props: NoteProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [
      TextArea(props: TextAreaProps.build {
        $0.key = "body"
        $0.frame = Rect(x: 0, y: 0, width: props.frame.width, height: props.frame.height - 16)
        $0.document = props.body
        $0.onEdit = { edit in dispatch(EditBody(edit: edit)) }
      }),
      ProgressBar(props: ProgressBarProps.build {
        $0.key = "progress"
        $0.frame = Rect(x: 0, y: props.frame.height - 16, width: props.frame.width, height: 16)
        $0.value = props.progress
      }),
    ]
  }
}

typealias NoteStore = Store<NoteState, EmptySideEffectDependencyContainer>

/// A document of `lines` lines of about 60 characters, words and a wide character or two.
func document(lines: Int) -> TextDocument {
  TextDocument((0..<lines).map { "Line \($0): the quick brown fox jumps over the lazy dog, 漢字 \($0 % 97)" }.joined(separator: "\n"))
}

@MainActor
func keypressMicroseconds(lines: Int, keys: Int) async throws -> (median: Double, best: Double) {
  let store = NoteStore()
  try await store.dispatch(Replace(state: NoteState(body: document(lines: lines)))).value
  let backend = TerminalBackend(size: TerminalSize(columns: 80, rows: 24), colorSupport: .ansi16, geometry: .fontCell)
  let renderer = Renderer(rootDescription: NoteScreen(props: NoteProps()), store: store)
  renderer.render(in: backend)
  await renderer.settle()
  guard let area = backend.clickTarget(column: 1, row: 1), backend.focus(area) else {
    fatalError("no text area")
  }
  // The caret in the middle of the document: Page Down half way (each page is 22 rows).
  for _ in 0..<(lines / 2 / 21) { backend.handle(.key(TerminalKeyPress(.pageDown))) }
  var grid = CellGrid(size: backend.size)
  backend.draw(into: &grid)
  let clock = ContinuousClock()
  var samples: [Duration] = []
  for index in 0..<(keys + 50) {
    let character: Character = index % 13 == 12 ? " " : "x"
    let start = clock.now
    backend.handle(.key(.character(character)))
    await renderer.settle()
    backend.draw(into: &grid)
    let elapsed = start.duration(to: clock.now)
    if index >= 50 { samples.append(elapsed) }
  }
  guard store.state.body.lineCount == lines else { fatalError("the edits did not reach the store") }
  let sorted = samples.sorted()
  func microseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
  }
  return (microseconds(sorted[sorted.count / 2]), microseconds(sorted[0]))
}

struct Replace: StateUpdater {
  let state: NoteState
  func updateState(_ current: inout NoteState) { current = state }
}

@MainActor
func progressMutations() async throws -> (updates: Int, barMutations: Int, otherMutations: Int, unchanged: Int) {
  let store = NoteStore()
  try await store.dispatch(Replace(state: NoteState(body: document(lines: 10_000)))).value
  let backend = RecordingBackend(containerSize: Size(width: 640, height: 384))
  let renderer = Renderer(rootDescription: NoteScreen(props: NoteProps()), store: store)
  renderer.render(in: backend)
  await renderer.settle()
  guard let bar = backend.firstView(withKey: "progress")?.id, let screen = backend.rootChildren.first else {
    fatalError("no progress bar")
  }
  backend.clearLog()
  // 60 updates a second for 10 seconds: one per frame at 60 frames a second.
  let updates = 600
  for frame in 1...updates {
    try await store.dispatch(SetProgress(value: Double(frame) / Double(updates))).value
    await renderer.settle()
  }
  let barMutations = backend.log.filter { $0.node == bar }.count
  let otherMutations = backend.log.filter { $0.node != bar && $0.node != screen }.count
  backend.clearLog()
  // Updates that move the bar by less than a thousandth.
  for step in 1...100 {
    try await store.dispatch(SetProgress(value: 1 - Double(step) * 1e-6)).value
    await renderer.settle()
  }
  return (updates, barMutations, otherMutations, backend.log.filter { $0.node == bar }.count)
}

@MainActor
func main() async throws {
  print("K1: a keypress in a text area (backend edit + store + re-render + 80x24 frame), 1,000 keys each")
  print("lines      median µs   best µs")
  for lines in [100, 1_000, 10_000, 100_000] {
    let result = try await keypressMicroseconds(lines: lines, keys: 1_000)
    let linesText = String(lines).padding(toLength: 10, withPad: " ", startingAt: 0)
    print("\(linesText) \(String(format: "%9.1f", result.median))   \(String(format: "%7.1f", result.best))")
  }
  let progress = try await progressMutations()
  print("K2: progress bar, \(progress.updates) updates (60 a second for 10 s): \(progress.barMutations) mutations of the bar, "
    + "\(progress.otherMutations) of other elements; 100 sub-thousandth updates: \(progress.unchanged) mutations")
}

try await main()
