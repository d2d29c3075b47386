/*
 * fencecheck-clock-inject: moves the clocks of one running process, whatever
 * its language, without LD_PRELOAD. It stops every thread with ptrace, maps
 * two pages into the process (fake clock code and its settings, layout.h),
 * and patches the vDSO's clock_gettime, gettimeofday and time to jump to
 * the fakes, which read the real clock (through the original
 * clock_gettime, its first instructions moved into the code page, or by
 * syscall when they cannot be moved: prologue.h) and apply
 *   reading = base + (real - base) * rate + offset
 * to CLOCK_REALTIME(_COARSE) always and to the MONOTONIC, _RAW, _COARSE
 * and BOOTTIME clocks with --monotonic. Programs that make the clock
 * syscall themselves, and sleeps and timeouts the kernel measures, are
 * not moved.
 *
 *   inject PID --offset-ns N [--rate R] [--monotonic]   patch (on a patched process: new settings only)
 *   set PID --offset-ns N [--rate R]                     new settings, the process running
 *   remove PID                                           restore the vDSO's original bytes
 *   read PID [--clock realtime|monotonic]                the reading the process itself gets
 *
 * Each prints one JSON line on stdout; errors are one line on stderr with
 * the exit codes of fail.h. x86_64 only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fail.h"

#if defined(__x86_64__)
#include "commands.h"
#endif

static const char USAGE[] =
    "usage: fencecheck-clock-inject inject PID --offset-ns N [--rate R] [--monotonic] | set PID --offset-ns N [--rate R]"
    " | remove PID | read PID [--clock realtime|monotonic]";

#if defined(__x86_64__)
static long long parse_integer(const char *text, const char *what) {
  char *end;
  long long value = strtoll(text, &end, 10);
  if (*text == '\0' || *end != '\0') fail(EXIT_USAGE, "%s must be an integer, not \"%s\"", what, text);
  return value;
}

/* Whether the space-separated list `allowed` holds `option`. */
static int takes(const char *allowed, const char *option) {
  size_t n = strlen(option);
  for (const char *at = strstr(allowed, option); n > 0 && at != NULL; at = strstr(at + 1, option)) {
    if ((at == allowed || at[-1] == ' ') && (at[n] == ' ' || at[n] == '\0')) return 1;
  }
  return 0;
}

/* Parses "PID [options]" after the subcommand; `allowed` names the options it takes. */
static struct request parse_request(int argc, char **argv, const char *allowed) {
  struct request r = {.rate = 1.0, .clock = "realtime"};
  if (argc < 3) fail(EXIT_USAGE, "%s", USAGE);
  r.pid = (pid_t)parse_integer(argv[2], "PID");
  if (r.pid <= 0) fail(EXIT_USAGE, "PID must be positive, not %s", argv[2]);
  for (int i = 3; i < argc; i++) {
    const char *option = argv[i];
    if (!takes(allowed, option)) fail(EXIT_USAGE, "%s takes no option \"%s\" (%s)", argv[1], option, USAGE);
    if (strcmp(option, "--monotonic") == 0) {
      r.monotonic = 1;
      continue;
    }
    if (i + 1 == argc) fail(EXIT_USAGE, "%s needs a value", option);
    const char *value = argv[++i];
    if (strcmp(option, "--offset-ns") == 0) {
      r.offset_ns = parse_integer(value, "--offset-ns");
      r.has_offset = 1;
    } else if (strcmp(option, "--rate") == 0) {
      char *end;
      r.rate = strtod(value, &end);
      if (*value == '\0' || *end != '\0' || !(r.rate > 0 && r.rate <= 1000)) fail(EXIT_USAGE, "--rate must be a number in (0, 1000], not \"%s\"", value);
    } else if (strcmp(option, "--clock") == 0) {
      if (strcmp(value, "realtime") != 0 && strcmp(value, "monotonic") != 0) fail(EXIT_USAGE, "--clock must be realtime or monotonic, not \"%s\"", value);
      r.clock = value;
    }
  }
  if (takes(allowed, "--offset-ns") && !r.has_offset) fail(EXIT_USAGE, "%s needs --offset-ns", argv[1]);
  return r;
}
#endif

int main(int argc, char **argv) {
#if !defined(__x86_64__)
  (void)argc;
  (void)argv;
  fail(EXIT_UNSUPPORTED, "only x86_64 is supported (this build is for another architecture)");
#else
  const char *command = argc > 1 ? argv[1] : "";
  if (strcmp(command, "inject") == 0) return run_inject(parse_request(argc, argv, "--offset-ns --rate --monotonic"));
  if (strcmp(command, "set") == 0) return run_set(parse_request(argc, argv, "--offset-ns --rate"));
  if (strcmp(command, "remove") == 0) return run_remove(parse_request(argc, argv, ""));
  if (strcmp(command, "read") == 0) return run_read(parse_request(argc, argv, "--clock"));
  fail(EXIT_USAGE, "%s", USAGE);
#endif
}
