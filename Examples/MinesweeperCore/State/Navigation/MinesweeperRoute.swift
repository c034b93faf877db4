public import KatanaUI

/// The app's screens. The route stack lives in ``MinesweeperState/routes``.
///
/// Browser URLs: `/` is the start screen (the difficulty choice), `/game` the board, `/result`
/// the end of the game (won or lost: the final board, with the result); any other path the
/// not-found screen.
public enum MinesweeperRoute: Hashable, Sendable, Codable {
  /// The difficulty choice; the root.
  case start
  /// The board of the current game.
  case game
  /// How the game ended: the final board and the result. Replaces ``game`` when the game ends,
  /// so Back leads to the difficulty choice.
  case result
  /// A link to a path the app does not know.
  case notFound(path: String)

  /// The URL path of the screen.
  public var path: String {
    switch self {
    case .start: "/"
    case .game: "/game"
    case .result: "/result"
    case .notFound(let path): path
    }
  }

  /// The stack a link to `path` opens: the board and the result sit on the start screen.
  public static func stack(forPath path: String) -> RouteStack<MinesweeperRoute> {
    var stack = RouteStack(root: MinesweeperRoute.start)
    switch path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path {
    case "/": break
    case "/game": stack.push(.game)
    case "/result": stack.push(.result)
    default: stack.push(.notFound(path: path))
    }
    return stack
  }

  /// The stack of a game in progress: the board on the start screen.
  public static var playing: RouteStack<MinesweeperRoute> { stack(forPath: "/game") }
}
