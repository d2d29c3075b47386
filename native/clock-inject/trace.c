#define _GNU_SOURCE
#include "trace.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fail.h"
#include "proc.h"

#define MAX_STOPS 1000 /* stops (interrupts, signals) tolerated while waiting for one trap */
#define STOP_TIMEOUT_S 5 /* how long a thread may take to stop, or injected code to trap */

static void interrupt_wait(int sig) {
  (void)sig; /* only there to end a waitpid with EINTR */
}

/* waitpid for one thread, ending with -1 and EINTR after `seconds`. */
static pid_t wait_thread(pid_t tid, int *status, unsigned seconds) {
  struct sigaction alarm_action = {.sa_handler = interrupt_wait}; /* no SA_RESTART */
  sigaction(SIGALRM, &alarm_action, NULL);
  alarm(seconds);
  pid_t got = waitpid(tid, status, __WALL);
  int err = errno;
  alarm(0);
  errno = err;
  return got;
}

static int known(const struct tracee *t, pid_t tid) {
  for (int i = 0; i < t->count; i++) {
    if (t->tids[i] == tid) return 1;
  }
  return 0;
}

static void add(struct tracee *t, pid_t tid, int pending) {
  if (t->count == t->capacity) {
    t->capacity = t->capacity ? 2 * t->capacity : 64;
    t->tids = realloc(t->tids, t->capacity * sizeof *t->tids);
    t->pending = realloc(t->pending, t->capacity * sizeof *t->pending);
    if (t->tids == NULL || t->pending == NULL) fail(EXIT_INJECT_FAILED, "out of memory tracking threads");
  }
  t->tids[t->count] = tid;
  t->pending[t->count++] = pending;
}

/* Seizes and interrupts one thread; returns 1 once it is stopped, 0 when it is gone. */
static int stop_one(struct tracee *t, pid_t tid) {
  if (ptrace(PTRACE_SEIZE, tid, 0, 0) != 0) {
    if (errno == ESRCH || (errno == EPERM && task_exited(t->pid, tid))) return 0;
    fail(errno_exit_code(errno, EXIT_INJECT_FAILED), "cannot attach to thread %d of process %d: %s", (int)tid, (int)t->pid, strerror(errno));
  }
  if (ptrace(PTRACE_INTERRUPT, tid, 0, 0) != 0) return 0;
  int status;
  pid_t got = wait_thread(tid, &status, STOP_TIMEOUT_S);
  if (got < 0 && errno == EINTR) {
    fail(EXIT_INJECT_FAILED, "thread %d of process %d did not stop within %d s (frozen, or in uninterruptible sleep?)", (int)tid, (int)t->pid, STOP_TIMEOUT_S);
  }
  if (got != tid || !WIFSTOPPED(status)) return 0;
  int signal_stop = (status >> 16) == 0 && WSTOPSIG(status) != SIGTRAP;
  add(t, tid, signal_stop ? WSTOPSIG(status) : 0);
  return 1;
}

/* Stops the threads listed in /proc/PID/task not stopped yet; returns how many it stopped. */
static int stop_listed(struct tracee *t, int all) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/task", (int)t->pid);
  DIR *dir = opendir(path);
  if (dir == NULL) fail(errno_exit_code(errno, EXIT_NO_PROCESS), "no process %d: %s", (int)t->pid, strerror(errno));
  int stopped = 0;
  if (!all && stop_one(t, t->pid)) stopped = 1;
  for (struct dirent *d; (all || stopped == 0) && (d = readdir(dir)) != NULL;) {
    pid_t tid = (pid_t)atoi(d->d_name);
    if (tid > 0 && !known(t, tid)) stopped += stop_one(t, tid);
  }
  closedir(dir);
  return stopped;
}

void stop_threads(struct tracee *t, pid_t pid, int all) {
  *t = (struct tracee){.pid = pid};
  on_fail((void (*)(void *))resume_threads, t);
  while (stop_listed(t, all) > 0 && all) {
  }
  if (t->count == 0) fail(EXIT_NO_PROCESS, "no thread of process %d could be stopped (has it exited?)", (int)pid);
}

void resume_threads(struct tracee *t) {
  for (int i = 0; i < t->count; i++) ptrace(PTRACE_DETACH, t->tids[i], 0, 0);
  for (int i = 0; i < t->count; i++) {
    if (t->pending[i] != 0) syscall(SYS_tgkill, t->pid, t->tids[i], t->pending[i]);
  }
  t->count = 0;
  on_fail(NULL, NULL);
}

static void get_regs(const struct tracee *t, struct user_regs_struct *regs) {
  if (ptrace(PTRACE_GETREGS, t->tids[0], 0, regs) != 0) fail(EXIT_INJECT_FAILED, "cannot read thread %d's registers: %s", (int)t->tids[0], strerror(errno));
}

static void set_regs(const struct tracee *t, const struct user_regs_struct *regs) {
  if (ptrace(PTRACE_SETREGS, t->tids[0], 0, regs) != 0) fail(EXIT_INJECT_FAILED, "cannot set thread %d's registers: %s", (int)t->tids[0], strerror(errno));
}

/*
 * Resumes thread i with `request` until it stops with a SIGTRAP (after an
 * int3 or a single step); interrupts let it go on, signals from elsewhere
 * are kept for resume_threads, a fault ends the wait. Returns 0 once
 * trapped, -1 when the thread died or faulted, -2 when it did not trap
 * within STOP_TIMEOUT_S (a frozen process runs nothing).
 */
static int run_to_trap(struct tracee *t, int i, int request) {
  for (int stops = 0; stops < MAX_STOPS; stops++) {
    if (ptrace(request, t->tids[i], 0, 0) != 0) break;
    int status;
    pid_t got = wait_thread(t->tids[i], &status, STOP_TIMEOUT_S);
    if (got < 0 && errno == EINTR && ptrace(PTRACE_INTERRUPT, t->tids[i], 0, 0) == 0) {
      wait_thread(t->tids[i], &status, 1); /* stopped again, its registers can be restored */
      return -2;
    }
    if (got != t->tids[i] || !WIFSTOPPED(status)) break;
    if ((status >> 16) != 0) continue; /* an interrupt or group stop: go on */
    int sig = WSTOPSIG(status);
    if (sig == SIGTRAP) return 0;
    if (sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE) return -1; /* a fault of the injected code: not the program's */
    t->pending[i] = sig;
  }
  return -1;
}

static _Noreturn void fail_untrapped(const struct tracee *t, int i, int why) {
  if (why == -2) fail(EXIT_INJECT_FAILED, "injected code in process %d did not finish within %d s (is the process frozen?)", (int)t->pid, STOP_TIMEOUT_S);
  fail(EXIT_INJECT_FAILED, "thread %d of process %d died or faulted while running injected code", (int)t->tids[i], (int)t->pid);
}

/* Runs the first thread from `regs` until the trap expected at `trap`, returns its rax, restores `saved`. */
static long run_injected(struct tracee *t, struct user_regs_struct *regs, const struct user_regs_struct *saved, uint64_t trap) {
  regs->orig_rax = (unsigned long long)-1; /* not inside a syscall: no restart of an interrupted one */
  set_regs(t, regs);
  int trapped = run_to_trap(t, 0, PTRACE_CONT);
  struct user_regs_struct after;
  if (trapped == 0) get_regs(t, &after);
  ptrace(PTRACE_SETREGS, t->tids[0], 0, saved); /* whatever happened: the thread goes on as it was */
  if (trapped != 0) fail_untrapped(t, 0, trapped);
  if (after.rip != trap + 1) fail(EXIT_INJECT_FAILED, "injected code in process %d stopped at 0x%llx, not at its end", (int)t->pid, after.rip);
  return (long)after.rax;
}

long remote_syscall(struct tracee *t, uint64_t stub, long nr, const long args[6]) {
  struct user_regs_struct saved, regs;
  get_regs(t, &saved);
  regs = saved;
  regs.rax = nr;
  regs.rdi = args[0];
  regs.rsi = args[1];
  regs.rdx = args[2];
  regs.r10 = args[3];
  regs.r8 = args[4];
  regs.r9 = args[5];
  regs.rip = stub;
  return run_injected(t, &regs, &saved, stub + 2);
}

long remote_call(struct tracee *t, uint64_t fn, uint64_t rdi, uint64_t rsi, uint64_t stack_top, uint64_t trap) {
  struct user_regs_struct saved, regs;
  get_regs(t, &saved);
  regs = saved;
  regs.rdi = rdi;
  regs.rsi = rsi;
  regs.rsp = stack_top - 8; /* the return address, as a call leaves it */
  regs.rip = fn;
  if (ptrace(PTRACE_POKEDATA, t->tids[0], regs.rsp, trap) != 0) fail(EXIT_INJECT_FAILED, "cannot write a return address in process %d: %s", (int)t->pid, strerror(errno));
  return run_injected(t, &regs, &saved, trap);
}

static int inside(uint64_t rip, const uint64_t *starts, int n, uint64_t length) {
  for (int i = 0; i < n; i++) {
    if (rip >= starts[i] && rip < starts[i] + length) return 1;
  }
  return 0;
}

void step_out_of(struct tracee *t, const uint64_t *starts, int n, uint64_t length) {
  for (int i = 0; i < t->count; i++) {
    struct user_regs_struct regs;
    for (int steps = 0;; steps++) {
      if (ptrace(PTRACE_GETREGS, t->tids[i], 0, &regs) != 0) fail(EXIT_INJECT_FAILED, "cannot read thread %d's registers: %s", (int)t->tids[i], strerror(errno));
      if (!inside(regs.rip, starts, n, length)) break;
      if (steps == 64) fail(EXIT_INJECT_FAILED, "thread %d of process %d stays inside a clock entry point", (int)t->tids[i], (int)t->pid);
      int trapped = run_to_trap(t, i, PTRACE_SINGLESTEP);
      if (trapped != 0) fail_untrapped(t, i, trapped);
    }
  }
}
