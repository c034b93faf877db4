#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's file-descriptor limit, which bounds how many sockets a server can hold: raised
/// to its hard limit once, at a server's start, and read to size the socket budget.
package enum DescriptorBudget {
  /// Descriptors kept for everything but client sockets (files, pipes, the terminal, the
  /// listening sockets, a second server).
  package static let reserve = 64

  /// Raises the soft limit on open files to the hard limit (capped at 65,536) and returns the
  /// soft limit now in force.
  @discardableResult
  package static func raiseToHardLimit() -> Int {
    #if os(Linux)
      let resource = Int32(RLIMIT_NOFILE.rawValue)
    #else
      let resource = RLIMIT_NOFILE
    #endif
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0 else { return 1024 }
    let wanted = min(limit.rlim_max, 65_536)
    if limit.rlim_cur < wanted {
      var raised = limit
      raised.rlim_cur = wanted
      if setrlimit(resource, &raised) == 0 { limit = raised }
    }
    return Int(clamping: limit.rlim_cur)
  }

  /// The sockets a server may hold at once: `configured`, but never more than the descriptors
  /// left after ``reserve`` (each connection holds one descriptor).
  package static func socketBudget(configured: Int) -> Int {
    max(1, min(configured, raiseToHardLimit() - reserve))
  }
}
