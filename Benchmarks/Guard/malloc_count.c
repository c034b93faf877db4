// Counts allocations for the cost guard: LD_PRELOAD it, and at exit it writes the number of
// malloc-family calls the process made to the file named by KATANA_MALLOC_COUNT_FILE.
// glibc's __libc_* entry points do the work, so no dlsym (which itself allocates) is needed.
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static unsigned long long allocations;

static void count(void) { __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED); }

void *malloc(size_t size) { count(); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { count(); return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { count(); return __libc_realloc(p, size); }
void *memalign(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
  count();
  void *p = __libc_memalign(alignment, size);
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}

__attribute__((destructor)) static void report(void) {
  const char *path = getenv("KATANA_MALLOC_COUNT_FILE");
  if (!path) return;
  FILE *file = fopen(path, "w");
  if (!file) return;
  fprintf(file, "%llu\n", __atomic_load_n(&allocations, __ATOMIC_RELAXED));
  fclose(file);
}
