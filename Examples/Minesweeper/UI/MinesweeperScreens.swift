import KatanaUI
import MinesweeperCore

/// The app's screens: the difficulty choice, the board, and the result (the final board). The
/// screens carry their own headings, so there is no title bar; the title still reaches a
/// terminal's window and a browser's tab.
enum MinesweeperScreens: NavigationScreens {
  typealias StoreState = MinesweeperState

  static func screen(for route: MinesweeperRoute, frame: Rect) -> AnyNodeDescription {
    switch route {
    case .start:
      MinesweeperStartScreen(props: MinesweeperStartScreenProps(frame: frame))
    case .game, .result:
      // The result is the final board: its status line says how the game ended, and its
      // restart and level buttons start the next one.
      MinesweeperScreen(props: MinesweeperScreenProps(frame: frame))
    case .notFound(let path):
      MinesweeperNotFoundScreen(props: MinesweeperNotFoundScreenProps(path: path, frame: frame))
    }
  }

  static func title(for route: MinesweeperRoute, in state: MinesweeperState) -> String {
    switch route {
    case .start: "Minesweeper"
    case .game: state.game.difficulty.title
    case .result:
      switch state.game.status {
      case .won: "Won"
      case .lost: "Lost"
      case .ready, .playing: "Result"
      }
    case .notFound: "Not found"
    }
  }

  static func path(for route: MinesweeperRoute) -> String? { route.path }

  /// The board and the result share one mounted board: the end of a game keeps the focus where
  /// the last move was.
  static func screenKey(for route: MinesweeperRoute) -> String {
    route == .result ? "screen \(MinesweeperRoute.game)" : "screen \(route)"
  }

  static func stack(forPath path: String) -> RouteStack<MinesweeperRoute>? { MinesweeperRoute.stack(forPath: path) }

  static var titleBarHeight: Double { 0 }
}
