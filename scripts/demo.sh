#!/usr/bin/env bash
# The seed's full picture, from a fresh machine: set up, then run the demo.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --minimal
node dist/harness/cli/bin.js demo "$@"
