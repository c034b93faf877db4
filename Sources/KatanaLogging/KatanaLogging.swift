// The KatanaLogging module. Its content arrives with its own issue; until then it only re-exports nothing.
