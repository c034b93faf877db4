import KatanaUI

/// What the server knows of one text area's text in the page, so that an update which only
/// acknowledges the page's own typing is sent without the text (a keystroke in a 10,000-line
/// note would otherwise send the whole note back).
///
/// The page reports each edit (``/KatanaUI/NodeEvent/textEdit(_:)``); the server applies it to
/// its copy of the page's document and remembers the revision it led to. When the store's
/// document comes back with one of those revisions (the same edits on the same text give the
/// same revision, see ``/KatanaUI/TextDocument``), the page already shows it: the update says how
/// many of the page's edits it acknowledges instead of carrying the text. Any other document (the
/// app changed the text) is sent whole and becomes the new starting point.
struct TextAreaEcho {
  /// The page's document as far as the server knows.
  private var document: TextDocument
  /// The revisions of the page's edits not acknowledged yet, oldest first.
  private var pending: [UInt64] = []

  /// The most unacknowledged edits remembered: an app that ignores the edits (a disabled area)
  /// must not make the list grow without end.
  static let maximumPending = 1_000

  init(document: TextDocument) {
    self.document = document
  }

  /// The page made `edit`.
  mutating func pageEdited(_ edit: TextEdit) {
    document.apply(edit)
    pending.append(document.revision)
    if pending.count > Self.maximumPending { pending.removeFirst(pending.count - Self.maximumPending) }
  }

  /// The store's document is being sent: returns how many of the page's edits it acknowledges
  /// when it is their echo (send no text), or nil when the page must be sent the text.
  mutating func storeShows(_ storeDocument: TextDocument) -> Int? {
    if let index = pending.firstIndex(of: storeDocument.revision) {
      pending.removeFirst(index + 1)
      return index + 1
    }
    document = storeDocument
    pending = []
    return nil
  }
}

/// A text area's props sent without the text: the page shows it already, after
/// `acknowledgedEdits` of its own edits.
struct EchoedTextAreaProps: NodeDescriptionProps {
  var area: TextAreaProps
  var acknowledgedEdits: Int

  var frame: Rect {
    get { area.frame }
    set { area.frame = newValue }
  }
  var alpha: Double {
    get { area.alpha }
    set { area.alpha = newValue }
  }
  var key: String? {
    get { area.key }
    set { area.key = newValue }
  }
}
