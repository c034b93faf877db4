import Katana
import KatanaTestSupport
import Testing

@testable import KatanaUI

/// A side effect that waits until the test opens its gate, then sets `a`.
private struct SaveWhenAllowed: SideEffect {
  let gate: Gate
  func sideEffect(_ context: SideEffectContext<AppState, EmptySideEffectDependencyContainer>) async throws {
    await gate.wait()
    context.dispatch(SetA(value: 1))
  }
}

/// A screen with a Save button whose press dispatches `SaveWhenAllowed`, and a Reset button
/// whose press dispatches a state updater.
private struct SaveScreen: NodeDescription {
  var props: Props

  struct Props: NodeDescriptionProps {
    var frame: Rect = Rect(x: 0, y: 0, width: 200, height: 100)
    var alpha: Double = 1
    var key: String?
    let gate: Gate
    var saveIsBusy = false

    static func == (lhs: Props, rhs: Props) -> Bool {
      lhs.frame == rhs.frame && lhs.alpha == rhs.alpha && lhs.key == rhs.key && lhs.gate === rhs.gate
        && lhs.saveIsBusy == rhs.saveIsBusy
    }
  }

  static func childrenDescriptions(
    props: Props, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    [
      Button(
        props: ButtonProps.build { button in
          button.key = "save"
          button.frame = Rect(x: 0, y: 0, width: 100, height: 40)
          button.titles[.normal] = "Save"
          button.accessibility.isBusy = props.saveIsBusy
          button.touchHandlers = [.touchUpInside: { dispatch(SaveWhenAllowed(gate: props.gate)) }]
        }),
      Button(
        props: ButtonProps.build { button in
          button.key = "reset"
          button.frame = Rect(x: 100, y: 0, width: 100, height: 40)
          button.titles[.normal] = "Reset"
          button.touchHandlers = [.touchUpInside: { dispatch(SetB(value: 2)) }]
        }),
    ]
  }
}

@MainActor
@Suite("A control is busy while the work its press dispatched is pending")
struct AutomaticBusyTests {
  @Test("a pressed button is busy until its side effect settles, then not busy")
  func busyUntilSettled() async throws {
    let gate = Gate()
    let harness = try await RendererHarness(SaveScreen(props: .init(gate: gate)))
    #expect(harness.backend.accessibilityOutline == "button \"Save\"\nbutton \"Reset\"")

    #expect(harness.backend.send(.tap, toKey: "save"))
    harness.renderer.flush()
    await gate.waitForArrivals(1, "the side effect parks on the gate")
    #expect(harness.backend.accessibilityOutline == "button \"Save\" busy\nbutton \"Reset\"")
    #expect(harness.store.state.a == 0)

    gate.open()
    await harness.renderer.settle()
    #expect(harness.store.state.a == 1)
    #expect(harness.backend.accessibilityOutline == "button \"Save\"\nbutton \"Reset\"")
  }

  @Test("a state updater dispatched by a press is a change, not work: nothing shows busy")
  func immediateWorkIsNotBusy() async throws {
    let harness = try await RendererHarness(SaveScreen(props: .init(gate: Gate())))
    harness.backend.clearLog()
    #expect(harness.backend.send(.tap, toKey: "reset"))
    await harness.renderer.settle()
    #expect(harness.store.state.b == 2)
    #expect(harness.backend.accessibilityOutline == "button \"Save\"\nbutton \"Reset\"")
    #expect(harness.backend.log.isEmpty, "nothing to re-render: \(harness.backend.logDescription)")
  }

  @Test("an app's own isBusy wins: the button stays busy after its work settles")
  func explicitBusyWins() async throws {
    let gate = Gate()
    let harness = try await RendererHarness(SaveScreen(props: .init(gate: gate, saveIsBusy: true)))
    #expect(harness.backend.accessibilityOutline == "button \"Save\" busy\nbutton \"Reset\"")
    #expect(harness.backend.send(.tap, toKey: "save"))
    harness.renderer.flush()
    await gate.waitForArrivals(1, "the side effect parks on the gate")
    #expect(harness.backend.accessibilityOutline == "button \"Save\" busy\nbutton \"Reset\"")
    gate.open()
    await harness.renderer.settle()
    #expect(harness.store.state.a == 1)
    #expect(harness.backend.accessibilityOutline == "button \"Save\" busy\nbutton \"Reset\"")
  }

  @Test("an item dispatched outside an event (a hook, the app) makes nothing busy")
  func dispatchOutsideEvents() async throws {
    let gate = Gate()
    let harness = try await RendererHarness(SaveScreen(props: .init(gate: gate)))
    harness.renderer.dispatcher(SaveWhenAllowed(gate: gate))
    await gate.waitForArrivals(1, "the side effect parks on the gate")
    harness.renderer.flush()
    #expect(harness.backend.accessibilityOutline == "button \"Save\"\nbutton \"Reset\"")
    gate.open()
    await harness.renderer.settle()
    #expect(harness.store.state.a == 1)
  }
}
