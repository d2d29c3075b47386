/* The clock entry points of a target's vDSO, found in its ELF dynamic symbol table in the target's memory. */
#ifndef CLOCK_INJECT_VDSO_H
#define CLOCK_INJECT_VDSO_H

#include <stdint.h>
#include <sys/types.h>

#include "layout.h"

enum entry_kind { ENTRY_CLOCK_GETTIME, ENTRY_GETTIMEOFDAY, ENTRY_TIME };

struct entry {
  uint64_t addr;        /* in the target */
  enum entry_kind kind;
  const char *name;     /* the first symbol found at addr */
};

struct vdso {
  uint64_t start, end;  /* the mapping named [vdso] */
  int count;            /* distinct entry points, at most MAX_PATCHES */
  struct entry entries[MAX_PATCHES];
};

/*
 * Finds the target's vDSO and its clock_gettime, gettimeofday and time
 * entry points (the __vdso_ names and their aliases; one entry per
 * address). Fails with EXIT_UNSUPPORTED when the target has no vDSO, a
 * vDSO that is not x86_64, no clock_gettime in it, or an entry point too
 * short to hold the jump.
 */
void find_vdso(pid_t pid, struct vdso *out);

/* The address of the clock_gettime entry point. */
uint64_t vdso_clock_gettime(const struct vdso *vdso);

#endif
