/* One-line errors with a distinct exit code per kind of failure. */
#ifndef CLOCK_INJECT_FAIL_H
#define CLOCK_INJECT_FAIL_H

enum exit_code {
  EXIT_USAGE = 2,          /* bad command line */
  EXIT_UNSUPPORTED = 3,    /* not x86_64, or a target without a usable 64-bit vDSO */
  EXIT_NO_PROCESS = 4,     /* no such process (or it exited meanwhile) */
  EXIT_DENIED = 5,         /* ptrace or /proc/PID/mem refused (root or CAP_SYS_PTRACE needed) */
  EXIT_NOT_INJECTED = 6,   /* `set` on a process whose clock is not patched */
  EXIT_INJECT_FAILED = 7,  /* the target did not do what was injected */
};

/*
 * Prints "fencecheck-clock-inject: <message>" on stderr as one line, runs
 * the cleanup registered with on_fail (it detaches from the target,
 * restoring what was changed), and exits with `code`.
 */
_Noreturn void fail(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Registers the cleanup fail runs (one at a time; NULL clears it). */
void on_fail(void (*cleanup)(void *), void *arg);

/* The exit code for an errno from ptrace or /proc: no process, denied, or `otherwise`. */
int errno_exit_code(int err, int otherwise);

#endif
