import Foundation
import Katana
import KatanaTesting
import KatanaUI
import NotesCore
import Testing

@testable import Notes

/// The Notes screens on the in-memory backend at 80 columns by 24 rows, on a store saving to a
/// fresh folder (so undo and redo go through the real history) whose waits run on a manual clock.
@MainActor
struct NotesFixture {
  let storage = NotesStorage(folder: NSTemporaryDirectory() + "katana-notes-screen-\(UUID().uuidString)")
  let clock = ManualClock()
  let store: Store<NotesState, AppDependencies>
  let backend: RecordingBackend
  let renderer: Renderer

  /// - Parameters:
  ///   - size: the window; 80 × 24 terminal cells of 8 × 16 points by default.
  ///   - timing: the app's waits; none by default, so every event settles at once. Tests of the
  ///     spinner, the message and the progress bar pass `.interactive` and move ``clock``.
  init(size: Size = Size(width: 640, height: 384), timing: AppDependencies.Timing = .immediate) async {
    backend = RecordingBackend(containerSize: size)
    store = storage.makeStore(clock: clock, timing: timing).store
    await store.waitUntilReady()
    renderer = Renderer(rootDescription: NotesLauncher.rootScreen, store: store)
    renderer.render(in: backend)
    await renderer.settle()
  }

  func send(_ event: NodeEvent, to key: String) async {
    #expect(backend.send(event, toKey: key), "no view with key \(key)")
    await renderer.settle()
  }

  /// Writes a note from the list's field (which opens it), then goes back to the list.
  func write(_ title: String) async {
    await send(.textInput(title), to: NotesListScreen.Keys.field)
    await send(.key(KeyPress(.enter)), to: NotesListScreen.Keys.field)
    await send(.tap, to: NavigationRoot<NotesScreens>.Keys.back.rawValue)
  }

  /// Sends `event` whose work waits on the clock: returns once that work sleeps, with the
  /// screen showing the state so far. Move ``clock`` on, then ``settle()``.
  func sendUntilSleeping(_ event: NodeEvent, to key: String, sleepers: Int = 1) async {
    #expect(backend.send(event, toKey: key), "no view with key \(key)")
    await clock.waitForSleepers(sleepers)
    await render()
  }

  /// Shows the store's latest state on the screen while side effects still run (``Renderer/settle()``
  /// would wait for them): the renderer hears the store on the main actor, in a task queued
  /// before this one's.
  func render() async {
    await Task { @MainActor in }.value
    renderer.flush()
  }

  /// Moves the clock on by `duration` and shows what the woken work did.
  func advance(by duration: Duration) async {
    await clock.advance(by: duration)
    await render()
  }

  /// Waits until everything dispatched has finished and the screen shows it.
  func settle() async {
    await renderer.settle()
  }

  func props<P: NodeDescriptionProps>(_ key: String, as type: P.Type = P.self) -> P? {
    backend.firstView(withKey: key)?.props as? P
  }

  func text(_ key: String) -> String? {
    guard let props = backend.firstView(withKey: key)?.props else { return nil }
    if let label = props as? LabelProps { return label.text }
    if let button = props as? ButtonProps { return button.titles[.normal] }
    if let field = props as? TextFieldProps { return field.text }
    if let status = props as? StatusProps { return status.text }
    return nil
  }

  /// The titles of the rows shown (each row's button carries the row's key plus `.title`).
  func rows(prefix: String = NotesListScreen.Keys.rowPrefix) -> [String] {
    store.state.notes.compactMap { text("\(prefix)\($0.id).title") }
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: storage.folder)
  }
}
