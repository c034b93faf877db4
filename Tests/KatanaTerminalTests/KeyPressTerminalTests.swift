import KatanaTerminal
import KatanaUI
import Testing

@Suite("Terminal keys as KatanaUI keys")
struct KeyPressTerminalTests {
  static let modifierPairs: [(TerminalKeyModifiers, KeyPress.Modifiers)] = [
    (.shift, .shift), (.alt, .alt), (.control, .control),
  ]

  @Test("the terminal's and KatanaUI's modifiers have the same bits: shift 1, alt 2, control 4")
  func sameBits() {
    for (terminal, katanaUI) in Self.modifierPairs {
      #expect(Int(terminal.rawValue) == katanaUI.rawValue)
    }
    #expect(KeyPress.Modifiers.shift.rawValue == 1)
    #expect(KeyPress.Modifiers.alt.rawValue == 2)
    #expect(KeyPress.Modifiers.control.rawValue == 4)
  }

  @Test("every combination of terminal modifiers converts to the same combination, with the same raw value")
  func everyCombination() {
    for bits in UInt8(0)...7 {
      let terminal = TerminalKeyModifiers(rawValue: bits)
      let converted = KeyPress(TerminalKeyPress(.up, modifiers: terminal))
      #expect(converted?.modifiers == KeyPress.Modifiers(rawValue: Int(bits)), "bits \(bits)")
    }
  }
}
