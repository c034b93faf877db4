import Testing

@testable import KatanaUI

private enum CellKey: Hashable {
  case cell(column: Int, row: Int)
}

private enum NamedKey: String {
  case title = "the-title"
}

@Suite("Descriptions, keys and views containers")
struct DescriptionTests {
  @Test("setKey stores a String raw value as is and any other value as its description")
  func setKey() {
    var props = EmptyProps()
    props.setKey(NamedKey.title)
    #expect(props.key == "the-title")
    props.setKey(CellKey.cell(column: 2, row: 3))
    #expect(props.key == "cell(column: 2, row: 3)")
    props.setKey("plain")
    #expect(props.key == "plain")
  }

  @Test("a views container finds views by the same key text, and orderedViews really sorts")
  func viewsContainer() {
    let native = PlasticView(key: "", frame: Rect(x: 0, y: 0, width: 10, height: 10), scaleValue: 1)
    let a = PlasticView(key: "cell(column: 1, row: 0)", frame: Rect(x: 5, y: 0, width: 1, height: 1), scaleValue: 1)
    let b = PlasticView(key: "cell(column: 0, row: 0)", frame: Rect(x: 1, y: 0, width: 1, height: 1), scaleValue: 1)
    let container = ViewsContainer<CellKey>(
      nativeView: native, views: [a.key: a, b.key: b], orderedKeys: [a.key, b.key])
    #expect(container[.cell(column: 1, row: 0)] === a)
    #expect(container[.cell(column: 9, row: 9)] == nil)
    #expect(container.filtered { $0.hasSuffix("row: 0)") }.map(\.key) == [a.key, b.key])
    #expect(container.orderedViews(filter: { _ in true }, sortedBy: { $0.frame.minX < $1.frame.minX }).map(\.key) == [b.key, a.key])
    #expect(container.multiplier == 1)
  }

  @Test("descriptions compare equal by type and props; containers compare their children")
  func descriptionEquality() {
    let label = Label(props: LabelProps.build { $0.text = "a" })
    #expect(descriptionsAreEqual(label, Label(props: LabelProps.build { $0.text = "a" })))
    #expect(!descriptionsAreEqual(label, Label(props: LabelProps.build { $0.text = "b" })))
    #expect(!descriptionsAreEqual(label, Image(props: ImageProps())))
    let view = ViewProps(children: { [label] })
    #expect(view == ViewProps(children: { [Label(props: LabelProps.build { $0.text = "a" })] }))
    #expect(view != ViewProps(children: { [] }))
  }

  @Test("button props ignore handler closures but not which events have handlers")
  func buttonEquality() {
    let first = ButtonProps.build { $0.touchHandlers = [.touchUpInside: {}] }
    let second = ButtonProps.build { $0.touchHandlers = [.touchUpInside: {}] }
    let other = ButtonProps.build { $0.touchHandlers = [.touchDown: {}] }
    #expect(first == second)
    #expect(first != other)
    #expect(ButtonProps.build { $0.titles[.normal] = "x" }.title(for: .highlighted) == "x")
  }

  @Test("renderer errors explain themselves")
  func errorTexts() {
    #expect(RendererError.alreadyRendered.description.contains("only once"))
    #expect(PlasticLayoutError.wrongSpacingCount(expected: 2, actual: 3).description.contains("3 spacings"))
  }
}
