/// The classic difficulty presets.
public enum Difficulty: String, CaseIterable, Hashable, Sendable, Codable {
  /// 9 × 9 cells, 10 mines.
  case beginner
  /// 16 × 16 cells, 40 mines.
  case intermediate
  /// 30 columns × 16 rows, 99 mines.
  case expert

  public var columns: Int {
    switch self {
    case .beginner: 9
    case .intermediate: 16
    case .expert: 30
    }
  }

  public var rows: Int {
    switch self {
    case .beginner: 9
    case .intermediate, .expert: 16
    }
  }

  public var mines: Int {
    switch self {
    case .beginner: 10
    case .intermediate: 40
    case .expert: 99
    }
  }

  /// The next preset, wrapping around; the UI's difficulty button cycles with it.
  public var next: Difficulty {
    switch self {
    case .beginner: .intermediate
    case .intermediate: .expert
    case .expert: .beginner
    }
  }
}
