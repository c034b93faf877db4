import Katana
import Testing

@testable import KatanaUI

/// A screen that records the keys and pastes that bubble up to it from a label.
struct KeyRecordingScreen: NodeDescription {
  struct Props: NodeDescriptionProps {
    var frame = Rect.zero
    var alpha = 1.0
    var key: String?
  }

  var props: Props

  static func childrenDescriptions(
    props: Props, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [Label(props: LabelProps.build { $0.key = "inner" })]
  }

  static func handle(
    event: NodeEvent, props: Props, state: EmptyState, dispatch: Dispatcher, update: @escaping Update<EmptyState>
  ) -> Bool {
    switch event {
    case .key(let press):
      dispatch(SetTitle(title: "key \(press.key) \(press.modifiers.rawValue)"))
      return true
    case .paste(let text):
      dispatch(SetTitle(title: "paste \(text)"))
      return true
    default:
      return false
    }
  }
}

@MainActor
@Suite("Node events: keys and pastes")
struct NodeEventTests {
  @Test("Home, End, PageUp, PageDown, Insert, Delete and F1–F12 with modifiers bubble to a handler")
  func newKeys() async throws {
    let harness = try await RendererHarness(KeyRecordingScreen(props: KeyRecordingScreen.Props()))
    let presses: [(KeyPress, String)] = [
      (KeyPress(.home), "key home 0"), (KeyPress(.end, modifiers: .shift), "key end 1"),
      (KeyPress(.pageUp), "key pageUp 0"), (KeyPress(.pageDown, modifiers: .control), "key pageDown 4"),
      (KeyPress(.insert), "key insert 0"), (KeyPress(.delete, modifiers: .alt), "key delete 2"),
      (KeyPress(.function(1)), "key function(1) 0"),
      (KeyPress(.function(12), modifiers: [.shift, .control]), "key function(12) 5"),
    ]
    for (press, title) in presses {
      #expect(harness.backend.send(.key(press), toKey: "inner"))
      await harness.renderer.settle()
      #expect(harness.store.state.title == title)
    }
  }

  @Test("a paste bubbles as one event with the whole text")
  func paste() async throws {
    let harness = try await RendererHarness(KeyRecordingScreen(props: KeyRecordingScreen.Props()))
    #expect(harness.backend.send(.paste("two\nlines"), toKey: "inner"))
    await harness.renderer.settle()
    #expect(harness.store.state.title == "paste two\nlines")
  }

  @Test("a text field ignores a paste event: backends turn pastes into one text input instead")
  func textFieldIgnoresPasteEvents() async throws {
    let harness = try await RendererHarness(FormScreen(props: FormScreen.Props()))
    harness.backend.send(.paste("hello"), toKey: "field")
    await harness.renderer.settle()
    #expect(harness.store.state.title == "")
  }
}
