import Foundation
import Katana
import KatanaTesting
import NotesCore
import Testing

private func temporaryFile(_ name: String = "export.jsonl") -> String {
  let folder = NSTemporaryDirectory() + "katana-notes-transfer-\(UUID().uuidString)"
  try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  return folder + "/" + name
}

/// `count` notes, every third pinned, spread over the default folders.
private func manyNotes(_ count: Int) -> NotesState {
  var state = NotesState()
  for number in 1...count {
    NoteActions.Add(folder: NotesState.defaultFolders[number % 3], title: "note \(number)", body: "line \(number)\nmore")
      .updateState(&state)
    if number % 3 == 0 { NoteActions.SetPinned(id: number, isPinned: true).updateState(&state) }
  }
  return state
}

private func isNamed(_ name: String) -> @Sendable (any Dispatchable) -> Bool {
  { "\(type(of: $0))" == name }
}

@Suite("Import and export")
struct TransferTests {
  @Test("an export reports progress batch by batch, writes the file at the end, and an import reads it back")
  func roundTrip() async throws {
    let path = temporaryFile()
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    let clock = ManualClock()
    let exporting = TestStore<NotesState, AppDependencies>(initialState: manyNotes(50), exhaustivity: .off) { _, _ in
      AppDependencies(clock: clock, persistence: nil)
    }
    let export = await exporting.dispatch(TransferActions.Export(path: path))
    await exporting.receive(where: isNamed("Begin")) {
      $0.transfer = TransferProgress(kind: .export, path: path, total: 50)
    }
    // Batches of 20: 20, 40, 50, each after its pause.
    for done in [20, 40] {
      await clock.waitForSleepers()
      #expect(!FileManager.default.fileExists(atPath: path), "written only at the end")
      await clock.advance(by: .milliseconds(25))
      await exporting.receive(where: isNamed("Advance")) { $0.transfer?.done = done }
    }
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(25))
    await exporting.receive(where: isNamed("Advance")) { $0.transfer?.done = 50 }
    await exporting.receive(where: isNamed("End")) { $0.transfer?.phase = .finished }
    try await export.value
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 51)
    #expect(lines[0] == #"{"count":50,"format":"katana-notes","version":1}"#)

    var start = NotesState()
    NoteActions.Add(folder: "Notes", title: "mine").updateState(&start)
    let importing = TestStore<NotesState, AppDependencies>(initialState: start, exhaustivity: .off) { _, _ in
      AppDependencies(clock: clock, timing: .immediate, persistence: nil)
    }
    try await importing.dispatch(TransferActions.Import(path: path)).value
    #expect(importing.state.transfer == TransferProgress(kind: .import, path: path, done: 50, total: 50, phase: .finished))
    let imported = Array(importing.state.notes.dropFirst())
    #expect(imported.map(NoteContent.init) == exporting.state.notes.map(NoteContent.init))
    #expect(imported.map(\.id) == Array(2...51), "imported notes get new ids")
    await importing.finish()
  }

  @Test("cancelling an import at its pause adds nothing; cancelling an export writes no file")
  func cancel() async throws {
    let path = temporaryFile()
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    let source = manyNotes(45)
    let writer = TransferManager(batchSize: 100, pause: .zero, clock: ContinuousClock())
    try writer.write(writer.header(count: 45) + writer.encode(source.notes.map(NoteContent.init)), to: path)

    let clock = ManualClock()
    let store = TestStore<NotesState, AppDependencies>(initialState: NotesState(), exhaustivity: .off) { _, _ in
      AppDependencies(clock: clock, persistence: nil)
    }
    let running = await store.dispatch(TransferActions.Import(path: path))
    await store.receive(where: isNamed("Begin")) { $0.transfer = TransferProgress(kind: .import, path: path) }
    await store.receive(where: isNamed("Advance")) { $0.transfer?.total = 45 }
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(25))
    await store.receive(where: isNamed("Advance")) { $0.transfer?.done = 20 }
    await clock.waitForSleepers()
    // A second transfer while one runs is refused: it starts cancelled and changes nothing.
    await #expect(throws: CancellationError.self) { try await store.dispatch(TransferActions.Export(path: path)).value }
    try await store.dispatch(TransferActions.Cancel()).value
    await #expect(throws: CancellationError.self) { try await running.value }
    #expect(store.state.notes.isEmpty)
    #expect(store.state.transfer == TransferProgress(kind: .import, path: path, done: 20, total: 45, phase: .cancelled))

    let target = temporaryFile("cancelled.jsonl")
    let store2 = TestStore<NotesState, AppDependencies>(initialState: source, exhaustivity: .off) { _, _ in
      AppDependencies(clock: clock, persistence: nil)
    }
    let export = await store2.dispatch(TransferActions.Export(path: target))
    await clock.waitForSleepers()
    try await store2.dispatch(TransferActions.Cancel()).value
    await #expect(throws: CancellationError.self) { try await export.value }
    #expect(store2.state.transfer?.phase == .cancelled)
    #expect(!FileManager.default.fileExists(atPath: target))
    await store.finish()
    await store2.finish()
  }

  @Test("bad files stop an import with a typed error that the transfer shows, and nothing is added")
  func badFiles() async throws {
    let path = temporaryFile("bad.jsonl")
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    let manager = TransferManager(batchSize: 10, pause: .zero, clock: ContinuousClock())
    let header = String(decoding: manager.header(count: 2), as: UTF8.self)
    let note = #"{"body":"","folder":"Notes","isPinned":false,"title":"a"}"#
    let cases: [(String, TransferError)] = [
      ("hello\n", .notAnExport(path: path)),
      (#"{"count":0,"format":"katana-notes","version":2}"# + "\n", .unsupportedVersion(path: path, version: 2)),
      (header + note + "\n", .badLine(path: path, line: 2, reason: "the header says 2 notes, the file has 1")),
      (header + note + "\n{\"title\":3}\n", .badLine(path: path, line: 3, reason: "not a note")),
      (header + note + "\n" + #"{"body":"","folder":"Notes","isPinned":false,"title":"  "}"# + "\n",
       .badLine(path: path, line: 3, reason: "a note needs a title and a folder")),
    ]
    for (contents, expected) in cases {
      try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
      let store = TestStore<NotesState, AppDependencies>(initialState: NotesState(), exhaustivity: .off) { _, _ in
        AppDependencies(clock: ContinuousClock(), timing: .immediate, persistence: nil)
      }
      await #expect(throws: expected) { try await store.dispatch(TransferActions.Import(path: path)).value }
      #expect(store.state.transfer?.phase == .failed(expected.description))
      #expect(store.state.notes.isEmpty)
      await store.finish()
    }
    #expect(throws: TransferError.unreadable(path: path + ".missing", reason: "no such file")) {
      try manager.read(at: path + ".missing")
    }
    let small = TransferManager(batchSize: 10, pause: .zero, clock: ContinuousClock(), maximumBytes: 10)
    #expect(throws: TransferError.tooLarge(path: path, bytes: 165, maximum: 10)) { try small.read(at: path) }
  }

  @Test("export replaces an older export but refuses to replace any other file")
  func refusesToReplace() throws {
    let path = temporaryFile("letter.txt")
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    let manager = TransferManager(batchSize: 10, pause: .zero, clock: ContinuousClock())
    try Data("Dear Sir,\n".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: TransferError.wouldReplace(path: path)) { try manager.write(manager.header(count: 0), to: path) }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "Dear Sir,\n")
    let export = (path as NSString).deletingLastPathComponent + "/notes.jsonl"
    try manager.write(manager.header(count: 0), to: export)
    try manager.write(manager.header(count: 1) + manager.encode([NoteContent(folder: "Notes", title: "a")]), to: export)
    #expect(try manager.read(at: export).lines.count == 1)
  }
}
