#include "prologue.h"

#include <string.h>

#include "layout.h"

/* The length of the position-independent instruction at `p`, or 0 when it is not one of those known. */
static size_t movable_length(const unsigned char *p, size_t room) {
  if (room >= 4 && p[0] == 0xf3 && p[1] == 0x0f && p[2] == 0x1e && p[3] == 0xfa) return 4; /* endbr64 */
  if (p[0] >= 0x50 && p[0] <= 0x57) return 1;                                                  /* push r64 */
  size_t rex = (p[0] & 0xf0) == 0x40 ? 1 : 0;
  if (room < rex + 2) return 0;
  unsigned char op = p[rex], modrm = p[rex + 1];
  int register_only = (modrm & 0xc0) == 0xc0;
  if (rex && op >= 0x50 && op <= 0x57) return 2;                                               /* push r8-r15 */
  if ((op == 0x89 || op == 0x8b || op == 0x31 || op == 0x33 || op == 0x29 || op == 0x01) && register_only) return rex + 2; /* mov/xor/sub/add reg, reg */
  if (op == 0x83 && register_only && room >= rex + 3) return rex + 3;                          /* and/sub/add/cmp reg, imm8 */
  if (op == 0x81 && register_only && room >= rex + 6) return rex + 6;                          /* and/sub/add/cmp reg, imm32 */
  return 0;
}

size_t build_trampoline(const unsigned char *code, size_t n, uint64_t addr, unsigned char out[TRAMPOLINE_MAX], size_t *moved) {
  size_t at = 0;
  while (at < PATCH_BYTES) {
    size_t length = movable_length(code + at, n - at);
    if (length == 0 || at + length > n) return 0;
    at += length;
  }
  const unsigned char jump[6] = {0xff, 0x25, 0, 0, 0, 0}; /* jmp [rip + 0], the address right after */
  uint64_t back = addr + at;
  if (at + sizeof jump + sizeof back > TRAMPOLINE_MAX) return 0;
  memcpy(out, code, at);
  memcpy(out + at, jump, sizeof jump);
  memcpy(out + at + sizeof jump, &back, sizeof back);
  *moved = at;
  return at + sizeof jump + sizeof back;
}
