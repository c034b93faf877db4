// Every file of the core's tests sees the shared test support (locks, recorders, gates), as it
// saw the copies this target used to hold.
@_exported import KatanaTestSupport
