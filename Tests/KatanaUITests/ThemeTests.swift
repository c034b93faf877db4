import Testing

@testable import KatanaUI

@Suite("Theme")
struct ThemeTests {
  @Test("apply colours labels, buttons and text fields from the theme's roles")
  func apply() {
    var theme = Theme.standard
    theme.text = Color(rgb: 0x010203)
    theme.control = Color(rgb: 0x112233)
    theme.onControl = Color(rgb: 0x445566)
    theme.secondaryText = Color(rgb: 0x778899)
    theme.background = Color(rgb: 0xAABBCC)
    let label = LabelProps.build { theme.apply(to: &$0) }
    #expect(label.textColor == Color(rgb: 0x010203))
    let button = ButtonProps.build { theme.apply(to: &$0) }
    #expect(button.backgroundColor == Color(rgb: 0x112233))
    #expect(button.titleColors[.normal] == Color(rgb: 0x445566))
    #expect(button.titleColors[.disabled] == Color(rgb: 0x778899))
    let field = TextFieldProps.build { theme.apply(to: &$0) }
    #expect(field.textColor == Color(rgb: 0x010203))
    #expect(field.backgroundColor == Color(rgb: 0xAABBCC))
  }

  @Test("the presets differ and keep KatanaUI's platform-default text and background")
  func presets() {
    #expect(Theme.standard != Theme.highContrast)
    #expect(Theme.standard.text == .black)
    #expect(Theme.standard.background == .white)
    // Titles stay readable on their controls.
    for theme in [Theme.standard, .highContrast] { #expect(theme.control != theme.onControl) }
  }
}
