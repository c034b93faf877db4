#include "KatanaSignalAtomics.h"

#include <stdatomic.h>
#include <stdlib.h>

// Only a lock-free atomic is async-signal-safe: an emulated one takes a lock, which a handler
// that interrupted the lock's holder would wait for forever.
_Static_assert(__atomic_always_lock_free(sizeof(intptr_t), 0), "intptr_t atomics must be lock-free");

struct KatanaSignalAtomic {
  _Atomic(intptr_t) value;
};

KatanaSignalAtomic *katana_signal_atomic_create(intptr_t initial) {
  KatanaSignalAtomic *cell = malloc(sizeof(KatanaSignalAtomic));
  if (cell != NULL) atomic_init(&cell->value, initial);
  return cell;
}

intptr_t katana_signal_atomic_load(const KatanaSignalAtomic *cell) {
  // atomic_load takes a pointer to non-const before C17.
  return atomic_load(&((KatanaSignalAtomic *)cell)->value);
}

void katana_signal_atomic_store(KatanaSignalAtomic *cell, intptr_t value) {
  atomic_store(&cell->value, value);
}

intptr_t katana_signal_atomic_exchange(KatanaSignalAtomic *cell, intptr_t value) {
  return atomic_exchange(&cell->value, value);
}

intptr_t katana_signal_atomic_compare_exchange(KatanaSignalAtomic *cell, intptr_t expected, intptr_t desired) {
  atomic_compare_exchange_strong(&cell->value, &expected, desired);
  return expected;
}

intptr_t katana_signal_atomic_add(KatanaSignalAtomic *cell, intptr_t delta) {
  return atomic_fetch_add(&cell->value, delta);
}
