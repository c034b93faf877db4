import Foundation
import KatanaGuidelines
import Testing

/// The `katana-guidelines` command line: what it prints and its exit status, which CI and the
/// plugin's `--strict` rely on.
@Suite("katana-guidelines command")
struct GuidelinesCommandTests {
  @Test("findings print in the compiler's form; without --strict the status is 0, with it 1")
  func strictFailsOnFindings() throws {
    let root = try fixtureRoot("Namespaces")
    var lines: [String] = []
    var messages: [String] = []
    let relaxed = GuidelinesCommand.run(["\(root)/AppCore"], output: { lines.append($0) }, errors: { messages.append($0) })
    #expect(relaxed == 0)
    #expect(lines.count == 2)
    #expect(
      lines.first
        == "\(root)/AppCore/Logic/Login/LoginActions.swift:14:10: warning: [namespaces] only this file uses the state updater SetUser: make it fileprivate (in a fileprivate extension of its namespace), so the module's interface shows only what the rest of the app dispatches"
    )
    #expect(messages == ["katana-guidelines: 2 finding(s) in 1 file(s)"])

    let strict = GuidelinesCommand.run(["--strict", "\(root)/AppCore"], output: { _ in }, errors: { _ in })
    #expect(strict == 1)
  }

  @Test("--strict on an app without findings exits 0")
  func strictPassesWhenClean() throws {
    let root = try fixtureRoot("Clean")
    var lines: [String] = []
    let status = GuidelinesCommand.run(
      ["--strict", "\(root)/AppCore", "\(root)/App"], output: { lines.append($0) }, errors: { _ in }
    )
    #expect(status == 0)
    #expect(lines == [])
  }

  @Test("--context folders are read, not checked")
  func contextIsNotChecked() throws {
    let root = try fixtureRoot("Namespaces")
    var lines: [String] = []
    let status = GuidelinesCommand.run(
      ["--strict", "--context", "\(root)/UsesSetUser", "--context", "\(root)/AppCore", "\(root)/UsesSetUser"],
      output: { lines.append($0) }, errors: { _ in }
    )
    #expect(status == 0)
    #expect(lines == [])
  }

  @Test("thresholds come from a configuration file, and options override it")
  func configurationFile() throws {
    let root = try fixtureRoot("SimpleSideEffects")
    let configuration = FileManager.default.temporaryDirectory.appending(path: "katana-guidelines-\(UUID()).json")
    try Data(#"{"maxSideEffectBodyLines": 30}"#.utf8).write(to: configuration)
    defer { try? FileManager.default.removeItem(at: configuration) }
    var lines: [String] = []
    _ = GuidelinesCommand.run(
      ["--config", configuration.path(), "\(root)/AppCore"], output: { lines.append($0) }, errors: { _ in }
    )
    #expect(lines.count == 2)
    #expect(!lines.contains { $0.contains("lines of code") })

    lines = []
    _ = GuidelinesCommand.run(
      ["--config", configuration.path(), "--max-side-effect-body-lines", "2", "\(root)/AppCore"],
      output: { lines.append($0) }, errors: { _ in }
    )
    #expect(lines.filter { $0.contains("lines of code") }.count == 2)
  }

  @Test("a wrong command line, folder or configuration exits 2 with a message")
  func usageErrors() throws {
    var messages: [String] = []
    #expect(GuidelinesCommand.run([], output: { _ in }, errors: { messages.append($0) }) == 2)
    #expect(messages.first == "katana-guidelines: error: name at least one target folder")
    messages = []
    #expect(GuidelinesCommand.run(["--bogus", "x"], output: { _ in }, errors: { messages.append($0) }) == 2)
    #expect(messages.first == "katana-guidelines: error: unknown option '--bogus'")
    messages = []
    #expect(GuidelinesCommand.run(["/nonexistent"], output: { _ in }, errors: { messages.append($0) }) == 2)
    #expect(messages == ["katana-guidelines: error: '/nonexistent' is not a folder"])
    messages = []
    #expect(
      GuidelinesCommand.run(["--max-side-effect-body-lines", "many", "x"], output: { _ in }, errors: { messages.append($0) })
        == 2
    )
    #expect(messages.first == "katana-guidelines: error: --max-side-effect-body-lines needs a whole number, not 'many'")
  }
}
