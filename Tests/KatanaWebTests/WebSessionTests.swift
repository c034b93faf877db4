import Foundation
import Katana
import KatanaTestSupport
import KatanaUI
import Testing

@testable import KatanaWeb

/// A shared store that counts its listeners and lets a test wait for a count.
final class ListenerCountingStore: PartialStore, @unchecked Sendable {
  // @unchecked: `lock` guards `count` and `waiters`; `store` is Sendable.
  typealias StateType = TestState
  let store = TestStore()
  private let lock = NSLock()
  private var count = 0
  private var waiters: [(Int, CheckedContinuation<Void, Never>)] = []

  var state: TestState { store.state }
  var anyState: any Katana.State { store.state }

  func addListener(_ listener: @escaping StoreListener<TestState>) -> StoreUnsubscribe {
    changeCount(by: 1)
    let unsubscribe = store.addListener(listener)
    let removal = RemovalFlag()
    return { [self] in
      guard removal.markRemoved() else { return }
      unsubscribe()
      changeCount(by: -1)
    }
  }

  func addAnyListener(_ listener: @escaping AnyStoreListener) -> StoreUnsubscribe {
    addListener { old, new in listener(old, new) }
  }

  func anyDispatch(_ item: any Dispatchable) -> DispatchTask<any Sendable> { store.anyDispatch(item) }

  /// Returns once the store holds exactly `expected` listeners.
  func waitForListeners(_ expected: Int) async {
    await withCheckedContinuation { continuation in
      let ready = lock.withLock { () -> Bool in
        if count == expected { return true }
        waiters.append((expected, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  var listeners: Int { lock.withLock { count } }

  private func changeCount(by delta: Int) {
    let ready = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
      count += delta
      let ready = waiters.filter { $0.0 == count }.map(\.1)
      waiters.removeAll { $0.0 == count }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }
}

/// True the first time a listener's removal runs, false after.
final class RemovalFlag: @unchecked Sendable {
  // @unchecked: `lock` guards `isRemoved`.
  private let lock = NSLock()
  private var isRemoved = false
  func markRemoved() -> Bool { lock.withLock { defer { isRemoved = true }; return !isRemoved } }
}

@Suite("Web sessions: a session per page, numbered input acknowledged")
struct WebSessionTests {
  @Test("numbered text input is acknowledged after the batch that shows it")
  func textIsAcknowledgedAfterItsBatch() async throws {
    let fixture = try await ServerFixture()
    let (client, mount) = try await fixture.openPage()
    let field = try nodeID("textField", in: mount)
    try await client.sendText(#"{"v":2,"t":"text","n":\#(field),"s":"ab","q":5}"#)
    let batch = try await client.receiveText()
    #expect(try texts(in: batch).contains("ab"))
    #expect(try await client.receiveText() == #"{"v":2,"ack":5}"#)
    client.close()
    await fixture.server.stop()
  }

  @Test("input the app ignores is acknowledged too, with no batch before it")
  func ignoredInputIsAcknowledged() async throws {
    let fixture = try await ServerFixture()
    let (client, mount) = try await fixture.openPage()
    let label = try nodeID("label", in: mount)
    try await client.sendText(#"{"v":2,"t":"key","n":\#(label),"k":"z","m":[],"q":9}"#)
    #expect(try await client.receiveText() == #"{"v":2,"ack":9}"#)
    client.close()
    await fixture.server.stop()
  }

  @Test("each page listens to the shared store through one session, and a closed page frees it")
  func closedPageFreesItsSession() async throws {
    let shared = ListenerCountingStore()
    await shared.store.waitUntilReady()
    let server = WebServer(
      configuration: WebServer.Configuration(port: 0, token: ServerFixture.token), store: shared
    ) { TestScreen(props: TestScreenProps()) }
    let port = try await server.start()
    let path = ServerFixture.withToken("/")
    let first = try await TestWebSocketClient.connect(port: port, path: path, origin: "default")
    let second = try await TestWebSocketClient.connect(port: port, path: path, origin: "default")
    for client in [first, second] {
      try await client.sendText(#"{"v":2,"t":"viewport","w":400,"h":300}"#)
      _ = try await client.receiveText()
    }
    // One listener per page, whatever the number of connected nodes on it.
    #expect(shared.listeners == 2)
    first.close()
    await shared.waitForListeners(1)
    second.close()
    await shared.waitForListeners(0)
    await server.stop()
  }
}
