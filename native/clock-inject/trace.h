/*
 * The target's threads under ptrace: stopped with PTRACE_SEIZE and
 * PTRACE_INTERRUPT, made to run one syscall or one call, and let go again
 * with every signal that arrived meanwhile sent back to its thread.
 */
#ifndef CLOCK_INJECT_TRACE_H
#define CLOCK_INJECT_TRACE_H

#include <stdint.h>
#include <sys/types.h>

struct tracee {
  pid_t pid;
  int count, capacity;
  pid_t *tids;          /* stopped threads; tids[0] is the one that runs injected code */
  int *pending;         /* a signal each thread received while stopped (0: none) */
};

/*
 * Stops the process's threads: all of them (retrying until no thread
 * appeared meanwhile) when `all`, else only one (the main thread when it
 * can). Registers resume_threads as fail's cleanup.
 */
void stop_threads(struct tracee *t, pid_t pid, int all);

/* Detaches from every stopped thread and sends back the signals they received. Idempotent. */
void resume_threads(struct tracee *t);

/*
 * Runs syscall `nr` with `args` in the first stopped thread through the
 * code at `stub` (a `syscall` then an `int3`) and returns its result; the
 * thread's registers are restored after.
 */
long remote_syscall(struct tracee *t, uint64_t stub, long nr, const long args[6]);

/*
 * Calls the function at `fn` with (rdi, rsi) in the first stopped thread,
 * on the stack whose top is `stack_top` (16-byte aligned), returning to the
 * `int3` at `trap`; returns its rax. Registers are restored after.
 */
long remote_call(struct tracee *t, uint64_t fn, uint64_t rdi, uint64_t rsi, uint64_t stack_top, uint64_t trap);

/*
 * Single-steps any stopped thread whose instruction pointer lies in one of
 * the `n` ranges [starts[i], starts[i] + length) until it is out of them,
 * so that bytes there can be rewritten under it.
 */
void step_out_of(struct tracee *t, const uint64_t *starts, int n, uint64_t length);

#endif
