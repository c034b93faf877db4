import Katana
import KatanaTesting
import Testing

@testable import KatanaUI

/// Shows one leaf per `AppState.items` entry; when the items change, leaves fade in and leave by
/// moving 100 points to the left, over one second.
struct Slideshow: ConnectedNodeDescription {
  var props: ListProps

  static let animation = Animation(
    type: .linear(duration: .seconds(1)), entryTransformers: [AnimationProps.fade()],
    leaveTransformers: [AnimationProps.moveLeft(distance: 100)])

  static func connect(props: inout ListProps, to storeState: AppState) { props.items = storeState.items }

  static func childrenDescriptions(
    props: ListProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    props.items.map { Leaf(props: LeafProps(frame: Rect(x: 10, y: 0, width: 100, height: 100), key: $0)) }
  }

  static func updateChildrenAnimations(
    container: inout ChildrenAnimations<EmptyKeys>, currentProps: ListProps, nextProps: ListProps,
    currentState: EmptyState, nextState: EmptyState
  ) {
    if currentProps.items != nextProps.items { container.allChildren = animation }
  }
}

/// Like ``Slideshow``, but the leaves live inside a keyed container ``View``: the container
/// passes the animations on to them.
struct BoxedSlideshow: ConnectedNodeDescription {
  var props: ListProps

  static func connect(props: inout ListProps, to storeState: AppState) { props.items = storeState.items }

  static func childrenDescriptions(
    props: ListProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [
      View(
        props: ViewProps.build { box in
          box.key = "box"
          box.children = props.items.map {
            Leaf(props: LeafProps(frame: Rect(x: 10, y: 0, width: 100, height: 100), key: $0))
          }
        })
    ]
  }

  static func updateChildrenAnimations(
    container: inout ChildrenAnimations<EmptyKeys>, currentProps: ListProps, nextProps: ListProps,
    currentState: EmptyState, nextState: EmptyState
  ) {
    if currentProps.items != nextProps.items { container.allChildren = Slideshow.animation }
  }
}

@MainActor
@Suite("Animations: the multi-step transition on a manual clock")
struct AnimationTests {
  func makeHarness(clock: ManualClock) async throws -> (AppStore, RecordingBackend, Renderer) {
    let store = try await makeStore(AppState(items: ["a"]))
    let backend = RecordingBackend()
    let renderer = Renderer(rootDescription: Slideshow(props: ListProps()), store: store, clock: clock)
    renderer.render(in: backend)
    return (store, backend, renderer)
  }

  @Test("entering items start from their entry props, everything animates, leaving items go after the duration")
  func transitionSteps() async throws {
    let clock = ManualClock()
    let (store, backend, renderer) = try await makeHarness(clock: clock)
    backend.clearLog()
    try await store.dispatch(SetItems(items: ["b"])).value
    await renderer.settle()

    // Step 1: b is created faded out, before anything animates.
    let creation = backend.log.first { if case .create = $0 { true } else { false } }
    guard case .create(_, _, let createdProps) = creation else {
      Issue.record("b was not created: \(backend.log)")
      return
    }
    #expect(createdProps.key == "b")
    #expect(createdProps.alpha == 0)

    // Step 2: b fades in and a moves left, each inside an animated group of the right type.
    let groups = backend.log.compactMap { mutation -> (AnimationType, [Mutation])? in
      if case .animate(let type, let nested) = mutation { (type, nested) } else { nil }
    }
    #expect(groups.count == 2)
    #expect(groups.allSatisfy { $0.0 == .linear(duration: .seconds(1)) })
    let b = try #require(backend.firstView(withKey: "b"))
    let a = try #require(backend.firstView(withKey: "a"), "a is kept while it animates out")
    #expect(b.alpha == 1)
    #expect(a.frame == Rect(x: -90, y: 0, width: 100, height: 100))
    #expect(backend.counts.remove == 0)

    // Step 3 waits for the clock.
    await clock.advance(by: .milliseconds(999))
    #expect(backend.firstView(withKey: "a") != nil)
    await clock.advance(by: .milliseconds(1))
    await renderer.waitForTransitions()
    #expect(backend.firstView(withKey: "a") == nil)
    #expect(backend.children(of: backend.rootChildren[0]).compactMap { backend.view($0)?.key } == ["b"])
    #expect(backend.violations.isEmpty)
  }

  @Test("a newer transition supersedes the last step of an older one")
  func newerTransitionWins() async throws {
    let clock = ManualClock()
    let (store, backend, renderer) = try await makeHarness(clock: clock)
    try await store.dispatch(SetItems(items: ["b"])).value
    await renderer.settle()
    await clock.advance(by: .milliseconds(500))
    backend.clearLog()
    try await store.dispatch(SetItems(items: ["c"])).value
    await renderer.settle()
    await clock.advance(by: .seconds(2))
    await renderer.waitForTransitions()
    #expect(backend.children(of: backend.rootChildren[0]).compactMap { backend.view($0)?.key } == ["c"])
    let createdKeys = backend.log.compactMap { mutation -> String? in
      if case .create(_, _, let props) = mutation { props.key } else { nil }
    }
    #expect(createdKeys == ["c"], "the superseded last step did not reset the children to [b]")
    #expect(backend.violations.isEmpty)
  }

  @Test("a container child passes its parent's children animations on to its own children")
  func nestedTransition() async throws {
    let clock = ManualClock()
    let store = try await makeStore(AppState(items: ["a"]))
    let backend = RecordingBackend()
    let renderer = Renderer(rootDescription: BoxedSlideshow(props: ListProps()), store: store, clock: clock)
    renderer.render(in: backend)
    backend.clearLog()
    try await store.dispatch(SetItems(items: ["b"])).value
    await renderer.settle()

    let created = backend.log.compactMap { mutation -> (any NodeDescriptionProps)? in
      if case .create(_, _, let props) = mutation { props } else { nil }
    }
    #expect(created.map(\.key) == ["b"])
    #expect(created.first?.alpha == 0, "b enters with the fade")
    #expect(backend.firstView(withKey: "b")?.alpha == 1)
    #expect(backend.firstView(withKey: "a")?.frame.minX == -90, "a leaves to the left")
    #expect(MutationCounts(backend.log).animate == 3, "the box's own change, b's fade-in and a's exit")

    await clock.advance(by: .seconds(1))
    await renderer.waitForTransitions()
    #expect(backend.firstView(withKey: "a") == nil)
    #expect(backend.violations.isEmpty)
  }

  @Test("children animations fall back to allChildren and record shouldAnimate")
  func childrenAnimationsLookup() {
    var container = ChildrenAnimations<String>()
    #expect(!container.shouldAnimate)
    container["x"] = .none
    #expect(!container.shouldAnimate)
    container[["y", "z"]] = Animation(type: .linear(duration: .seconds(2)))
    #expect(container.shouldAnimate)
    #expect(container["z"].type == .linear(duration: .seconds(2)))
    #expect(container["w"].type == .none)
    container.allChildren = Animation(type: .spring(duration: .seconds(1), damping: 0.5, initialVelocity: 0))
    #expect(container["w"].type == .spring(duration: .seconds(1), damping: 0.5, initialVelocity: 0))
    #expect(container["y"].type == .linear(duration: .seconds(2)))
  }

  @Test("built-in transformers change frame and alpha as documented")
  func transformers() {
    let props = LeafProps(frame: Rect(x: 0, y: 0, width: 100, height: 50), key: "k")
    #expect(AnimationProps.scale(percentage: 0.5).apply(to: props).frame == Rect(x: 25, y: 12.5, width: 50, height: 25))
    #expect(AnimationProps.fade().apply(to: props).alpha == 0)
    #expect(AnimationProps.moveLeft().apply(to: props).frame.minX == -1000)
    #expect(AnimationProps.moveRight(distance: 20).apply(to: props).frame.minX == 20)
    let delayed = AnimationType.linearWithDelay(duration: .seconds(1), options: [.curveEaseIn], delay: .seconds(2))
    #expect(delayed.totalDuration == .seconds(3))
    #expect(!AnimationType.none.isAnimated)
  }
}
