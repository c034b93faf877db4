import Foundation
import KatanaUI
import Testing

@testable import KatanaWeb

@Suite("Accessibility in the page's props")
struct PropsEncoderAccessibilityTests {
  /// The props object of one created element.
  private func encoded(_ kind: NativeViewKind, _ props: any NodeDescriptionProps) throws -> [String: Any] {
    let (_, ops, table) = try decodeMessage(MutationEncoder.encode([.create(NodeID(rawValue: 1), kind: kind, props: props)]))
    let op = try #require(ops.first)
    return try #require(elementProps(op, in: table))
  }

  @Test("an element that says nothing to assistive technology carries no accessibility key")
  func nothingSetNothingSent() throws {
    let props = try encoded(.label, LabelProps.build { $0.text = "plain" })
    for key in ["r", "n", "hi", "v", "ck", "sel", "ex", "bz", "hid", "lv", "rg"] { #expect(props[key] == nil) }
  }

  @Test("role, name, hint, states, live region and range are written only as set")
  func setFieldsAreWritten() throws {
    let box = try encoded(.button, ButtonProps.build {
      $0.titles[.normal] = "[x]"
      $0.accessibility = .checkbox(isChecked: true, label: "Done: milk")
      $0.accessibility.hint = "Toggles the item"
      $0.accessibility.isBusy = true
    })
    #expect(box["r"] as? String == "cb")
    #expect(box["n"] as? String == "Done: milk")
    #expect(box["hi"] as? String == "Toggles the item")
    #expect(box["ck"] as? Int == 1)
    #expect(box["bz"] as? Int == 1)
    #expect(box["sel"] == nil)

    let heading = try encoded(.label, LabelProps.build { $0.text = "Todos"; $0.accessibility = .heading(level: 2) })
    #expect(heading["r"] as? String == "h2")
    let main = try encoded(.view, ViewProps.build { $0.accessibility = .landmark(.main) })
    #expect(main["r"] as? String == "main")
    let status = try encoded(.label, LabelProps.build {
      $0.accessibility.role = .status
      $0.accessibility.liveRegion = .assertive
    })
    #expect(status["r"] as? String == "status")
    #expect(status["lv"] as? String == "a")
    let decoration = try encoded(.image, ImageProps.build { $0.image = "sparkle"; $0.accessibility = .decorative })
    #expect(decoration["hid"] as? Int == 1)
    var progress = Accessibility(role: .progressBar)
    progress.range = AccessibilityRange(current: 3, minimum: 0, maximum: 10)
    let bar = try encoded(.view, ViewProps.build { $0.accessibility = progress })
    #expect(bar["r"] as? String == "progress")
    #expect(bar["rg"] as? [Double] == [3, 0, 10])
  }

  @Test("every role has a code the page knows, each landmark its own")
  func roleCodes() {
    let landmarks: [Landmark] = [.main, .navigation, .banner, .contentInfo, .complementary, .search, .region]
    let codes = landmarks.compactMap { PropsEncoder.code(of: .landmark($0)).map { "\($0)" } }
    #expect(Set(codes).count == landmarks.count)
    #expect((1...6).compactMap { PropsEncoder.code(of: .heading(level: $0)).map { "\($0)" } }
      == (1...6).map { "\"h\($0)\"" })
    #expect(PropsEncoder.code(of: .heading(level: 9)).map { "\($0)" } == "\"h6\"")
  }
}

@MainActor
@Suite("Web backend targets")
struct WebBackendTargetTests {
  @Test("controls must be 24 CSS px on a desktop page and 44 on a phone's, in points")
  func minimumTarget() {
    let backend = WebBackend(containerSize: Size(width: 1024, height: 640), pixelsPerPoint: 1.25) { _ in }
    #expect(backend.minimumTargetSize == Size(width: 19.2, height: 19.2))
    let phone = WebBackend(containerSize: Size(width: 312, height: 675), pixelsPerPoint: 1.25) { _ in }
    #expect(phone.minimumTargetSize == Size(width: 35.2, height: 35.2))
    let unscaled = WebBackend(containerSize: Size(width: 1280, height: 800), pixelsPerPoint: 1) { _ in }
    #expect(unscaled.minimumTargetSize == Size(width: 24, height: 24))
  }
}
