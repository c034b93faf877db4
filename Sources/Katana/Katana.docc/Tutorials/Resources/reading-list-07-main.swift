import Katana
import KatanaTerminal
import KatanaWeb
import ReadingListCore

@main
struct ReadingListApp {
  static func main() async throws {
    let persistence = try ReadingListStorage.persistence(in: "reading-list-data")
    let store = Store<ReadingListState, AppDependencies>(
      interceptors: [persistence.interceptor],
      stateInitializer: { try persistence.loadState() }
    )
    if CommandLine.arguments.contains("--web") {
      try await WebApp.serve(store: store) { ReadingListScreen(props: ReadingListScreenProps()) }
    } else {
      try await TerminalApp.run(ReadingListScreen(props: ReadingListScreenProps()), store: store)
    }
    // Everything applied is on disk before the app ends.
    try await persistence.flush()
  }
}
