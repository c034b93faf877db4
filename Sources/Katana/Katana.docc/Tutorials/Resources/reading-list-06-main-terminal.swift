import Katana
import KatanaTerminal
import ReadingListCore

@main
struct ReadingListApp {
  static func main() async throws {
    let store = Store<ReadingListState, AppDependencies>()
    try await TerminalApp.run(ReadingListScreen(props: ReadingListScreenProps()), store: store)
  }
}
