#!/usr/bin/env bash
# Builds fencecheck-lazyfs (needs gcc, pkg-config and libfuse3-dev) into native/lazyfs/build/.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p build
gcc -O2 -Wall -Wextra -o build/fencecheck-lazyfs lazyfs.c $(pkg-config fuse3 --cflags --libs) -lpthread
