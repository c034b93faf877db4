/// What an element is to assistive technology (a screen reader, a braille display, voice
/// control): the meaning a backend maps to its medium's native form.
///
/// The web backend maps roles to native HTML first (`<button>`, `<input type=checkbox>`, `<h2>`,
/// `<main>`, `<ul>`/`<li>`) and to ARIA only where no element fits; the terminal backend uses the
/// role to decide which elements are controls (focus, cursor) and how to announce them.
///
/// Each element has a natural role (see ``Accessibility/defaultRole(for:)``): a ``Button`` is a
/// ``button``, a ``Label`` ``text``. Set ``Accessibility/role`` to say more (a heading, a toggle).
public enum AccessibilityRole: Hashable, Sendable {
  /// A container with no meaning of its own; assistive technology reads its children.
  case group
  /// Static text.
  case text
  /// A heading of a section, `level` 1 (the page's title) to 6.
  case heading(level: Int)
  /// A control that performs an action.
  case button
  /// A control with an on and off state (a checkbox); its state is ``Accessibility/isChecked``.
  case checkbox
  /// A control with an on and off state drawn as a switch; its state is ``Accessibility/isChecked``.
  case `switch`
  /// A control that goes somewhere (another screen, an address).
  case link
  /// A picture; its name says what it shows (or the image is marked ``Accessibility/isHidden``:
  /// decorative).
  case image
  /// A single-line editable text.
  case textField
  /// A multi-line editable text.
  case textArea
  /// A list of items; its children are ``listItem``s.
  case list
  /// One item of a ``list``.
  case listItem
  /// The tabs of a tab bar; its children are ``tab``s.
  case tabList
  /// One tab; whether it is the one shown is ``Accessibility/isSelected``.
  case tab
  /// The content a ``tab`` shows.
  case tabPanel
  /// A choice among options (a select, a picker); its value is the chosen option's name.
  case picker
  /// One option of a ``picker`` or a list box; ``Accessibility/isSelected`` says if it is chosen.
  case option
  /// How far a task has gone: ``Accessibility/range`` holds the value, or nothing while it is
  /// indeterminate.
  case progressBar
  /// A modal window; `isAlert` for one that asks for an answer before anything else (a confirm).
  case dialog(isAlert: Bool)
  /// Advisory information that is not important enough for an alert (a status line, a toast);
  /// announced politely when it changes.
  case status
  /// An important message announced at once.
  case alert
  /// A region of the screen a user can jump to.
  case landmark(Landmark)
}

/// The regions of a screen that assistive technology lets a user jump between.
public enum Landmark: Hashable, Sendable {
  /// The screen's main content; one per screen.
  case main
  /// Navigation: a tab bar, a menu, a back button and a title bar.
  case navigation
  /// The screen's header: its title and what stays on every screen.
  case banner
  /// Information about the screen: help lines, key hints, a status line.
  case contentInfo
  /// Content aside from the main content (a side panel).
  case complementary
  /// A search form.
  case search
  /// A region that matters on its own; give it a name with ``Accessibility/label``.
  case region
}
