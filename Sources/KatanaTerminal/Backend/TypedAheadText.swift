/// A text field's edits that the store has not echoed back yet.
///
/// Typing runs ahead of the store: each edit is sent at once, and the description's next props
/// carry the store's text, which may be one this field sent before its latest keystrokes. Taking
/// that older text would erase the keystrokes still on their way (a burst of keys would lose
/// characters). So the field keeps its own text while the store's text is an echo of an earlier
/// edit, and takes the store's text when the store has caught up, or when the text is not an echo
/// of typing at all (the app cleared or changed it).
struct TypedAheadText {
  /// Texts sent and not yet seen back, oldest first.
  private var pending: [String] = []
  /// The last text the store echoed back.
  private var acknowledged: String?

  /// Records an edit sent to the store.
  mutating func sent(_ text: String) {
    pending.append(text)
  }

  /// The text the field shows when props bring `storeText` while it shows `localText`.
  mutating func text(forStoreText storeText: String, showing localText: String) -> String {
    if let echoed = pending.firstIndex(of: storeText) {
      pending.removeFirst(echoed + 1)
      acknowledged = storeText
      return pending.isEmpty ? storeText : localText
    }
    if !pending.isEmpty && storeText == acknowledged {
      return localText  // the store has not caught up with the latest edits yet
    }
    pending.removeAll()
    acknowledged = storeText
    return storeText
  }
}
