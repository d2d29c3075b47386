/* The subcommands of fencecheck-clock-inject (clock-inject.c parses their command lines). */
#ifndef CLOCK_INJECT_COMMANDS_H
#define CLOCK_INJECT_COMMANDS_H

#include <sys/types.h>

struct request {
  pid_t pid;
  long long offset_ns;
  int has_offset;
  double rate;         /* 1.0 when not given */
  int monotonic;       /* --monotonic */
  const char *clock;   /* --clock: "realtime" or "monotonic" */
};

/* Each returns the exit status (0) or fails (fail.h). */
int run_inject(struct request r);
int run_set(struct request r);
int run_remove(struct request r);
int run_read(struct request r);

#endif
