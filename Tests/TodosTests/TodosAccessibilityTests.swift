import KatanaUI
import Testing

@testable import Todos

@MainActor
@Suite("Todos to assistive technology")
struct TodosAccessibilityTests {
  @Test("the list screen is a main landmark under a banner, with a heading, checkboxes with their state, the filter tabs with the shown one and a live count")
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
    // The filter is a tab list; the terminal's tabs are one node, whose value is the shown tab.
    let filters = fixture.backend.accessibilityElements(withRole: .tabList)
    #expect(filters.map(\.name) == ["Filter"])
    #expect(filters.map(\.value) == ["all"])
    #expect(fixture.backend.accessibilityElements(withRole: .status).map(\.description) == [#"status "1 item left" live polite"#])
    #expect(fixture.backend.accessibilityElements(withRole: .listItem).count == 2)
  }
}
