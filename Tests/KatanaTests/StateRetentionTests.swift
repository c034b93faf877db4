import Katana
import Testing

/// The store keeps no copy of an old state once listeners have heard the update.
@Suite("State retention")
struct StateRetentionTests {
  final class Payload: Sendable {}

  struct PayloadState: State {
    var payload: Payload?
  }

  struct ReplacePayload: StateUpdater {
    let payload: Payload

    func updateState(_ state: inout PayloadState) {
      state.payload = payload
    }
  }

  typealias PayloadStore = Store<PayloadState, EmptySideEffectDependencyContainer>

  @Test("an old state is released once the update is applied and heard", arguments: [false, true])
  func oldStateIsNotRetained(withInterceptor: Bool) async throws {
    let store = PayloadStore(interceptors: withInterceptor ? [passThroughInterceptor] : [])
    await store.waitUntilReady()
    let heard = Counter()
    store.addListener { _, _ in heard.increment() }
    weak var first: Payload?

    do {
      let payload = Payload()
      first = payload
      try await store.dispatch(ReplacePayload(payload: payload)).value
    }
    #expect(first != nil, "the current state holds the payload")

    try await store.dispatch(ReplacePayload(payload: Payload())).value

    #expect(heard.value == 2)
    #expect(first == nil, "the store still holds the state before the last update")
  }
}
