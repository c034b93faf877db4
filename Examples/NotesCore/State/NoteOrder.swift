import Foundation

/// The order the list shows notes in; a setting, saved. Pinned notes come first in every order.
public enum NoteOrder: String, Codable, CaseIterable, Sendable {
  /// The most recently changed first.
  case edited
  /// By title, A to Z, ignoring case.
  case title
  /// The oldest first, as they were written.
  case created

  /// What the picker shows for the order.
  public var name: String {
    switch self {
    case .edited: "Last edited"
    case .title: "Title"
    case .created: "Created"
    }
  }

  /// `notes` in this order, pinned notes first (stable).
  public func sorted(_ notes: [Note]) -> [Note] {
    notes.sorted { lhs, rhs in
      if lhs.isPinned != rhs.isPinned { return lhs.isPinned }
      switch self {
      case .edited:
        return lhs.revision != rhs.revision ? lhs.revision > rhs.revision : lhs.id < rhs.id
      case .title:
        let comparison = lhs.title.localizedCaseInsensitiveCompare(rhs.title)
        return comparison != .orderedSame ? comparison == .orderedAscending : lhs.id < rhs.id
      case .created:
        return lhs.id < rhs.id
      }
    }
  }
}
