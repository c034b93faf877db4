import Testing

@testable import KatanaServerSupport

@Suite("Request head scanner: caps counted while the head arrives")
struct RequestHeadScannerTests {
  @Test("a head ends at its empty line; an upgrade is noticed; bytes after it are left")
  func complete() {
    var scanner = RequestHeadScanner(maximumBytes: 1024, maximumHeaders: 10)
    let head = Array("GET / HTTP/1.1\r\nHost: a\r\nUpgrade: WebSocket\r\n\r\n".utf8)
    #expect(scanner.scan(head.prefix(20)) == .incomplete)
    #expect(scanner.scan(head[20...] + [0x81]) == .complete(length: head.count - 20, isUpgrade: true))
    // The scanner starts over for the next request.
    #expect(scanner.scan(Array("GET / HTTP/1.1\nHost: a\n\n".utf8)) == .complete(length: 24, isUpgrade: false))
  }

  @Test("100,000 headers are refused at the header-count cap, long before the end")
  func manyHeaders() {
    var scanner = RequestHeadScanner(maximumBytes: 16 * 1024, maximumHeaders: 100)
    var outcome = scanner.scan(Array("GET / HTTP/1.1\r\n".utf8))
    var sent = 0
    for index in 0..<100_000 where outcome == .incomplete {
      outcome = scanner.scan(Array("X-\(index): v\r\n".utf8))
      sent = index + 1
    }
    #expect(outcome == .refused(.tooManyHeaders))
    #expect(sent == 101)
  }

  @Test("a head over the byte cap is refused at the cap; a body is refused")
  func bytesAndBodies() {
    var scanner = RequestHeadScanner(maximumBytes: 1000, maximumHeaders: 100)
    #expect(scanner.scan(Array("GET /".utf8) + [UInt8](repeating: 0x61, count: 995)) == .incomplete)
    #expect(scanner.scan([0x61]) == .refused(.tooLarge))
    var post = RequestHeadScanner(maximumBytes: 1000, maximumHeaders: 100)
    #expect(post.scan(Array("POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\n".utf8)) == .refused(.hasBody))
    var chunked = RequestHeadScanner(maximumBytes: 1000, maximumHeaders: 100)
    #expect(chunked.scan(Array("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)) == .refused(.hasBody))
    var empty = RequestHeadScanner(maximumBytes: 1000, maximumHeaders: 100)
    #expect(empty.scan(Array("GET / HTTP/1.1\r\nContent-Length: 0\r\n\r\n".utf8)) == .complete(length: 37, isUpgrade: false))
  }
}
