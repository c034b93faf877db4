import Katana
import KatanaTerminal
import KatanaWeb
import ReadingListCore

@main
struct ReadingListApp {
  static func main() async throws {
    let store = Store<ReadingListState, AppDependencies>()
    if CommandLine.arguments.contains("--web") {
      // The same screen, served to browsers; prints the address to open.
      try await WebApp.serve(store: store) { ReadingListScreen(props: ReadingListScreenProps()) }
    } else {
      try await TerminalApp.run(ReadingListScreen(props: ReadingListScreenProps()), store: store)
    }
  }
}
