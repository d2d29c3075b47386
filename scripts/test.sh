#!/usr/bin/env bash
# The full test suite, from a fresh machine: set up (Debian packages, npm
# ci, build; Docker's engine and the offline images for the docker runtime),
# lint (type check and the import rule), then every unit and integration test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/ci-docker.sh
npm run -s lint
mkdir -p test-output
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=test-output/vitest.json || status=$?
node -e '
  const r = require("./test-output/vitest.json");
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
' || true
exit $status
