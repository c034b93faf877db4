import KatanaServerSupport
import Testing

@testable import KatanaDevTools

@Suite("DevTools token")
struct DevToolsTokenTests {
  @Test("random tokens are 32 hex digits and differ")
  func random() {
    let tokens = (0..<100).map { _ in DevToolsToken.random() }
    #expect(Set(tokens).count == 100)
    #expect(tokens.allSatisfy { $0.count == 32 && $0.allSatisfy({ $0.isHexDigit }) && DevToolsToken.isWellFormed($0) })
  }

  @Test("only the exact token matches")
  func matching() {
    let token = "0123456789abcdef0123456789abcdef"
    #expect(DevToolsToken.matches(token, token))
    for candidate in [nil, "", "0123456789abcdef0123456789abcde", token + "0", "1123456789abcdef0123456789abcdef", token.uppercased()] {
      #expect(!DevToolsToken.matches(candidate, token), "\(candidate ?? "nil")")
    }
  }
}
