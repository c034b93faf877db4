import InMemoryTracing
import Tracing

/// Draws finished spans as an indented tree, children in start order:
///
///     KatanaTracingTests.GenerateRandomNumber [Katana.SideEffect, completed]
///     ├─ KatanaTracingTests.FetchNumber [Katana.SideEffect, completed]
///     └─ KatanaTracingTests.SetCounter [Katana.StateUpdater, completed]
func spanTree(_ spans: [FinishedInMemorySpan]) -> String {
  let ordered = spans.sorted { order($0.spanID) < order($1.spanID) }
  let ids = Set(ordered.map(\.spanID))
  var lines: [String] = []

  func label(_ span: FinishedInMemorySpan) -> String {
    let kind = text(span.attributes.get("katana.kind"))
    let outcome = text(span.attributes.get("katana.outcome"))
    return "\(span.operationName) [\(kind), \(outcome)]"
  }

  func draw(_ span: FinishedInMemorySpan, prefix: String, isLast: Bool, isRoot: Bool) {
    lines.append(isRoot ? label(span) : prefix + (isLast ? "└─ " : "├─ ") + label(span))
    let children = ordered.filter { $0.parentSpanID == span.spanID }
    let childPrefix = isRoot ? "" : prefix + (isLast ? "   " : "│  ")
    for (index, child) in children.enumerated() {
      draw(child, prefix: childPrefix, isLast: index == children.count - 1, isRoot: false)
    }
  }

  for root in ordered where root.parentSpanID.map({ !ids.contains($0) }) ?? true {
    draw(root, prefix: "", isLast: true, isRoot: true)
  }
  return lines.joined(separator: "\n")
}

/// `span-12` → 12, so spans sort in the order they started.
private func order(_ spanID: String) -> Int {
  Int(spanID.split(separator: "-").last ?? "") ?? 0
}

/// A string attribute's text, or `?`.
private func text(_ attribute: SpanAttribute?) -> String {
  if case .string(let value)? = attribute { return value }
  return "?"
}
