import Katana
import KatanaTestSupport
import Testing

@testable import KatanaUI

/// Records where each dispatched item was dispatched.
private struct CallSiteRecorder: DispatchInstrumentation {
  let sites = Recorder<String>()

  func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)? {
    sites.append(event.callSite.map { "\($0.fileID):\($0.line)" } ?? "none")
    return nil
  }

  func dispatchDidEnd(_ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome) {}
}

@Suite("Screen work keeps the caller's place")
struct ScreenWorkCallSiteTests {
  @Test("a dispatch cancelled when its screen leaves names the caller's file and line, as a plain one does")
  func callerFileAndLine() async throws {
    let recorder = CallSiteRecorder()
    let store = ShopStore(
      interceptors: [], stateInitializer: { ShopState() }, configuration: .init(instrumentation: recorder))
    await store.waitUntilReady()
    let dispatcher = Dispatcher(store: store, tracker: nil, screenWork: ScreenWork())
    let plainLine = #line + 1
    _ = try await dispatcher(AddToBasket())?.value
    let screenLine = #line + 1
    _ = try await dispatcher(AddToBasket(), cancellingWhenLeaving: ShopRoute.list)?.value
    #expect(
      recorder.sites.values == [
        "KatanaUITests/ScreenWorkCallSiteTests.swift:\(plainLine)",
        "KatanaUITests/ScreenWorkCallSiteTests.swift:\(screenLine)",
      ])
  }
}
