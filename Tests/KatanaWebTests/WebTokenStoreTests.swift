import Foundation
import Testing

@testable import KatanaWeb

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh temporary folder, removed when the test ends.
private final class TemporaryFolder {
  let path: String

  init() throws {
    var template = Array((NSTemporaryDirectory() + "/katana-token-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
    path = String(cString: made)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

private func mode(of path: String) -> mode_t {
  let attributes = try? FileManager.default.attributesOfItem(atPath: path)
  return mode_t((attributes?[.posixPermissions] as? Int) ?? 0)
}

private func contents(of path: String) -> String? {
  FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
}

private func writeFile(_ text: String, at path: String, mode: mode_t) {
  _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
  chmod(path, mode)
}

@Suite("The web token kept across restarts")
struct WebTokenStoreTests {
  @Test("the first run makes a 0600 file in a 0700 folder; later runs read the same token back")
  func createsThenReuses() throws {
    let folder = try TemporaryFolder()
    let store = WebTokenStore(directory: folder.path + "/katana/todos")
    let first = try store.token()
    #expect(first.event == .created)
    #expect(first.token.count == 32)
    #expect(mode(of: store.filePath) == 0o600)
    #expect(mode(of: store.directory) == 0o700)
    #expect(mode(of: folder.path + "/katana") == 0o700)
    #expect(contents(of: store.filePath) == first.token + "\n")
    #expect(first.message(filePath: store.filePath)?.contains(store.filePath) == true)

    let second = try WebTokenStore(directory: store.directory).token()
    #expect(second == WebTokenStore.Outcome(token: first.token, event: .reused))
    #expect(second.message(filePath: store.filePath) == nil)
    // Only the token file is left: no temporary file lingers beside it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory) == ["web-token"])
  }

  @Test("renewing replaces the kept token, and the next run keeps the new one")
  func renews() throws {
    let folder = try TemporaryFolder()
    let store = WebTokenStore(directory: folder.path)
    let old = try store.token().token
    let renewed = try store.token(renewing: true)
    #expect(renewed.event == .renewed && renewed.token != old)
    #expect(mode(of: store.filePath) == 0o600)
    #expect(try store.token() == WebTokenStore.Outcome(token: renewed.token, event: .reused))
  }

  @Test(
    "a file that cannot be trusted is kept aside under a new name, never overwritten, and a new token is made",
    arguments: [
      ("not a token\n", 0o600 as mode_t, "does not hold a token"),
      ("", 0o600, "does not hold a token"),
      ("0123456789abcdef0123456789abcdef\n", 0o644, "could be read by other users (mode 644)"),
    ])
  func keepsUnusableAside(text: String, fileMode: mode_t, reason: String) throws {
    let folder = try TemporaryFolder()
    let store = WebTokenStore(directory: folder.path)
    writeFile(text, at: store.filePath, mode: fileMode)
    let outcome = try store.token()
    let aside = store.filePath + ".unusable-1"
    #expect(outcome.event == .replacedUnusable(reason: reason, keptAt: aside))
    #expect(contents(of: aside) == text)
    #expect(contents(of: store.filePath) == outcome.token + "\n")
    #expect(mode(of: store.filePath) == 0o600)
    let message = try #require(outcome.message(filePath: store.filePath))
    #expect(message.contains(reason) && message.contains(aside) && message.contains("new link"))
    // A second bad file goes beside the first, which stays.
    writeFile("still not a token", at: store.filePath, mode: 0o600)
    let again = try store.token()
    #expect(again.event == .replacedUnusable(reason: "does not hold a token", keptAt: store.filePath + ".unusable-2"))
    #expect(contents(of: aside) == text)
  }

  @Test("a symbolic link in the token's place is not followed: it is kept aside and its target untouched")
  func symbolicLink() throws {
    let folder = try TemporaryFolder()
    let store = WebTokenStore(directory: folder.path + "/app")
    try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
    let target = folder.path + "/elsewhere"
    writeFile("0123456789abcdef0123456789abcdef", at: target, mode: 0o600)
    #expect(symlink(target, store.filePath) == 0)
    let outcome = try store.token()
    #expect(outcome.event == .replacedUnusable(reason: "is a symbolic link", keptAt: store.filePath + ".unusable-1"))
    #expect(outcome.token != "0123456789abcdef0123456789abcdef")
    #expect(contents(of: target) == "0123456789abcdef0123456789abcdef")
  }

  @Test("an existing folder open to others is closed to 0700")
  func tightensFolder() throws {
    let folder = try TemporaryFolder()
    let store = WebTokenStore(directory: folder.path + "/app")
    #expect(mkdir(store.directory, 0o755) == 0)
    chmod(store.directory, 0o755)
    _ = try store.token()
    #expect(mode(of: store.directory) == 0o700)
  }

  @Test("a folder that cannot be made is a clear error, and nothing is written")
  func cannotMakeFolder() throws {
    let folder = try TemporaryFolder()
    writeFile("a file, not a folder", at: folder.path + "/blocked", mode: 0o600)
    let store = WebTokenStore(directory: folder.path + "/blocked/app")
    #expect(throws: WebTokenStoreError.self) { try store.token() }
    #expect(contents(of: folder.path + "/blocked") == "a file, not a folder")
  }

  @Test("the app's folder is under XDG_STATE_HOME, else ~/.local/state, named after the app")
  func defaultFolder() throws {
    #expect(
      try WebTokenStore(appName: "Todos", environment: ["XDG_STATE_HOME": "/state", "HOME": "/home/u"]).directory
        == "/state/katana/todos")
    #expect(try WebTokenStore(appName: "Todos", environment: ["HOME": "/home/u/"]).directory == "/home/u/.local/state/katana/todos")
    // A relative XDG_STATE_HOME is ignored, as the XDG rules say.
    #expect(
      try WebTokenStore(appName: "My App/2", environment: ["XDG_STATE_HOME": "state", "HOME": "/home/u"]).directory
        == "/home/u/.local/state/katana/my-app-2")
    #expect(throws: WebTokenStoreError.noStateDirectory) { try WebTokenStore(appName: "todos", environment: [:]) }
    #expect(throws: WebTokenStoreError.invalidAppName("..")) {
      try WebTokenStore(appName: "..", environment: ["HOME": "/home/u"])
    }
  }
}
