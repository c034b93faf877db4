import Testing

@testable import KatanaServerSupport

@Suite("Request head meter")
struct RequestHeadMeterTests {
  private func measure(_ meter: inout RequestHeadMeter, _ text: String) -> RequestHeadMeter.Outcome {
    Array(text.utf8).withUnsafeBytes { meter.measure($0) }
  }

  @Test("a head ends at its empty line, however the bytes are split")
  func ends() {
    let head = "GET / HTTP/1.1\r\nHost: a\r\n\r\n"
    for split in 0...head.utf8.count {
      var meter = RequestHeadMeter(maximumBytes: 1024, maximumHeaders: 10)
      let bytes = Array(head.utf8)
      let first = bytes[..<split].withUnsafeBytes { meter.measure($0) }
      let second = bytes[split...].withUnsafeBytes { meter.measure($0) }
      let outcome = first == .incomplete ? second : first
      #expect(outcome == .complete(length: first == .incomplete ? bytes.count - split : split), "split at \(split)")
    }
  }

  @Test("over the byte cap or the header-line cap the head is refused as soon as it passes")
  func caps() {
    var bytes = RequestHeadMeter(maximumBytes: 256, maximumHeaders: 100)
    #expect(measure(&bytes, "GET /" + String(repeating: "a", count: 300)) == .tooLarge)
    var lines = RequestHeadMeter(maximumBytes: 100_000, maximumHeaders: 2)
    #expect(measure(&lines, "GET / HTTP/1.1\r\nA: 1\r\nB: 2\r\n") == .incomplete)
    #expect(measure(&lines, "C: 3\r\n") == .tooManyHeaders)
  }

  @Test("empty lines before the request line are skipped")
  func leadingEmptyLines() {
    var meter = RequestHeadMeter(maximumBytes: 1024, maximumHeaders: 10)
    #expect(measure(&meter, "\r\n\r\nGET / HTTP/1.1\r\n\r\n") == .complete(length: 22))
  }
}
