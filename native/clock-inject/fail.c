#include "fail.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static void (*cleanup_fn)(void *);
static void *cleanup_arg;

void on_fail(void (*cleanup)(void *), void *arg) {
  cleanup_fn = cleanup;
  cleanup_arg = arg;
}

_Noreturn void fail(int code, const char *fmt, ...) {
  void (*cleanup)(void *) = cleanup_fn;
  cleanup_fn = NULL; /* a failure inside the cleanup must not recurse */
  if (cleanup != NULL) cleanup(cleanup_arg);
  va_list args;
  va_start(args, fmt);
  fputs("fencecheck-clock-inject: ", stderr);
  vfprintf(stderr, fmt, args);
  fputc('\n', stderr);
  va_end(args);
  exit(code);
}

int errno_exit_code(int err, int otherwise) {
  if (err == ESRCH || err == ENOENT) return EXIT_NO_PROCESS;
  if (err == EPERM || err == EACCES) return EXIT_DENIED;
  return otherwise;
}
