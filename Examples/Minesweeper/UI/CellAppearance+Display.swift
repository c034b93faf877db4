import KatanaUI
import MinesweeperCore

extension CellAppearance {
  /// The character a cell shows; ASCII, so every terminal and `tmux capture-pane` shows it.
  var glyph: String {
    switch self {
    case .hidden: "."
    case .flagged: "F"
    case .disclosed(0): " "
    case .disclosed(let count): String(count)
    case .mine: "*"
    case .explodedMine: "X"
    case .wrongFlag: "x"
    }
  }

  /// What a screen reader says of the cell after its position.
  var spokenState: String {
    switch self {
    case .hidden: "hidden"
    case .flagged: "flagged"
    case .disclosed(0): "empty"
    case .disclosed(1): "1 mine around"
    case .disclosed(let count): "\(count) mines around"
    case .mine: "mine"
    case .explodedMine: "exploded mine"
    case .wrongFlag: "wrong flag"
    }
  }

  var textColor: Color {
    switch self {
    case .hidden: Color(rgb: 0x202020)
    case .flagged, .wrongFlag: Color(rgb: 0xFF3030)
    case .mine, .explodedMine: .black
    case .disclosed(let count):
      switch count {
      case 1: Color(rgb: 0x5C5CFF)
      case 2: Color(rgb: 0x00CD00)
      case 3: Color(rgb: 0xFF3030)
      case 4: Color(rgb: 0x0000EE)
      case 5: Color(rgb: 0xCD0000)
      case 6: Color(rgb: 0x00CDCD)
      case 7: Color(rgb: 0xCD00CD)
      default: Color(rgb: 0x7F7F7F)
      }
    }
  }

  var backgroundColor: Color {
    switch self {
    case .hidden, .flagged: Color(rgb: 0x7F7F7F)
    case .explodedMine: Color(rgb: 0xFF0000)
    case .mine, .wrongFlag: Color(rgb: 0xCD0000)
    case .disclosed: .clear
    }
  }
}

extension Difficulty {
  /// The name shown in the title line.
  var title: String {
    switch self {
    case .beginner: "Beginner"
    case .intermediate: "Intermediate"
    case .expert: "Expert"
    }
  }
}
