#!/usr/bin/env bash
# Builds the example Go lock server into examples/go-lock/build/go-lock
# (needs Go 1.19 or later; no module outside the standard library). Built
# without cgo, so the program is static: libfaketime cannot reach it, and
# clock faults on its node go through the clock injector.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p build
CGO_ENABLED=0 go build -trimpath -o build/go-lock .
