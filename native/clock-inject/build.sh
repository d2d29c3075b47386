#!/usr/bin/env bash
# Builds fencecheck-clock-inject (needs gcc) into native/clock-inject/build/.
# On another architecture than x86_64 the program it builds refuses to run
# with one line (exit code 3): the fake clock code is x86_64 assembly.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p build
sources=(clock-inject.c fail.c)
if [ "$(uname -m)" = x86_64 ]; then
  sources+=(commands.c page.c prologue.c proc.c trace.c vdso.c payload.S)
fi
gcc -O2 -Wall -Wextra -o build/fencecheck-clock-inject "${sources[@]}" -lm
