import Testing

@testable import KatanaUI

@MainActor
@Suite("The recording backend's accessibility tree")
struct AccessibilityTreeTests {
  private func render(_ children: [AnyNodeDescription]) -> RecordingBackend {
    let backend = RecordingBackend(containerSize: Size(width: 320, height: 480))
    let renderer = Renderer(rootDescription: View(props: ViewProps(children: { children })), store: nil)
    renderer.render(in: backend)
    return backend
  }

  @Test("elements read in tree order with their natural names, and unnamed layout groups are flattened")
  func naturalMeaning() {
    let backend = render([
      Label(props: LabelProps.build { $0.text = "Todos"; $0.accessibility = .heading(level: 1) }),
      View(props: ViewProps(children: {
        [
          Button(props: ButtonProps.build { $0.titles[.normal] = "Add" }),
          TextField(props: TextFieldProps.build { $0.placeholder = "What needs to be done?"; $0.text = "Milk" }),
        ]
      })),
    ])
    #expect(
      backend.accessibilityOutline == """
        heading 1 "Todos"
        button "Add"
        textField "What needs to be done?" value "Milk"
        """)
  }

  @Test("hidden subtrees and decorative images are dropped; landmarks and named groups keep their children")
  func pruning() {
    let backend = render([
      View(props: ViewProps.build { view in
        view.accessibility = .landmark(.main)
        view.children = [
          Image(props: ImageProps.build { $0.image = "sparkle"; $0.accessibility = .decorative }),
          Label(props: LabelProps.build { $0.text = "" }),
          View(props: ViewProps.build { hidden in
            hidden.accessibility.isHidden = true
            hidden.children = [Button(props: ButtonProps.build { $0.titles[.normal] = "secret" })]
          }),
          Button(props: ButtonProps.build { box in
            box.titles[.normal] = "[x]"
            box.accessibility = .checkbox(isChecked: true, label: "Done: Milk")
          }),
        ]
      })
    ])
    #expect(
      backend.accessibilityOutline == """
        landmark main
          checkbox "Done: Milk" checked
        """)
    #expect(backend.accessibilityElements(withRole: .checkbox).map(\.isChecked) == [true])
  }

  @Test("a busy, disabled button and a polite status carry their states")
  func states() {
    let backend = render([
      Button(props: ButtonProps.build { button in
        button.titles[.normal] = "Save"
        button.isEnabled = false
        button.accessibility.isBusy = true
      }),
      Label(props: LabelProps.build { $0.text = "3 items left"; $0.accessibility.role = .status }),
    ])
    #expect(
      backend.accessibilityOutline == """
        button "Save" busy disabled
        status "3 items left" live polite
        """)
  }
}

@MainActor
@Suite("Images say what they show")
struct ImageNameDiagnosticTests {
  @Test("an image with neither a label nor the decorative mark is reported once; named and decorative ones are not")
  func unnamedImageIsReported() {
    let children: [AnyNodeDescription] = [
      Image(props: ImageProps.build { $0.key = "logo"; $0.image = "logo" }),
      Image(props: ImageProps.build { $0.key = "flag"; $0.image = "flag"; $0.accessibility.label = "Flag" }),
      Image(props: ImageProps.build { $0.key = "sparkle"; $0.image = "sparkle"; $0.accessibility = .decorative }),
    ]
    let backend = RecordingBackend()
    let renderer = Renderer(rootDescription: View(props: ViewProps(children: { children })), store: nil)
    renderer.render(in: backend)
    #if DEBUG
      #expect(renderer.errors.count == 1)
      guard case .unnamedImage(let parent, let key)? = renderer.errors.first else {
        Issue.record("expected an unnamed-image report, got \(renderer.errors)")
        return
      }
      #expect(parent == String(reflecting: View.self))
      #expect(key == "logo")
      #expect(renderer.errors.first?.description.contains("accessibility = .decorative") == true)
    #else
      #expect(renderer.errors.isEmpty)
    #endif
  }
}

/// A recording backend that asks for a minimum target, as a browser page does.
@MainActor
private final class TargetBackend: RendererBackend {
  let recording = RecordingBackend(containerSize: Size(width: 320, height: 200))
  let minimumTargetSize: Size
  init(minimumTargetSize: Size) { self.minimumTargetSize = minimumTargetSize }
  var containerSize: Size { recording.containerSize }
  func attach(_ sink: any BackendEventSink) { recording.attach(sink) }
  func apply(_ mutations: [Mutation]) { recording.apply(mutations) }
}

/// Records the medium its children were described in.
private struct MediumProbe: NodeDescription {
  var props = EmptyProps()
  @MainActor static var seen: [RenderingMedium] = []
  @MainActor static func childrenDescriptions(
    props: EmptyProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    seen.append(RenderingMedium.current)
    return []
  }
}

@MainActor
@Suite("The rendering medium")
struct RenderingMediumTests {
  @Test("descriptions see the backend's minimum target during a pass, and no minimum outside one")
  func minimumTargetDuringPass() {
    MediumProbe.seen = []
    let backend = TargetBackend(minimumTargetSize: Size(width: 35.2, height: 35.2))
    let renderer = Renderer(rootDescription: MediumProbe(), store: nil)
    renderer.render(in: backend)
    #expect(MediumProbe.seen.map(\.minimumTargetSize) == [Size(width: 35.2, height: 35.2)])
    #expect(RenderingMedium.current == .unconstrained)
  }
}
