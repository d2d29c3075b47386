/*
 * Moving the first instructions of a vDSO function, so that the fake code
 * can still call the original after its first PATCH_BYTES are overwritten
 * by the jump. Only instructions that mean the same at any address are
 * moved (pushes, register moves, stack adjustments, endbr64); a prologue
 * with anything else is not moved, and the fake code reads the clock by
 * syscall instead.
 */
#ifndef CLOCK_INJECT_PROLOGUE_H
#define CLOCK_INJECT_PROLOGUE_H

#include <stddef.h>
#include <stdint.h>

#define TRAMPOLINE_MAX 64

/*
 * Writes into `out` the whole instructions of `code` (the function's first
 * bytes, at `addr` in the target) that cover at least PATCH_BYTES,
 * followed by an absolute jump to the instruction after them. Returns the
 * trampoline's length, or 0 when an instruction cannot be moved. `*moved`
 * is how many of the function's bytes it covers.
 */
size_t build_trampoline(const unsigned char *code, size_t n, uint64_t addr, unsigned char out[TRAMPOLINE_MAX], size_t *moved);

#endif
