import Katana
import KatanaSupport
import Testing

/// What happens when an updater calls back into its own store: each call either works or stops
/// the program with a message naming the updater, never with a generic lock failure.
@Suite("Store calls from inside an updater")
struct UpdaterMisuseTests {
  @Test("isReady and initializationError work from inside an updater", arguments: [false, true])
  func statusReadableInsideUpdater(withInterceptors: Bool) async throws {
    let store = await makeReadyStore(interceptors: withInterceptors ? [passThroughInterceptor] : [])
    let seen = Locked<(Bool, Bool)?>(nil)
    store.dispatch(ClosureUpdater { _ in seen.set((store.isReady, store.initializationError == nil)) })
    #expect(seen.current?.0 == true)
    #expect(seen.current?.1 == true)
  }

  @Test("adding a listener from inside an updater stops with a message naming the updater")
  func addListenerInsideUpdater() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let store = await makeReadyStore()
      store.dispatch(NamedMisuse(store: store))
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("addListener was called from inside KatanaTests.NamedMisuse"), "\(message)")
    #expect(!message.contains("locked recursively"))
  }

  @Test("reading the state from inside an updater stops with a message naming the updater")
  func readStateInsideUpdater() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let store = await makeReadyStore(interceptors: [passThroughInterceptor])
      store.dispatch(ClosureUpdater { _ in _ = store.state })
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("state was read from inside KatanaTests.ClosureUpdater"), "\(message)")
  }
}

/// Adds a listener to its own store from inside its update (a misuse).
struct NamedMisuse: StateUpdater {
  let store: AppStore

  func updateState(_ state: inout AppState) {
    store.addListener { _, _ in }
  }
}
