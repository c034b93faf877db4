public import KatanaUI

extension TerminalBackend {
  /// Draws the whole tree into `grid`, which is resized and cleared first.
  ///
  /// Cheap enough to run for every frame: the ``ScreenBuffer`` diff then writes only the cells
  /// that changed.
  public func draw(into grid: inout CellGrid) {
    layoutIfNeeded()
    if grid.size != size { grid = CellGrid(size: size) } else { grid.fill(grid.bounds, with: .blank) }
    for (id, clip) in visibleRects {
      guard let node = nodes[id], let rect = cellRects[id] else { continue }
      draw(node, in: rect, clip: clip, into: &grid)
    }
  }

  /// The frame as plain text, one line per row, trailing spaces and trailing empty lines trimmed;
  /// for tests.
  public func renderedText() -> String {
    var grid = CellGrid(size: size)
    draw(into: &grid)
    var text = grid.text
    while text.last == "\n" { text.removeLast() }
    return text
  }

  /// The cells a node covers, or nil when it is not on screen (hidden or unknown).
  public func cellRect(of id: NodeID) -> CellRect? {
    layoutIfNeeded()
    return cellRects[id]
  }

  /// The theme's secondary text colour, or bright black when it is the default text colour.
  private var secondaryTextColor: TerminalColor {
    TerminalColor(foreground: theme.secondaryText) ?? .brightBlack
  }

  func layoutIfNeeded() {
    guard !layoutIsValid else { return }
    layout()
  }

  /// Computes every visible node's cells: absolute frames in points, then rounded edges, clipped
  /// to the screen and to enclosing tables.
  func layout() {
    visibleRects = []
    cellRects = [:]
    let screen = CellRect(column: 0, row: 0, width: size.columns, height: size.rows)
    func visit(_ id: NodeID, originX: Double, originY: Double, clip: CellRect) {
      guard let node = nodes[id], node.isVisible else { return }
      let frame = node.props.frame
      let x = originX + frame.origin.x
      let y = originY + frame.origin.y
      let rect = geometry.cellRect(x: x, y: y, width: frame.size.width, height: frame.size.height)
      cellRects[id] = rect
      let visible = rect.intersection(clip)
      visibleRects.append((id, visible))
      var childClip = clip
      var childY = y
      if node.content.scrolls {
        childClip = visible
        childY -= Double(node.scrollRows) * geometry.pointsPerRow
      }
      for child in node.children { visit(child, originX: x, originY: childY, clip: childClip) }
    }
    for child in nodes[.container]?.children ?? [] { visit(child, originX: 0, originY: 0, clip: screen) }
    layoutIsValid = true
  }

  private func draw(_ node: TerminalViewNode, in rect: CellRect, clip: CellRect, into grid: inout CellGrid) {
    guard !clip.isEmpty else { return }
    let content = node.content
    let isFocused = focusedNode == node.id
    let isPressed = pressedNode?.id == node.id
    var style = CellStyle(foreground: content.foreground, background: content.background, isBold: content.isBold)
    if content.role == .button || content.role == .checkbox {
      if !content.isEnabled { style.foreground = secondaryTextColor }
      if isFocused || isPressed { style.isInverse = true }
    }
    if content.role == .textField, content.background == nil {
      style.isUnderlined = true
    }
    if content.role == .toast, !content.text.isEmpty, content.background == nil {
      style.isInverse = true
    }
    if content.role == .dialog, style.background == nil {
      // A dialog hides what is behind it, even on a terminal's own background.
      grid.fill(rect, with: Cell(" ", style: style), clip: clip)
    }
    if style.background != nil || style.isInverse || style.isUnderlined {
      grid.fill(rect, with: Cell(" ", style: style), clip: clip)
    }
    var inner = rect
    if content.hasBorder, rect.width >= 2, rect.height >= 2 {
      drawBorder(rect, color: content.borderColor ?? content.foreground, background: content.background, clip: clip, into: &grid)
      if content.role == .dialog, !content.text.isEmpty, rect.width > 4 {
        let title = fit(" " + content.text + " ", width: rect.width - 4, truncation: .tail)
        var titleStyle = style
        titleStyle.isBold = true
        grid.write(title, column: rect.column + 2, row: rect.row, style: titleStyle, clip: clip)
      }
      inner = CellRect(column: rect.column + 1, row: rect.row + 1, width: rect.width - 2, height: rect.height - 2)
    }
    let textClip = inner.intersection(clip)
    switch content.role {
    case .label:
      drawText(
        content.text, in: inner, alignment: content.alignment, truncation: content.truncation,
        maximumLines: content.maximumLines, style: style, clip: textClip, into: &grid)
    case .button:
      var title = isFocused ? content.focusedText : content.text
      if isFocused || isPressed || colorSupport == .none && content.background == nil {
        if CharacterWidth.columns(of: title) + 2 <= inner.width { title = "[" + title + "]" }
      }
      drawText(title, in: inner, alignment: .center, truncation: content.truncation, style: style, clip: textClip, into: &grid)
    case .textField:
      drawTextField(content, focused: isFocused, caret: node.caret, in: inner, style: style, clip: textClip, into: &grid)
    case .image:
      grid.fill(inner, with: Cell(usesUnicode ? "░" : ":", style: style), clip: textClip)
    case .view, .touchHandler, .table:
      break
    case .checkbox, .tabs, .picker, .dialog, .toast, .statusLine, .progressBar, .activityIndicator, .scrollView, .keyHelp:
      drawElement(node, in: rect, inner: inner, style: style, focused: isFocused || isPressed, clip: clip, into: &grid)
    case .textArea:
      drawTextArea(node, focused: isFocused, in: inner, style: style, clip: textClip, into: &grid)
    }
  }

  private func drawTextField(
    _ content: ElementContent, focused: Bool, caret: Int?, in rect: CellRect, style: CellStyle, clip: CellRect,
    into grid: inout CellGrid
  ) {
    guard rect.width > 0, rect.height > 0 else { return }
    let row = rect.row + (rect.height - 1) / 2
    if content.text.isEmpty, !focused {
      var placeholderStyle = style
      placeholderStyle.foreground = secondaryTextColor
      drawText(content.placeholder, in: CellRect(column: rect.column, row: row, width: rect.width, height: 1), alignment: .left, truncation: .tail, style: placeholderStyle, clip: clip, into: &grid)
      return
    }
    let characters = Array(content.isSecure ? String(repeating: "*", count: content.text.count) : content.text)
    let caretIndex = min(max(0, caret ?? characters.count), characters.count)
    // Scroll so the caret's cell is visible: show as much as fits before it, then what follows.
    var start = 0
    if focused {
      var used = 1
      start = caretIndex
      while start > 0 {
        let width = CharacterWidth.columns(of: characters[start - 1])
        if used + width > rect.width { break }
        used += width
        start -= 1
      }
    }
    grid.write(String(characters[start...]), column: rect.column, row: row, style: style, clip: clip, keepsBackground: true)
    if focused {
      var caretStyle = style
      caretStyle.isInverse.toggle()
      let column = rect.column + CharacterWidth.columns(of: String(characters[start..<caretIndex]))
      let under: Character = caretIndex < characters.count ? characters[caretIndex] : " "
      grid.write(String(under), column: column, row: row, style: caretStyle, clip: clip)
    }
  }

  /// Draws lines of text centred vertically, aligned horizontally and cut to the rectangle.
  ///
  /// - Parameter maximumLines: at most this many lines; 0 means as many as fit.
  func drawText(
    _ text: String, in rect: CellRect, alignment: ElementContent.Alignment, truncation: ElementContent.Truncation,
    maximumLines: Int = 0, style: CellStyle, clip: CellRect, into grid: inout CellGrid
  ) {
    guard rect.width > 0, rect.height > 0, !text.isEmpty else { return }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if truncation == .wrap { lines = lines.flatMap { wrap($0, width: rect.width) } }
    let limit = maximumLines > 0 ? min(maximumLines, rect.height) : rect.height
    if lines.count > limit { lines = Array(lines.prefix(limit)) }
    let top = rect.row + (rect.height - lines.count) / 2
    for (offset, line) in lines.enumerated() {
      let fitted = fit(line, width: rect.width, truncation: truncation)
      let columns = CharacterWidth.columns(of: fitted)
      let column = switch alignment {
      case .left: rect.column
      case .center: rect.column + (rect.width - columns) / 2
      case .right: rect.column + rect.width - columns
      }
      grid.write(fitted, column: column, row: top + offset, style: style, clip: clip, keepsBackground: true)
    }
  }

  /// `line` cut to `width` columns, ending in an ellipsis when truncated by the tail. Widths are
  /// terminal columns (``CharacterWidth``): a wide character is never cut in half.
  func fit(_ line: String, width: Int, truncation: ElementContent.Truncation) -> String {
    guard CharacterWidth.columns(of: line) > width else { return line }
    guard width > 0 else { return "" }
    let ellipsis = usesUnicode ? "…" : "..."
    let ellipsisWidth = CharacterWidth.columns(of: ellipsis)
    guard width > ellipsisWidth else { return Self.prefix(of: line, columns: width) }
    let kept = width - ellipsisWidth
    switch truncation {
    case .clip, .wrap:
      return Self.prefix(of: line, columns: width)
    case .tail:
      return Self.prefix(of: line, columns: kept) + ellipsis
    case .head:
      return ellipsis + Self.suffix(of: line, columns: kept)
    case .middle:
      return Self.prefix(of: line, columns: kept - kept / 2) + ellipsis + Self.suffix(of: line, columns: kept / 2)
    }
  }

  /// `line` broken into lines of at most `width` columns, at spaces where possible.
  func wrap(_ line: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var current = ""
    var currentWidth = 0
    for word in line.split(separator: " ", omittingEmptySubsequences: false) {
      var word = String(word)
      var wordWidth = CharacterWidth.columns(of: word)
      let separatorWidth = current.isEmpty ? 0 : 1
      if currentWidth + separatorWidth + wordWidth <= width {
        current += (current.isEmpty ? "" : " ") + word
        currentWidth += separatorWidth + wordWidth
        continue
      }
      if !current.isEmpty { lines.append(current) }
      // A word longer than a line is cut into pieces (at least one character each, so a wide
      // character in a one-column line still makes progress).
      while wordWidth > width {
        var piece = Self.prefix(of: word, columns: width)
        if piece.isEmpty, let first = word.first { piece = String(first) }
        lines.append(piece)
        word.removeFirst(piece.count)
        wordWidth = CharacterWidth.columns(of: word)
      }
      current = word
      currentWidth = wordWidth
    }
    lines.append(current)
    return lines
  }

  /// The longest start of `text` at most `columns` wide.
  static func prefix(of text: some StringProtocol, columns: Int) -> String {
    var result = ""
    var used = 0
    for character in text {
      let width = CharacterWidth.columns(of: character)
      if used + width > columns { break }
      result.append(character)
      used += width
    }
    return result
  }

  /// The longest end of `text` at most `columns` wide.
  static func suffix(of text: some StringProtocol, columns: Int) -> String {
    var kept: [Character] = []
    var used = 0
    for character in text.reversed() {
      let width = CharacterWidth.columns(of: character)
      if used + width > columns { break }
      kept.append(character)
      used += width
    }
    return String(kept.reversed())
  }

  private func drawBorder(
    _ rect: CellRect, color: TerminalColor?, background: TerminalColor?, clip: CellRect, into grid: inout CellGrid
  ) {
    let style = CellStyle(foreground: color, background: background)
    let (horizontal, vertical, corners): (Character, Character, [Character]) = usesUnicode
      ? ("─", "│", ["┌", "┐", "└", "┘"]) : ("-", "|", ["+", "+", "+", "+"])
    let right = rect.maxColumn - 1
    let bottom = rect.maxRow - 1
    grid.fill(CellRect(column: rect.column + 1, row: rect.row, width: rect.width - 2, height: 1), with: Cell(horizontal, style: style), clip: clip)
    grid.fill(CellRect(column: rect.column + 1, row: bottom, width: rect.width - 2, height: 1), with: Cell(horizontal, style: style), clip: clip)
    grid.fill(CellRect(column: rect.column, row: rect.row + 1, width: 1, height: rect.height - 2), with: Cell(vertical, style: style), clip: clip)
    grid.fill(CellRect(column: right, row: rect.row + 1, width: 1, height: rect.height - 2), with: Cell(vertical, style: style), clip: clip)
    let cornerCells = [(rect.column, rect.row), (right, rect.row), (rect.column, bottom), (right, bottom)]
    for ((column, row), corner) in zip(cornerCells, corners) where clip.contains(column: column, row: row) {
      grid[column, row] = Cell(corner, style: style)
    }
  }
}
