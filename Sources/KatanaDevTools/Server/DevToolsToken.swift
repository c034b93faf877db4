package import KatanaServerSupport

/// DevTools' token is the servers' shared ``AccessToken``.
package typealias DevToolsToken = AccessToken
