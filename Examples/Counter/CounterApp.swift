import ArgumentParser
import CounterCore
import ExampleSupport
import Foundation
import Katana
import KatanaDevTools
import KatanaTerminal

/// The counter app.
///
/// - In a terminal, `swift run Counter` shows the counter screen (KatanaUI on the terminal
///   backend): Tab / arrows move the focus, Enter / Space / a click press a button, q quits.
/// - `swift run Counter --demo`, or a run whose input or output is not a terminal, is a scripted
///   console run of the app's logic: a logger and an observer interceptor, updaters, a side effect
///   backed by a manager and returning side effects, printing what happens.
/// - `swift run Counter --web [--port N] [--host ADDRESS]` serves the same screen to browsers.
/// - `--devtools` (with the screen or `--web`) attaches DevTools and prints its one-line URL;
///   on the terminal screen the URL also replaces the hint line, since the screen covers the
///   terminal's earlier output.
@main
struct CounterApp: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "Counter",
    abstract: "The counter app on KatanaUI: in the terminal, in a browser (--web), or as a console demo (--demo)."
  )

  @Flag(help: "Run the scripted console demo instead of the screen.")
  var demo = false

  @OptionGroup var web: WebOptions

  @OptionGroup var devToolsOptions: DevToolsOptions

  func validate() throws {
    if demo && devToolsOptions.servesPage {
      throw ValidationError("--devtools goes with the screen or --web; the console demo ends before a page could open")
    }
  }

  func run() async throws {
    if web.isEnabled {
      let devTools: DevTools<CounterState>? = devToolsOptions.makeDevTools(registry: CounterJournal.registry)
      let store = Store<CounterState, AppDependencies>(devTools: devTools)
      try await devToolsOptions.start(devTools)
      try await web.serve(store: store, title: "Counter") { CounterScreen(props: CounterScreenProps()) }
    } else if demo || isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 {
      // Without a terminal the screen cannot run, and the demo ends before a page could open.
      if devToolsOptions.servesPage {
        throw ValidationError("--devtools needs the terminal screen (run it in a terminal) or --web")
      }
      try await Self.runConsoleDemo()
    } else {
      try await runScreen()
    }
  }

  /// The counter screen in the terminal; the store's log is printed after the screen closes, so
  /// it does not scribble over it.
  func runScreen() async throws {
    let log = LogBuffer()
    let devTools: DevTools<CounterState>? = devToolsOptions.makeDevTools(registry: CounterJournal.registry)
    let store = Store<CounterState, AppDependencies>(
      interceptors: [DispatchableLogger.interceptor { line in log.append(line) }], devTools: devTools
    )
    let devToolsURL = try await devToolsOptions.start(devTools)
    var props = CounterScreenProps()
    if let devToolsURL { props.hint = "DevTools: \(devToolsURL)" }
    do {
      try await TerminalApp.run(
        CounterScreen(props: props),
        store: store,
        configuration: TerminalApp.Configuration(
          quitKeys: [.character("q"), .control("c"), .control("q")], geometry: .fontCell)
      )
    } catch {
      FileHandle.standardError.write(Data("Counter: \(error)\n".utf8))
      throw ExitCode.failure
    }
    print("Final count: \(store.state.counter)")
    print("The store handled \(log.lines.count) item(s).")
  }

  /// The scripted console run.
  static func runConsoleDemo() async throws {
    let store = Store<CounterState, AppDependencies>(
      interceptors: [
        // Log every handled item except the increments, which the listener already shows.
        DispatchableLogger.interceptor(blackList: [CounterActions.Increment.self]) { line in
          print("  log  \(line)")
        },
        ObserverInterceptor.observe([.onStart([CounterActions.StartFromTen.self])]),
      ],
      stateInitializer: { CounterState() }
    )
    store.addListener { old, new in
      print("  state counter \(old.counter) → \(new.counter)")
    }

    print("Store created; ready: \(store.isReady)")
    await store.waitUntilReady()
    print("Store ready; the observer's onStart reaction sets the counter to 10")

    print("Increment three times")
    for _ in 1...3 {
      try await store.dispatch(CounterActions.Increment()).value
    }

    print("Fetch a number from the (simulated) service")
    try await store.dispatch(CounterActions.FetchRandomNumber()).value

    print("Multiply 5 × 2 with a returning side effect")
    let product = try await store.dispatch(CounterActions.Multiply(a: 5, b: 2)).value
    print("  result \(product)")

    print("Double the counter")
    let doubled = try await store.dispatch(CounterActions.DoubleCounter()).value
    print("  result \(doubled)")

    print("Final counter: \(store.state.counter) after \(store.state.fetches) fetch(es)")
  }
}

/// Collects the logger's lines while the screen is up.
///
/// Safety of `@unchecked Sendable`: `storage` is private and only touched while holding `lock`.
/// (`Synchronization.Mutex` would need macOS 15; the package supports macOS 13.)
final class LogBuffer: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [String] = []

  func append(_ line: String) {
    lock.withLock { storage.append(line) }
  }

  var lines: [String] {
    lock.withLock { storage }
  }
}
