import Katana
import KatanaDevTools
import KatanaTerminal
import KatanaWeb
import ReadingListCore

@main
struct ReadingListApp {
  static func main() async throws {
    let persistence = try ReadingListStorage.persistence(in: "reading-list-data")
    // DevTools records every item with its state change, on a page served on loopback.
    let devTools = DevTools<ReadingListState>(registry: ReadingListStorage.registry)
    let store = Store<ReadingListState, AppDependencies>(
      interceptors: [persistence.interceptor],
      stateInitializer: { try persistence.loadState() },
      devTools: devTools
    )
    // Prints "DevTools on http://127.0.0.1:…/?token=…"; run with --web to see it (a terminal
    // screen covers what was printed before it).
    try await devTools.start()
    if CommandLine.arguments.contains("--web") {
      try await WebApp.serve(store: store) { ReadingListScreen(props: ReadingListScreenProps()) }
    } else {
      try await TerminalApp.run(ReadingListScreen(props: ReadingListScreenProps()), store: store)
    }
    try await persistence.flush()
  }
}
