#ifndef KATANA_SIGNAL_ATOMICS_H
#define KATANA_SIGNAL_ATOMICS_H

#include <stdint.h>

/// A lock-free atomic integer for state that a signal handler shares with ordinary code.
///
/// POSIX allows a handler to touch shared memory only through lock-free atomics (or
/// `volatile sig_atomic_t`, which orders nothing between threads): a plain store can be torn or
/// reordered, and a lock would deadlock when the handler interrupts its holder. Swift's
/// `Synchronization.Atomic` needs macOS 15 / iOS 18 while the package supports macOS 13 /
/// iOS 16, hence C11 `<stdatomic.h>` here. The build fails where `intptr_t` atomics are not
/// lock-free (see `KatanaSignalAtomics.c`).
///
/// Every operation is sequentially consistent: the signal guard pairs a handler's "count me in,
/// then read the phase" with `disarm`'s "change the phase, then wait for the count", which needs
/// a single total order (release/acquire alone would let both sides miss each other).
///
/// Cells are allocated once by ordinary code and never freed, so a handler can always use one.
typedef struct KatanaSignalAtomic KatanaSignalAtomic;

/// Allocates a cell holding `initial`; NULL when out of memory. Not async-signal-safe.
KatanaSignalAtomic *_Nullable katana_signal_atomic_create(intptr_t initial);

/// The current value. Async-signal-safe.
intptr_t katana_signal_atomic_load(const KatanaSignalAtomic *_Nonnull cell);

/// Replaces the value. Async-signal-safe.
void katana_signal_atomic_store(KatanaSignalAtomic *_Nonnull cell, intptr_t value);

/// Replaces the value and returns the previous one. Async-signal-safe.
intptr_t katana_signal_atomic_exchange(KatanaSignalAtomic *_Nonnull cell, intptr_t value);

/// Replaces the value with `desired` if it is `expected`; returns the value found (equal to
/// `expected` when the exchange happened). Async-signal-safe.
intptr_t katana_signal_atomic_compare_exchange(
  KatanaSignalAtomic *_Nonnull cell, intptr_t expected, intptr_t desired);

/// Adds `delta` and returns the previous value. Async-signal-safe.
intptr_t katana_signal_atomic_add(KatanaSignalAtomic *_Nonnull cell, intptr_t delta);

#endif
