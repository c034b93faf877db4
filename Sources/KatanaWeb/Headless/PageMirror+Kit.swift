/// The widget kit's elements (`createKit`, `setKitProps`): native controls where HTML has one.
extension PageMirror {
  func createKit(_ id: Int, kind: String, frame: [Double], props: [String: MirrorJSON], text: String) -> MirrorNode {
    let tags = [
      "checkbox": "label", "picker": "select", "textArea": "textarea", "dialog": "dialog", "progressBar": "progress",
    ]
    let element = MirrorElement(tags[kind] ?? "div")
    let node = MirrorNode(id: id, kind: kind, element: element, isKit: true)
    element.node = node
    switch kind {
    case "checkbox":
      let input = MirrorElement("input")
      input.setAttribute("type", "checkbox")
      element.append(input)
      let label = MirrorElement("span")
      element.append(label)
      node.input = input
      node.label = label
    case "tabs":
      element.setAttribute("role", "tablist")
    case "dialog":
      let title = MirrorElement("h2")
      title.setAttribute("class", "k-dialog-title")
      element.append(title)
      node.title = title
      node.offset = 1
      openLater(element)
    case "toast", "statusLine":
      element.setAttribute("role", "status")
    case "activityIndicator":
      element.setAttribute("role", "progressbar")
      let spinner = MirrorElement("span")
      spinner.setAttribute("class", "k-spin")
      element.append(spinner)
      let label = MirrorElement("span")
      element.append(label)
      node.spinner = spinner
      node.label = label
    case "progressBar":
      element.setAttribute("max", "1")
    case "scrollView":
      element.setAttribute("tabindex", "0")
    default:
      break
    }
    register(node)
    setKitProps(node, props, frame: frame, text: text)
    return node
  }

  func setKitProps(_ node: MirrorNode, _ p: [String: MirrorJSON], frame: [Double], text: String) {
    let element = node.element
    let old = node.frame
    node.props = p
    node.frame = frame
    var classes = classes(kind: node.kind, props: p)
    let disabled = p["en"]?.number == 0
    switch node.kind {
    case "checkbox":
      guard let input = node.input, let label = node.label else { break }
      input.isChecked = p["on"]?.number == 1
      input.setFlag("disabled", disabled)
      input.setAttribute("role", p["sw"]?.isTruthy == true ? "switch" : nil)
      input.setAttribute("aria-label", nonEmpty(p["nm"]))
      if label.textContent != text { label.setTextContent(text) }
    case "tabs":
      let titles = (p["opts"]?.array ?? []).map(\.jsString)
      if node.tabTitles != titles {
        node.tabTitles = titles
        element.replaceChildren(
          titles.enumerated().map { index, title in
            let tab = MirrorElement("button")
            tab.setAttribute("type", "button")
            tab.setAttribute("class", "k-tab")
            tab.setAttribute("role", "tab")
            tab.setAttribute("data-index", String(index))
            tab.setTextContent(title)
            return .element(tab)
          })
      }
      let hadFocus = focused?.isInside(element) ?? false
      let selectedIndex = Int(p["sel"]?.number ?? 0)
      for (index, tab) in element.elementChildren.enumerated() {
        let selected = index == selectedIndex
        tab.setAttribute("aria-selected", selected ? "true" : "false")
        tab.setAttribute("tabindex", selected ? "0" : "-1")
        tab.setFlag("disabled", disabled)
        if selected && hadFocus && focused !== tab { focused = tab }
      }
      element.setAttribute("aria-label", nonEmpty(p["nm"]))
    case "picker":
      let options = (p["opts"]?.array ?? []).map(\.jsString)
      if node.options != options {
        node.options = options
        element.replaceChildren(
          options.map { title in
            let option = MirrorElement("option")
            option.setTextContent(title)
            return .element(option)
          })
      }
      element.selectedIndex = Int(p["sel"]?.number ?? 0)
      element.setFlag("disabled", disabled)
      element.setAttribute("aria-label", nonEmpty(p["nm"]))
    case "textArea":
      setTextAreaText(node, p, text)
      element.setAttribute("placeholder", p["ph"]?.string ?? "")
      element.setAttribute("aria-label", nonEmpty(p["nm"]) ?? nonEmpty(p["ph"]))
      element.setFlag("disabled", disabled)
    case "dialog":
      if let title = node.title, title.textContent != text { title.setTextContent(text) }
      element.setAttribute("aria-label", text)
      element.setAttribute("role", p["al"]?.isTruthy == true ? "alertdialog" : nil)
      classes = classes.replacing(" k-clip", with: "", maxReplacements: 1)
    case "toast", "statusLine":
      if element.textContent != text { element.setTextContent(text) }
    case "progressBar":
      element.setAttribute("value", p["pv"]?.number.map { MirrorJSON.jsString($0 / 1000) })
      element.setAttribute("aria-label", nonEmpty(p["nm"]))
    case "activityIndicator":
      if let label = node.label, label.textContent != text { label.setTextContent(text) }
      element.setAttribute("aria-label", text.isEmpty ? "Working" : text)
      element.setAttribute("aria-busy", p["an"]?.number == 0 ? "false" : "true")
      node.spinner?.setFlag("hidden", p["an"]?.number == 0)
    case "keyHelp":
      let keys = p["keys"]?.array ?? []
      if node.keySignature != keys {
        node.keySignature = keys
        var parts: [MirrorElement.Child] = []
        for (index, binding) in keys.enumerated() {
          if index > 0 { parts.append(.text(" · ")) }
          let key = MirrorElement("kbd")
          key.setTextContent(binding[0]?.jsString ?? "")
          parts.append(.element(key))
          parts.append(.text(" " + (binding[1]?.jsString ?? "")))
        }
        element.replaceChildren(parts)
      }
    default:
      break
    }
    node.classes = classes
    if node.parent != nil { paint(node, old: old) }
  }

  /// A text area's text: the page's own while its edits are unacknowledged; the server's echo of
  /// them comes without text (`ack`), any other update carries the whole text.
  private func setTextAreaText(_ node: MirrorNode, _ p: [String: MirrorJSON], _ text: String) {
    let element = node.element
    if let acknowledgedEdits = p["ack"]?.number {
      let count = min(node.sentTexts.count, max(0, Int(acknowledgedEdits)))
      if count > 0 { node.acknowledgedText = node.sentTexts[count - 1] }
      node.sentTexts.removeFirst(count)
    } else if let echoed = node.sentTexts.firstIndex(of: text) {
      node.sentTexts.removeFirst(echoed + 1)
      node.acknowledgedText = text
      if node.sentTexts.isEmpty && element.value != text {
        element.value = text
        node.shownText = text
      }
    } else if !(!node.sentTexts.isEmpty && text == node.acknowledgedText) {
      node.sentTexts = []
      node.acknowledgedText = text
      if element.value != text {
        element.value = text
        node.shownText = text
      }
    }
  }
}
