#include "commands.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>

#include "fail.h"
#include "layout.h"
#include "page.h"
#include "proc.h"
#include "trace.h"
#include "vdso.h"

static struct settings settings_of(struct request r, uint64_t flags) {
  return (struct settings){r.offset_ns, (int64_t)llround(r.rate * (double)RATE_ONE), flags};
}

static void print_settings(pid_t pid, struct settings s, const char *extra) {
  printf("{\"pid\":%d,\"offsetNs\":%lld,\"rate\":%.9g,\"monotonic\":%s%s}\n", (int)pid, (long long)s.offset_ns,
         (double)s.rate / (double)RATE_ONE, (s.flags & FLAG_MONOTONIC) ? "true" : "false", extra);
}

int run_inject(struct request r) {
  struct vdso vdso;
  find_vdso(r.pid, &vdso);
  struct settings s = settings_of(r, r.monotonic ? FLAG_MONOTONIC : 0);
  uint64_t page = patched_page(r.pid, &vdso);
  if (page != 0) {
    write_settings(r.pid, page, s);
    print_settings(r.pid, s, ",\"alreadyPatched\":true");
    return 0;
  }
  struct tracee t;
  stop_threads(&t, r.pid, 1);
  page = find_page(r.pid);
  if (page == 0) {
    page = map_page(&t, &vdso);
  } else {
    extern const unsigned char payload_start[], payload_end[];
    mem_write(r.pid, page, payload_start, (size_t)(payload_end - payload_start)); /* the code of this injector */
  }
  write_settings(r.pid, page, s);
  patch_vdso(&t, page, &vdso);
  int threads = t.count;
  resume_threads(&t);
  char extra[96];
  snprintf(extra, sizeof extra, ",\"alreadyPatched\":false,\"entryPoints\":%d,\"threads\":%d", vdso.count, threads);
  print_settings(r.pid, s, extra);
  return 0;
}

int run_set(struct request r) {
  struct vdso vdso;
  find_vdso(r.pid, &vdso);
  uint64_t page = patched_page(r.pid, &vdso);
  if (page == 0) fail(EXIT_NOT_INJECTED, "process %d's clock is not patched (run inject first)", (int)r.pid);
  struct settings s = settings_of(r, read_settings(r.pid, page).flags);
  write_settings(r.pid, page, s);
  print_settings(r.pid, s, "");
  return 0;
}

int run_remove(struct request r) {
  struct vdso vdso;
  find_vdso(r.pid, &vdso);
  uint64_t page = patched_page(r.pid, &vdso);
  int restored = 0;
  if (page != 0) {
    struct tracee t;
    stop_threads(&t, r.pid, 1);
    restored = restore_vdso(&t, page);
    resume_threads(&t);
  }
  printf("{\"pid\":%d,\"restoredEntryPoints\":%d}\n", (int)r.pid, restored);
  return 0;
}

static int64_t ns_at(pid_t pid, uint64_t addr) {
  struct timespec ts;
  mem_read(pid, addr, &ts, sizeof ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* The target's real clock `clock` (its own syscall, unpatched), written to `scratch` and read back. */
static int64_t real_ns(struct tracee *t, uint64_t page, int clock, uint64_t scratch) {
  const long args[6] = {clock, (long)scratch, 0, 0, 0, 0};
  long result = remote_syscall(t, payload_addr(page, "stub_syscall"), SYS_clock_gettime, args);
  if (result != 0) fail(EXIT_INJECT_FAILED, "clock_gettime syscall in process %d failed: %s", (int)t->pid, strerror((int)-result));
  return ns_at(t->pid, scratch);
}

int run_read(struct request r) {
  struct vdso vdso;
  find_vdso(r.pid, &vdso);
  int clock = strcmp(r.clock, "monotonic") == 0 ? CLOCK_MONOTONIC : CLOCK_REALTIME;
  struct tracee t;
  stop_threads(&t, r.pid, 0);
  uint64_t page = find_page(r.pid);
  if (page == 0) page = map_page(&t, &vdso);
  uint64_t data = page + DATA_PAGE, scratch = data + D_SCRATCH;
  int64_t before = real_ns(&t, page, clock, scratch);
  long result = remote_call(&t, vdso_clock_gettime(&vdso), (uint64_t)clock, scratch, data + D_STACK_TOP, payload_addr(page, "stub_trap"));
  if (result != 0) fail(EXIT_INJECT_FAILED, "the vDSO's clock_gettime in process %d returned %ld", (int)r.pid, result);
  int64_t process = ns_at(r.pid, scratch);
  int64_t after = real_ns(&t, page, clock, scratch);
  resume_threads(&t);
  int64_t real = before + (after - before) / 2;
  struct settings s = read_settings(r.pid, page);
  char extra[256];
  snprintf(extra, sizeof extra, ",\"clock\":\"%s\",\"patched\":%s,\"processNs\":\"%lld\",\"realNs\":\"%lld\",\"readOffsetNs\":%lld,\"uncertaintyNs\":%lld",
           r.clock, patched_page(r.pid, &vdso) != 0 ? "true" : "false", (long long)process, (long long)real,
           (long long)(process - real), (long long)(after - before) / 2);
  print_settings(r.pid, s, extra);
  return 0;
}
