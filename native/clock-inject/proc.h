/* A target process seen through /proc: its mappings, its memory, its time namespace. */
#ifndef CLOCK_INJECT_PROC_H
#define CLOCK_INJECT_PROC_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct mapping {
  uint64_t start, end;
  char perms[5];
  char name[64]; /* the path or [vdso], [stack], ...; empty for anonymous memory */
};

/* The process's mappings, in address order (free the array); fails when the process is gone. */
size_t read_maps(pid_t pid, struct mapping **out);

/* Reads or writes n bytes of the target's memory; writes reach read-only pages too. Fail on error. */
void mem_read(pid_t pid, uint64_t addr, void *buf, size_t n);
void mem_write(pid_t pid, uint64_t addr, const void *buf, size_t n);

/* Whether thread `tid` of the process has exited (gone, or a zombie: a main thread that left before the others). */
int task_exited(pid_t pid, pid_t tid);

/* The offset (ns) of the target's time namespace over this process's, for clock id `clock`. */
int64_t timens_offset_ns(pid_t pid, int clock);

#endif
