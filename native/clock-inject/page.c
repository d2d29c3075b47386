#include "page.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>

#include "fail.h"
#include "layout.h"
#include "proc.h"
#include "prologue.h"

extern const unsigned char payload_start[], payload_end[];
extern const unsigned char fake_clock_gettime[], fake_gettimeofday[], fake_time[], stub_syscall[], stub_trap[];

/* An entry point's address and its original bytes, as kept in the data page. */
struct saved_patch {
  uint64_t addr;
  unsigned char original[16];
};

static const struct {
  const char *name;
  const unsigned char *at;
} SYMBOLS[] = {
    {"fake_clock_gettime", fake_clock_gettime}, {"fake_gettimeofday", fake_gettimeofday}, {"fake_time", fake_time},
    {"stub_syscall", stub_syscall}, {"stub_trap", stub_trap},
};

uint64_t payload_addr(uint64_t page, const char *symbol) {
  for (size_t i = 0; i < sizeof SYMBOLS / sizeof *SYMBOLS; i++) {
    if (strcmp(SYMBOLS[i].name, symbol) == 0) return page + (uint64_t)(SYMBOLS[i].at - payload_start);
  }
  fail(EXIT_INJECT_FAILED, "internal: no payload symbol %s", symbol);
}

/* The jump written at an entry point: movabs rax, target ; jmp rax. */
static void jump_to(uint64_t target, unsigned char out[PATCH_BYTES]) {
  out[0] = 0x48;
  out[1] = 0xb8;
  memcpy(out + 2, &target, 8);
  out[10] = 0xff;
  out[11] = 0xe0;
}

uint64_t find_page(pid_t pid) {
  struct mapping *maps;
  size_t n = read_maps(pid, &maps);
  uint64_t found = 0;
  for (size_t i = 0; i + 1 < n && found == 0; i++) {
    /* Our code page ends an anonymous r-x mapping (the kernel may have merged it with a neighbour) right before our data page. */
    if (strcmp(maps[i].perms, "r-xp") != 0 || maps[i].name[0] != '\0' || maps[i + 1].start != maps[i].end || strcmp(maps[i + 1].perms, "rw-p") != 0) continue;
    uint64_t magic;
    mem_read(pid, maps[i].end + D_MAGIC, &magic, sizeof magic);
    unsigned char code[16];
    mem_read(pid, maps[i].end - PAGE_BYTES, code, sizeof code);
    if (magic == DATA_MAGIC && memcmp(code, payload_start, sizeof code) == 0) found = maps[i].end - PAGE_BYTES;
  }
  free(maps);
  return found;
}

uint64_t patched_page(pid_t pid, const struct vdso *vdso) {
  unsigned char bytes[PATCH_BYTES], jump[PATCH_BYTES];
  mem_read(pid, vdso_clock_gettime(vdso), bytes, sizeof bytes);
  uint64_t target;
  memcpy(&target, bytes + 2, 8);
  uint64_t page = target - (uint64_t)(fake_clock_gettime - payload_start);
  jump_to(target, jump);
  return memcmp(bytes, jump, PATCH_BYTES) == 0 && page == find_page(pid) ? page : 0;
}

/* Runs one syscall in the target through a `syscall; int3` written over the vDSO's ELF header padding, then restored. */
static long header_syscall(struct tracee *t, const struct vdso *vdso, long nr, const long args[6]) {
  const unsigned char stub[3] = {0x0f, 0x05, 0xcc};
  unsigned char original[3];
  uint64_t at = vdso->start + 9; /* e_ident's padding: never executed nor read after startup */
  mem_read(t->pid, at, original, sizeof original);
  mem_write(t->pid, at, stub, sizeof stub);
  long result = remote_syscall(t, at, nr, args);
  mem_write(t->pid, at, original, sizeof original);
  return result;
}

uint64_t map_page(struct tracee *t, const struct vdso *vdso) {
  const long mmap_args[6] = {0, MAPPING_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0};
  long page = header_syscall(t, vdso, SYS_mmap, mmap_args);
  if (page < 0 && page > -4096) fail(EXIT_INJECT_FAILED, "mmap in process %d failed: %s", (int)t->pid, strerror((int)-page));
  mem_write(t->pid, (uint64_t)page, payload_start, (size_t)(payload_end - payload_start));
  unsigned char data[256] = {0};
  const uint64_t magic = DATA_MAGIC;
  const int64_t rate = RATE_ONE;
  memcpy(data + D_MAGIC, &magic, 8);
  memcpy(data + D_RATE, &rate, 8);
  mem_write(t->pid, (uint64_t)page + DATA_PAGE, data, sizeof data);
  const long protect_args[6] = {page, PAGE_BYTES, PROT_READ | PROT_EXEC, 0, 0, 0};
  long protected = header_syscall(t, vdso, SYS_mprotect, protect_args); /* the code page is not executable yet */
  if (protected != 0) fail(EXIT_INJECT_FAILED, "mprotect in process %d failed: %s", (int)t->pid, strerror((int)-protected));
  return (uint64_t)page;
}

struct settings read_settings(pid_t pid, uint64_t page) {
  struct settings s;
  mem_read(pid, page + DATA_PAGE + D_OFFSET, &s.offset_ns, 8);
  mem_read(pid, page + DATA_PAGE + D_RATE, &s.rate, 8);
  mem_read(pid, page + DATA_PAGE + D_FLAGS, &s.flags, 8);
  return s;
}

void write_settings(pid_t pid, uint64_t page, struct settings s) {
  uint64_t data = page + DATA_PAGE, seq;
  int64_t old_rate;
  mem_read(pid, data + D_SEQ, &seq, 8);
  mem_read(pid, data + D_RATE, &old_rate, 8);
  seq |= 1; /* odd: readers wait */
  mem_write(pid, data + D_SEQ, &seq, 8);
  mem_write(pid, data + D_OFFSET, &s.offset_ns, 8);
  mem_write(pid, data + D_RATE, &s.rate, 8);
  mem_write(pid, data + D_FLAGS, &s.flags, 8);
  if (s.rate != old_rate) {
    int64_t bases[CLOCK_IDS] = {0};
    for (int c = 0; c < CLOCK_IDS; c++) {
      struct timespec now;
      if (c == CLOCK_PROCESS_CPUTIME_ID || c == CLOCK_THREAD_CPUTIME_ID || clock_gettime(c, &now) != 0) continue;
      bases[c] = (int64_t)now.tv_sec * 1000000000 + now.tv_nsec + timens_offset_ns(pid, c);
    }
    mem_write(pid, data + D_BASES, bases, sizeof bases);
  }
  seq++; /* even: settled */
  mem_write(pid, data + D_SEQ, &seq, 8);
}

/* Moves the original clock_gettime's prologue into the code page and records where (0: the fake code uses the syscall). */
static void install_trampoline(pid_t pid, uint64_t page, uint64_t clock_gettime) {
  unsigned char code[32], trampoline[TRAMPOLINE_MAX];
  size_t moved = 0;
  mem_read(pid, clock_gettime, code, sizeof code);
  size_t length = build_trampoline(code, sizeof code, clock_gettime, trampoline, &moved);
  uint64_t original = length == 0 ? 0 : page + C_TRAMPOLINE;
  if (length != 0) mem_write(pid, original, trampoline, length);
  mem_write(pid, page + DATA_PAGE + D_ORIGINAL, &original, 8);
}

void patch_vdso(struct tracee *t, uint64_t page, const struct vdso *vdso) {
  static const char *const FAKES[] = {"fake_clock_gettime", "fake_gettimeofday", "fake_time"};
  struct saved_patch saved[MAX_PATCHES];
  uint64_t starts[MAX_PATCHES];
  for (int i = 0; i < vdso->count; i++) {
    starts[i] = saved[i].addr = vdso->entries[i].addr;
    mem_read(t->pid, saved[i].addr, saved[i].original, sizeof saved[i].original);
  }
  step_out_of(t, starts, vdso->count, PATCH_BYTES);
  install_trampoline(t->pid, page, vdso_clock_gettime(vdso));
  const uint64_t count = (uint64_t)vdso->count;
  mem_write(t->pid, page + DATA_PAGE + D_PATCHES, saved, sizeof saved[0] * count);
  mem_write(t->pid, page + DATA_PAGE + D_PATCH_COUNT, &count, 8);
  for (int i = 0; i < vdso->count; i++) {
    unsigned char jump[PATCH_BYTES];
    jump_to(payload_addr(page, FAKES[vdso->entries[i].kind]), jump);
    mem_write(t->pid, saved[i].addr, jump, sizeof jump);
  }
}

int restore_vdso(struct tracee *t, uint64_t page) {
  uint64_t count;
  mem_read(t->pid, page + DATA_PAGE + D_PATCH_COUNT, &count, 8);
  if (count > MAX_PATCHES) fail(EXIT_INJECT_FAILED, "process %d's data page is corrupt (%llu patches)", (int)t->pid, (unsigned long long)count);
  struct saved_patch saved[MAX_PATCHES];
  uint64_t starts[MAX_PATCHES];
  mem_read(t->pid, page + DATA_PAGE + D_PATCHES, saved, sizeof saved[0] * count);
  for (uint64_t i = 0; i < count; i++) starts[i] = saved[i].addr;
  step_out_of(t, starts, (int)count, PATCH_BYTES);
  for (uint64_t i = 0; i < count; i++) mem_write(t->pid, saved[i].addr, saved[i].original, PATCH_BYTES);
  const uint64_t none = 0;
  mem_write(t->pid, page + DATA_PAGE + D_PATCH_COUNT, &none, 8);
  return (int)count;
}
