import KatanaUI

// The widget kit's elements on a terminal: check boxes, tabs, pickers, progress bars, spinners,
// toasts, status lines, key-help lines, scroll views and dialogs (text areas have their own file).

extension TerminalBackend {
  /// The frames of a spinner (Braille dots, or ASCII) and how long each shows.
  static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  static let asciiSpinnerFrames: [Character] = ["|", "/", "-", "\\"]
  /// How long one frame of a spinner or an indeterminate bar shows.
  public static let animationFrameInterval: Duration = .milliseconds(100)

  /// Whether anything on screen is drawn differently as ``animationTime`` passes: the event
  /// loop then draws frames at ``animationFrameInterval`` while it is so.
  public var hasAnimatedElements: Bool {
    layoutIfNeeded()
    return visibleRects.contains { entry in !entry.rect.isEmpty && nodes[entry.id]?.content.isAnimated == true }
  }

  /// The frame number of the animation at ``animationTime``.
  var animationStep: Int {
    Int(animationTime / Self.animationFrameInterval)
  }

  func drawElement(
    _ node: TerminalViewNode, in rect: CellRect, inner: CellRect, style: CellStyle, focused: Bool, clip: CellRect,
    into grid: inout CellGrid
  ) {
    let content = node.content
    let textClip = inner.intersection(clip)
    let row = CellRect(column: inner.column, row: inner.row + (inner.height - 1) / 2, width: inner.width, height: min(1, inner.height))
    var focusStyle = style
    if focused { focusStyle.isInverse = true }
    if !content.isEnabled { focusStyle.foreground = TerminalColor(foreground: theme.secondaryText) ?? .brightBlack }
    switch content.role {
    case .checkbox:
      let box = content.isSwitch ? (content.isChecked ? "[on ]" : "[off]") : (content.isChecked ? "[x]" : "[ ]")
      let text = content.text.isEmpty ? box : box + " " + content.text
      drawText(text, in: row, alignment: .left, truncation: .tail, style: focusStyle, clip: textClip, into: &grid)
    case .tabs:
      for (index, segment) in tabSegments(of: content, in: row).enumerated() {
        var tabStyle = style
        if index == content.selectedIndex {
          tabStyle.isBold = true
          if focused { tabStyle.isInverse = true }
        }
        grid.write(segment.text, column: segment.column, row: row.row, style: tabStyle, clip: textClip, keepsBackground: true)
      }
    case .picker:
      let (left, right) = usesUnicode ? ("‹ ", " ›") : ("< ", " >")
      let available = max(0, row.width - CharacterWidth.columns(of: left + right))
      let text = left + fit(content.text, width: available, truncation: .tail) + right
      drawText(text, in: row, alignment: .left, truncation: .clip, style: focusStyle, clip: textClip, into: &grid)
    case .progressBar:
      drawProgress(content.progress, in: row, style: style, clip: textClip, into: &grid)
    case .activityIndicator:
      guard content.isAnimating else { return }
      let frames = usesUnicode ? Self.spinnerFrames : Self.asciiSpinnerFrames
      let glyph = String(frames[animationStep % frames.count])
      drawText(content.text.isEmpty ? glyph : glyph + " " + content.text, in: row, alignment: .left, truncation: .tail, style: style, clip: textClip, into: &grid)
    case .toast:
      drawText(content.text, in: inner, alignment: .center, truncation: .tail, style: style, clip: textClip, into: &grid)
    case .statusLine:
      drawText(content.text, in: row, alignment: .left, truncation: .tail, style: style, clip: textClip, into: &grid)
    case .keyHelp:
      var helpStyle = style
      if content.foreground == nil { helpStyle.foreground = TerminalColor(foreground: theme.secondaryText) ?? .brightBlack }
      drawText(content.text, in: row, alignment: content.alignment, truncation: .tail, style: helpStyle, clip: textClip, into: &grid)
    case .scrollView:
      drawScrollBar(of: node, in: rect, clip: clip, into: &grid)
    default:
      break
    }
  }

  /// Each tab's text and first column: ` Title ` with the selected one as `[Title]`, a space
  /// between tabs.
  func tabSegments(of content: ElementContent, in row: CellRect) -> [(text: String, column: Int, width: Int)] {
    var segments: [(text: String, column: Int, width: Int)] = []
    var column = row.column
    for (index, title) in content.options.enumerated() {
      let text = index == content.selectedIndex ? "[" + title + "]" : " " + title + " "
      let width = CharacterWidth.columns(of: text)
      segments.append((text, column, width))
      column += width + 1
    }
    return segments
  }

  private func drawProgress(_ value: Double?, in row: CellRect, style: CellStyle, clip: CellRect, into grid: inout CellGrid) {
    guard row.width > 0, row.height > 0 else { return }
    let (full, empty): (Character, Character) = usesUnicode ? ("█", "░") : ("#", "-")
    var barStyle = style
    if barStyle.foreground == nil { barStyle.foreground = TerminalColor(foreground: theme.accent) }
    if let value {
      let percent = "\(Int((value * 100).rounded()))%"
      let showsPercent = row.width >= 10
      let barWidth = showsPercent ? row.width - 5 : row.width
      let filled = min(barWidth, Int((value * Double(barWidth)).rounded()))
      grid.write(String(repeating: full, count: filled) + String(repeating: empty, count: barWidth - filled), column: row.column, row: row.row, style: barStyle, clip: clip)
      if showsPercent {
        grid.write(String(repeating: " ", count: 5 - percent.count) + percent, column: row.column + barWidth, row: row.row, style: style, clip: clip, keepsBackground: true)
      }
    } else {
      // A block of a third of the bar travelling left to right, on the animation's clock.
      let block = max(1, row.width / 3)
      let travel = row.width + block
      let start = animationStep % travel - block
      var cells = ""
      for column in 0..<row.width { cells.append(column >= start && column < start + block ? full : empty) }
      grid.write(cells, column: row.column, row: row.row, style: barStyle, clip: clip)
    }
  }

  /// A scroll bar in the rightmost column when the content is taller than the view: a track
  /// with a thumb as long as the share in view, where the view is.
  private func drawScrollBar(of node: TerminalViewNode, in rect: CellRect, clip: CellRect, into grid: inout CellGrid) {
    guard rect.height > 0, rect.width > 0 else { return }
    let contentBottom = node.children.compactMap { cellRects[$0]?.maxRow }.max().map { $0 + node.scrollRows } ?? rect.row
    let contentHeight = contentBottom - rect.row
    guard contentHeight > rect.height else { return }
    let thumb = max(1, rect.height * rect.height / contentHeight)
    let maximumScroll = contentHeight - rect.height
    let share = Double(min(node.scrollRows, maximumScroll)) / Double(max(1, maximumScroll))
    let thumbTop = Int((Double(rect.height - thumb) * share).rounded())
    let (track, bar): (Character, Character) = usesUnicode ? ("│", "█") : ("|", "#")
    let column = rect.maxColumn - 1
    let style = CellStyle(foreground: TerminalColor(foreground: theme.secondaryText) ?? .brightBlack)
    for offset in 0..<rect.height where clip.contains(column: column, row: rect.row + offset) {
      let isThumb = offset >= thumbTop && offset < thumbTop + thumb
      grid[column, rect.row + offset] = Cell(isThumb ? bar : track, style: style)
    }
  }

  // MARK: Keys and clicks

  /// Keys the focused check box, tabs or picker take; returns whether one was taken.
  func handleElementKey(_ press: TerminalKeyPress, on node: TerminalViewNode) -> Bool {
    let content = node.content
    guard press.modifiers.isEmpty else { return false }
    switch content.role {
    case .checkbox:
      guard press.key == .enter || press.key == .character(" ") else { return false }
      send(.touch(.touchDown), to: node.id)
      send(.touch(.touchUpInside), to: node.id)
      return true
    case .tabs, .picker:
      let count = content.options.count
      guard count > 0 else { return false }
      let current = content.selectedIndex
      let next: Int
      switch press.key {
      case .left: next = max(0, current - 1)
      case .right: next = min(count - 1, current + 1)
      case .home: next = 0
      case .end: next = count - 1
      case .enter where content.role == .picker, .character(" ") where content.role == .picker:
        next = (current + 1) % count
      default: return false
      }
      if next != current { send(.select(next), to: node.id) }
      return true
    default:
      return false
    }
  }

  /// A click on a tab chooses it; on a picker, the next option; on a check box, a tap.
  /// Returns whether the click was taken.
  func handleElementClick(on node: TerminalViewNode, column: Int) -> Bool {
    let content = node.content
    switch content.role {
    case .tabs:
      guard let rect = cellRects[node.id] else { return true }
      let row = CellRect(column: rect.column, row: rect.row, width: rect.width, height: 1)
      if let index = tabSegments(of: content, in: row).firstIndex(where: { column >= $0.column && column < $0.column + $0.width }),
        index != content.selectedIndex
      {
        send(.select(index), to: node.id)
      }
      return true
    case .picker:
      if !content.options.isEmpty { send(.select((content.selectedIndex + 1) % content.options.count), to: node.id) }
      return true
    default:
      return false
    }
  }

  // MARK: Dialogs

  /// Whether `id` is `ancestor` or inside it.
  func isDescendant(_ id: NodeID, of ancestor: TerminalViewNode) -> Bool {
    var current = nodes[id]
    while let node = current {
      if node === ancestor { return true }
      current = node.parent
    }
    return false
  }

  /// Keeps the focus inside the topmost visible dialog: when one opens, its first control takes
  /// the focus and the control that had it is remembered; when it closes, that control gets the
  /// focus back (if it is still there).
  func updateModal() {
    let dialog = treeOrder().last { nodes[$0]?.content.role == .dialog }
    if let modal, modal.dialog == dialog { return }
    let returnFocus: NodeID?
    if let modal {
      returnFocus = modal.returnFocus
    } else {
      returnFocus = focusedNode
    }
    if let dialog {
      modal = (dialog, returnFocus)
      layoutIsValid = false
      focusedNode = focusableNodes().first
    } else {
      modal = nil
      layoutIsValid = false
      if let returnFocus, nodes[returnFocus]?.content.isFocusable == true { focusedNode = returnFocus } else { focusedNode = nil }
    }
  }
}
