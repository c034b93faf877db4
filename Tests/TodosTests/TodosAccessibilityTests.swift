import KatanaUI
import Testing

@testable import Todos

@MainActor
@Suite("Todos to assistive technology")
struct TodosAccessibilityTests {
  @Test("the list screen is a main landmark under a banner, with a heading, checkboxes with their state, the shown filter selected and a live count")
  func listScreen() async {
    let fixture = await Fixture()
    defer { fixture.remove() }
    await fixture.type("milk")
    await fixture.type("eggs")
    await fixture.send(.tap, to: "row-1.button")
    let tree = fixture.backend.accessibilityTree
    #expect(tree.map(\.role) == [.landmark(.main), .landmark(.banner)])
    #expect(fixture.backend.accessibilityElements(withRole: .heading(level: 1)).map(\.name) == ["todos"])
    let boxes = fixture.backend.accessibilityElements(withRole: .checkbox)
    #expect(boxes.map(\.description) == [#"checkbox "Done: milk" checked"#, #"checkbox "Done: eggs" unchecked"#])
    let filters = fixture.backend.accessibilityElements(withRole: .button).filter { $0.name.hasPrefix("Show ") }
    #expect(filters.map(\.name) == ["Show all", "Show active", "Show done"])
    #expect(filters.map(\.isSelected) == [true, false, false])
    #expect(fixture.backend.accessibilityElements(withRole: .status).map(\.description) == [#"status "1 item left" live polite"#])
    #expect(fixture.backend.accessibilityElements(withRole: .listItem).count == 2)
  }
}
