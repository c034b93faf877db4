import Testing

@testable import KatanaUI

/// Key bindings declared once: they handle keys and make the terminal's help line and the
/// browser's hints.
@MainActor
@Suite("Key bindings")
struct KeyBindingTests {
  @Test("a binding runs its action for any of its keys; hints and other keys are not handled")
  func handling() {
    var log: [String] = []
    let bindings = [
      KeyBinding(.tab, help: "moves", where: .terminal),
      KeyBinding(.character("x"), KeyPress(.delete), help: "deletes") { log.append("delete") },
      KeyBinding(.character("z"), modifiers: .control, help: "undo") { log.append("undo") },
    ]
    #expect(bindings.handle(.key(KeyPress(.delete))))
    #expect(bindings.handle(.key(KeyPress(.character("z"), modifiers: .control))))
    #expect(!bindings.handle(.key(KeyPress(.character("z")))))
    #expect(!bindings.handle(.key(KeyPress(.tab))))
    #expect(!bindings.handle(.tap))
    #expect(log == ["delete", "undo"])
  }

  @Test("the terminal line shows terminal bindings with terminal key names; the browser names keys its way")
  func help() {
    let bindings = [
      KeyBinding(.tab, help: "moves", where: .terminal),
      KeyBinding(.character("x"), help: "deletes") {},
      KeyBinding(.up, help: "walks", keyLabel: "↑↓"),
      KeyBinding(.character("z"), modifiers: .control, help: "undo") {},
      KeyBinding(.character("?"), help: "help", where: .browser),
      .quit,
    ]
    #expect(KeyHelpBar.terminalLine(for: bindings) == "Tab moves · x deletes · ↑↓ walks · ^Z undo · ^Q quits")
    #expect(KeyHelpBar.browserName(of: KeyPress(.character("z"), modifiers: .control)) == "Ctrl+Z")
    #expect(KeyHelpBar.browserName(of: KeyPress(.pageDown)) == "Page Down")
    #expect(KeyHelpBar.terminalName(of: KeyPress(.escape)) == "Esc")
    #expect(KeyHelpBar.terminalName(of: KeyPress(.character("x"), modifiers: .alt)) == "M-x")
  }
}
