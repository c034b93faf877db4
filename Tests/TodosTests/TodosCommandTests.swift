import ArgumentParser
import Foundation
import Katana
import Testing
import TodosCore

@testable import Todos

@Suite("Todos command line")
struct TodosCommandTests {
  @Test("subcommands parse their arguments and --data; no subcommand opens the UI")
  func parsing() throws {
    let add = try TodosCommand.parseAsRoot(["add", "milk", "--data", "/tmp/list"])
    #expect((add as? TodosCommand.Add)?.title == "milk")
    #expect((add as? TodosCommand.Add)?.options.storage.folder == "/tmp/list")
    let done = try TodosCommand.parseAsRoot(["done", "2"])
    #expect((done as? TodosCommand.Done)?.number == 2)
    #expect((done as? TodosCommand.Done)?.options.storage.folder == TodosStorage.defaultFolder())
    #expect(try TodosCommand.parseAsRoot(["undo"]) is TodosCommand.Undo)
    #expect(try TodosCommand.parseAsRoot(["list", "--data", "relative"]) is TodosCommand.List)
    let list = try TodosCommand.parseAsRoot(["list", "--data", "relative"]) as? TodosCommand.List
    #expect(list?.options.storage.folder == FileManager.default.currentDirectoryPath + "/relative")
    #expect(try TodosCommand.parseAsRoot([]) is TodosCommand.Interactive)
  }

  @Test("a bad number or a missing title is refused by the parser")
  func refusals() {
    #expect(throws: (any Error).self) { try TodosCommand.parseAsRoot(["done", "two"]) }
    #expect(throws: (any Error).self) { try TodosCommand.parseAsRoot(["add"]) }
    #expect(throws: (any Error).self) { try TodosCommand.parseAsRoot(["remove", "1"]) }
  }

  @Test("add, done and undo from the shell change the shared data folder")
  func shellRoundTrip() async throws {
    let folder = NSTemporaryDirectory() + "katana-todos-cli-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for arguments in [["add", "milk"], ["add", "eggs"], ["done", "2"], ["undo"], ["done", "1"]] {
      var command = try TodosCommand.parseAsRoot(arguments + ["--data", folder]) as! any AsyncParsableCommand
      try await command.run()
    }
    let (store, _) = TodosStorage(folder: folder).makeStore()
    await store.waitUntilReady()
    #expect(store.state.items.map(\.isDone) == [true, false])
    #expect(store.state.items.map(\.title) == ["milk", "eggs"])
  }
}
