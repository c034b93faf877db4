import Katana
import Testing

@testable import KatanaUI

/// A Plastic screen whose one box is three cells by one on a character grid and a 32-point square
/// elsewhere: the shape a layout picks from ``ViewsContainer/characterCell``.
private struct MediumScreen: PlasticNodeDescription {
  enum Keys: String { case box }
  var props: EmptyProps

  static func childrenDescriptions(
    props: EmptyProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [View(props: ViewProps.build { $0.setKey(Keys.box) })]
  }

  static func layout(views: ViewsContainer<Keys>, props: EmptyProps, state: EmptyState) {
    let box = views[.box]!
    if let cell = views.characterCell {
      box.size = .fixed(3 * cell.width, cell.height)
    } else {
      box.size = .fixed(32, 32)
    }
  }
}

/// A recording backend that says it draws on a grid of `cell`-sized characters, as a terminal does.
@MainActor
private final class GridBackend: RendererBackend {
  let recording: RecordingBackend
  let characterCell: Size?

  init(cell: Size) {
    recording = RecordingBackend(containerSize: Size(width: 640, height: 384))
    characterCell = cell
  }

  var containerSize: Size { recording.containerSize }
  func attach(_ sink: any BackendEventSink) { recording.attach(sink) }
  func apply(_ mutations: [Mutation]) { recording.apply(mutations) }
}

@MainActor
@Suite("Character cell")
struct CharacterCellTests {
  @Test("a layout sees no character cell on a backend that places elements freely")
  func freeMedium() {
    let backend = RecordingBackend(containerSize: Size(width: 640, height: 384))
    #expect(backend.characterCell == nil)
    let renderer = Renderer(rootDescription: MediumScreen(props: EmptyProps()), store: nil)
    renderer.render(in: backend)
    #expect(backend.firstView(withKey: "box")?.props.frame.size == Size(width: 32, height: 32))
  }

  @Test("a layout sees the backend's character cell and shapes its views from it")
  func gridMedium() {
    let backend = GridBackend(cell: Size(width: 8, height: 16))
    let renderer = Renderer(rootDescription: MediumScreen(props: EmptyProps()), store: nil)
    renderer.render(in: backend)
    #expect(backend.recording.firstView(withKey: "box")?.props.frame.size == Size(width: 24, height: 16))
  }

  @Test("PlasticLayout.frames runs a layout as on either medium")
  func standaloneLayout() {
    let run = { (cell: Size?) in
      PlasticLayout.frames(of: [MediumScreen.Keys.box], in: Size(width: 100, height: 100), multiplier: 1, characterCell: cell) {
        MediumScreen.layout(views: $0, props: EmptyProps(), state: EmptyState())
      }[.box]?.size
    }
    #expect(run(Size(width: 1, height: 2)) == Size(width: 3, height: 2))
    #expect(run(nil) == Size(width: 32, height: 32))
  }
}
