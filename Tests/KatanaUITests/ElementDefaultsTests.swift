import Testing

import KatanaUI

/// The defaults the "Deliberate differences" article lists: each one is asserted here, so the
/// article cannot drift from the code.
@Suite("Element defaults, as documented")
struct ElementDefaultsTests {
  @Test("backgrounds are clear (the original: white); a text field is white")
  func backgrounds() {
    #expect(ViewProps().backgroundColor == .clear)
    #expect(LabelProps().backgroundColor == .clear)
    #expect(ButtonProps().backgroundColor == .clear)
    #expect(ImageProps().backgroundColor == .clear)
    #expect(TableProps().backgroundColor == .clear)
    #expect(TextFieldProps().backgroundColor == .white)
  }

  @Test("label defaults follow the original, tightening for truncation included")
  func labelDefaults() {
    let label = LabelProps()
    #expect(label.allowsDefaultTighteningForTruncation)
    #expect(label.textAlignment == .left)
    #expect(label.lineBreakMode == .byClipping)
    #expect(label.numberOfLines == 1)
    #expect(label.adjustsFontSizeToFitWidth)
    #expect(label.minimumScaleFactor == 0.1)
    #expect(label.clipsToBounds)
  }

  @Test("corner radius and border width start at zero Plastic values; views clip (the original's View did not)")
  func stylingDefaults() {
    #expect(ViewProps().cornerRadius == .zero)
    #expect(ViewProps().borderWidth == .zero)
    #expect(ViewProps().borderColor == .clear)
    #expect(ViewProps().clipsToBounds)
    #expect(ButtonProps().cornerRadius == .zero)
    #expect(ImageProps().borderWidth == .zero)
    #expect(TextFieldProps().cornerRadius == .zero)
  }
}
