#!/usr/bin/env bash
# Measures what a clock read costs a process before and after
# fencecheck-clock-inject patched it: a C program times a million
# clock_gettime calls per clock each time it reads a line on stdin.
# Needs root, gcc and build/fencecheck-clock-inject (build.sh).
# Prints one line per clock and state: "<clock> <state>: <ns> ns per call".
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'kill "${COPROC_PID:-}" 2>/dev/null || true; rm -rf "$work"' EXIT
cat > "$work/bench.c" <<'C'
#include <stdio.h>
#include <time.h>
static double per_call(clockid_t clock) {
  struct timespec t, start, end;
  const long calls = 1000000;
  clock_gettime(CLOCK_MONOTONIC_RAW, &start);
  for (long i = 0; i < calls; i++) clock_gettime(clock, &t);
  clock_gettime(CLOCK_MONOTONIC_RAW, &end);
  return ((end.tv_sec - start.tv_sec) * 1e9 + (end.tv_nsec - start.tv_nsec)) / calls;
}
int main(void) {
  char state[64];
  while (scanf("%63s", state) == 1) {
    printf("realtime %s: %.1f ns per call\nmonotonic %s: %.1f ns per call\n", state, per_call(CLOCK_REALTIME), state, per_call(CLOCK_MONOTONIC));
    fflush(stdout);
  }
  return 0;
}
C
gcc -O2 -o "$work/bench" "$work/bench.c"
coproc "$work/bench"
measure() {
  echo "$1" >&"${COPROC[1]}"
  read -r line <&"${COPROC[0]}" && echo "$line"
  read -r line <&"${COPROC[0]}" && echo "$line"
}
measure unpatched
build/fencecheck-clock-inject inject "$COPROC_PID" --offset-ns 5000000000 >/dev/null
measure patched
build/fencecheck-clock-inject inject "$COPROC_PID" --offset-ns 5000000000 --rate 1.5 --monotonic >/dev/null
measure patched-rate-monotonic
build/fencecheck-clock-inject remove "$COPROC_PID" >/dev/null
measure removed
