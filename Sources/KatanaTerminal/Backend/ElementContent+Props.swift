import KatanaUI

extension ElementContent {
  /// What to draw for a node of `kind` with `props`, read from KatanaUI's element props.
  ///
  /// Unknown kinds, and props of types the backend does not know, draw as plain containers, as
  /// the backend protocol asks.
  init(kind: NativeViewKind, props: any NodeDescriptionProps) {
    switch props {
    case let label as LabelProps:
      role = .label
      text = label.text
      foreground = TerminalColor(foreground: label.textColor)
      alignment = Alignment(label.textAlignment)
      truncation = Truncation(label.lineBreakMode, numberOfLines: label.numberOfLines)
      maximumLines = label.numberOfLines
      applyBox(background: label.backgroundColor, borderWidth: label.borderWidth, borderColor: label.borderColor)
    case let button as ButtonProps:
      role = .button
      isEnabled = button.isEnabled
      text = button.title(for: button.isEnabled ? .normal : .disabled) ?? ""
      focusedText = button.title(for: .focused) ?? text
      foreground = button.titleColors[button.isEnabled ? .normal : .disabled].flatMap(TerminalColor.init(foreground:))
        ?? button.titleColors[.normal].flatMap(TerminalColor.init(foreground:))
      alignment = .center
      applyBox(background: button.backgroundColor, borderWidth: button.borderWidth, borderColor: button.borderColor)
    case let field as TextFieldProps:
      role = .textField
      text = field.text
      placeholder = field.placeholder
      foreground = TerminalColor(foreground: field.textColor)
      isSecure = field.isSecure
      isEnabled = field.isEnabled
      applyBox(background: field.backgroundColor, borderWidth: field.borderWidth, borderColor: field.borderColor)
    case let view as ViewProps:
      role = .view
      applyBox(background: view.backgroundColor, borderWidth: view.borderWidth, borderColor: view.borderColor)
    case let image as ImageProps:
      role = .image
      foreground = image.tintColor.flatMap(TerminalColor.init(foreground:))
      applyBox(background: image.backgroundColor, borderWidth: image.borderWidth, borderColor: image.borderColor)
    case let table as TableProps:
      role = .table
      background = TerminalColor(background: table.backgroundColor)
    case is TouchHandlerProps:
      role = .touchHandler
    case let box as CheckboxProps:
      role = .checkbox
      text = box.title
      isChecked = box.isChecked
      isSwitch = box.style == .switch
      isEnabled = box.isEnabled
      foreground = box.textColor.flatMap(TerminalColor.init(foreground:))
      background = TerminalColor(background: box.backgroundColor)
    case let tabs as TabsProps:
      role = .tabs
      options = tabs.titles
      selectedIndex = tabs.selectedIndex
      isEnabled = tabs.isEnabled
    case let picker as PickerProps:
      role = .picker
      options = picker.options
      selectedIndex = picker.selectedIndex
      isEnabled = picker.isEnabled
      text = picker.options.indices.contains(picker.selectedIndex) ? picker.options[picker.selectedIndex] : ""
    case let area as TextAreaProps:
      role = .textArea
      document = area.document
      placeholder = area.placeholder
      isEnabled = area.isEnabled
      foreground = area.textColor.flatMap(TerminalColor.init(foreground:))
      background = area.backgroundColor.flatMap(TerminalColor.init(background:))
    case let dialog as DialogProps:
      role = .dialog
      text = dialog.title
      background = TerminalColor(background: dialog.backgroundColor)
      hasBorder = true
    case let status as StatusProps:
      role = kind == .toast ? .toast : .statusLine
      text = status.text
      foreground = status.textColor.flatMap(TerminalColor.init(foreground:))
      background = status.backgroundColor.flatMap(TerminalColor.init(background:))
    case let progress as ProgressBarProps:
      role = .progressBar
      self.progress = progress.displayedValue
      foreground = progress.tintColor.flatMap(TerminalColor.init(foreground:))
    case let spinner as ActivityIndicatorProps:
      role = .activityIndicator
      isAnimating = spinner.isAnimating
      text = spinner.title
      foreground = spinner.tintColor.flatMap(TerminalColor.init(foreground:))
    case let scroll as ScrollViewProps:
      role = .scrollView
      background = TerminalColor(background: scroll.backgroundColor)
    case let help as KeyHelpBarProps:
      role = .keyHelp
      text = KeyHelpBar.terminalLine(for: help.bindings)
      foreground = help.textColor.flatMap(TerminalColor.init(foreground:))
      alignment = Alignment(help.textAlignment)
    default:
      switch kind {
      case .label: role = .label
      case .button: role = .button
      case .touchHandler: role = .touchHandler
      case .textField: role = .textField
      case .table: role = .table
      case .image: role = .image
      case .scrollView: role = .scrollView
      default: role = .view
      }
    }
  }

  private mutating func applyBox(background: Color, borderWidth: Value, borderColor: Color) {
    self.background = TerminalColor(background: background)
    // Any visible border is one cell thick: a terminal has no thinner line. The renderer has
    // resolved the width to points, in `fixed`.
    hasBorder = borderWidth.fixed > 0 && borderColor.alpha >= 0.5
    self.borderColor = hasBorder ? TerminalColor(foreground: borderColor) : nil
  }
}

extension ElementContent.Alignment {
  init(_ alignment: TextAlignment) {
    switch alignment {
    case .left, .justified: self = .left
    case .center: self = .center
    case .right: self = .right
    }
  }
}

extension ElementContent.Truncation {
  init(_ mode: LineBreakMode, numberOfLines: Int) {
    switch mode {
    case .byClipping: self = .clip
    case .byTruncatingHead: self = .head
    case .byTruncatingMiddle: self = .middle
    case .byTruncatingTail: self = .tail
    case .byWordWrapping, .byCharWrapping: self = numberOfLines == 1 ? .clip : .wrap
    }
  }
}

extension TerminalColor {
  /// A KatanaUI text colour on the terminal: nil (the terminal's own text colour) for
  /// transparent colours and for pure black, the UIKit default that would be invisible on dark
  /// terminals.
  init?(foreground color: Color) {
    guard color.alpha >= 0.5, color != .black else { return nil }
    self.init(color)
  }

  /// A KatanaUI background colour on the terminal: nil (the terminal's own background) for
  /// transparent colours and for pure white, the UIKit default for fields and screens.
  init?(background color: Color) {
    guard color.alpha >= 0.5, color != .white else { return nil }
    self.init(color)
  }

  private init(_ color: Color) {
    func channel(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
    self = .rgb(red: channel(color.red), green: channel(color.green), blue: channel(color.blue))
  }
}
