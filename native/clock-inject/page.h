/*
 * The injector's pages in a target (layout.h): finding them, mapping them,
 * writing the settings, and patching or restoring the vDSO's entry points.
 */
#ifndef CLOCK_INJECT_PAGE_H
#define CLOCK_INJECT_PAGE_H

#include <stdint.h>
#include <sys/types.h>

#include "trace.h"
#include "vdso.h"

struct settings {
  int64_t offset_ns;
  int64_t rate;       /* fixed point, RATE_ONE is 1.0 */
  uint64_t flags;     /* FLAG_MONOTONIC */
};

/* The code page of a mapping of ours in the target, or 0 when it has none. */
uint64_t find_page(pid_t pid);

/* The code page the vDSO's clock_gettime jumps to, or 0 when it is not patched. */
uint64_t patched_page(pid_t pid, const struct vdso *vdso);

/*
 * Maps the two pages in the stopped target (an mmap and an mprotect run by
 * its first stopped thread) and fills them: the fake code, the data page
 * unpatched with the real clock's settings. Returns the code page.
 */
uint64_t map_page(struct tracee *t, const struct vdso *vdso);

/* The address in the target of a payload symbol (payload.S) for the code page `page`. */
uint64_t payload_addr(uint64_t page, const char *symbol);

/* The settings in the data page. */
struct settings read_settings(pid_t pid, uint64_t page);

/*
 * Writes `s` into the data page under its sequence counter. When the rate
 * changes, each clock's base becomes its reading now (as the target sees
 * it), so that a new rate does not make the clock jump.
 */
void write_settings(pid_t pid, uint64_t page, struct settings s);

/* Points every entry point of the vDSO at its fake; keeps the original bytes in the data page. Threads stopped. */
void patch_vdso(struct tracee *t, uint64_t page, const struct vdso *vdso);

/* Writes the original bytes back; returns how many entry points were restored. Threads stopped. */
int restore_vdso(struct tracee *t, uint64_t page);

#endif
