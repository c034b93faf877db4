import Testing

/// Runs `body`, which must report at least one failure; every failure it reports must contain
/// all of `fragments`. A body that reports nothing, or something else, fails the test.
func expectFailure(
  containing fragments: String...,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async -> Void
) async {
  await withKnownIssue(sourceLocation: sourceLocation) {
    await body()
  } matching: { issue in
    let text = String(describing: issue)
    return fragments.allSatisfy { text.contains($0) }
  }
}
