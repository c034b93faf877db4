import ArgumentParser
import Foundation
import Katana
import NotesCore
import Testing

@testable import Notes

@Suite("Notes command line")
struct NotesCommandTests {
  @Test("subcommands parse their arguments and --data; no subcommand opens the UI")
  func parsing() throws {
    let add = try NotesCommand.parseAsRoot(["add", "plan", "--folder", "Work", "--body", "x", "--data", "/tmp/notes"])
    #expect((add as? NotesCommand.Add)?.title == "plan")
    #expect((add as? NotesCommand.Add)?.folder == "Work")
    #expect((add as? NotesCommand.Add)?.options.storage.folder == "/tmp/notes")
    let list = try NotesCommand.parseAsRoot(["list", "--data", "relative"]) as? NotesCommand.List
    #expect(list?.options.storage.folder == FileManager.default.currentDirectoryPath + "/relative")
    #expect((try NotesCommand.parseAsRoot(["search", "a", "b"]) as? NotesCommand.Search)?.words == ["a", "b"])
    #expect(try NotesCommand.parseAsRoot([]) is NotesCommand.Interactive)
    #expect(try NotesCommand.parseAsRoot(["--web", "--port", "0"]) is NotesCommand.Interactive)
    #expect(throws: (any Error).self) { try NotesCommand.parseAsRoot(["add"]) }
    #expect(throws: (any Error).self) { try NotesCommand.parseAsRoot(["--port", "9"]) }
  }

  @Test("add, export, import and undo from the shell share the data folder")
  func shellRoundTrip() async throws {
    let folder = NSTemporaryDirectory() + "katana-notes-cli-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let export = folder + "/export.jsonl"
    for arguments in [["add", "plan", "--body", "a\nb"], ["add", "milk", "--folder", "Work"], ["export", export],
      ["import", export], ["undo"]]
    {
      var command = try NotesCommand.parseAsRoot(arguments + ["--data", folder]) as! any AsyncParsableCommand
      try await command.run()
    }
    let (store, _) = NotesStorage(folder: folder).makeStore()
    await store.waitUntilReady()
    #expect(store.state.notes.map(\.title) == ["plan", "milk"])
    #expect(store.state.notes.map(\.body) == ["a\nb", ""])
  }
}
