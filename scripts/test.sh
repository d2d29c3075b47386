#!/usr/bin/env bash
# The full test suite, from a fresh machine: set up (Debian packages, npm
# ci, build; Docker's engine and the offline images for the docker runtime),
# lint (type check and the import rule), then every unit and integration test,
# then the validation matrix's covering subsets (fencecheck validate --cells ci, local and docker).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/ci-docker.sh
npm run -s lint
mkdir -p test-output
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=test-output/vitest.json || status=$?
# The self-test: every built-in lock service and every fault at least once, and
# the designs known to break, each against the verdict the validation table
# declares (README, "Validation matrix"); its page and JUnit stay in test-output/.
vstatus=0
node dist/harness/cli/bin.cjs validate --cells ci --store test-output/validate --junit test-output/validate-junit.xml || vstatus=$?
echo "validate --cells ci: exit $vstatus ($([ $vstatus -eq 0 ] && echo 'every cell gave its declared verdict' || echo 'some cell did not give its declared verdict: see the MISS lines above'))"
# The docker column's covering subset: every service once in containers.
dstatus=0
node dist/harness/cli/bin.cjs validate --runtime docker --cells ci --store test-output/validate-docker --junit test-output/validate-docker-junit.xml || dstatus=$?
echo "validate --runtime docker --cells ci: exit $dstatus"
[ $vstatus -ne 0 ] || vstatus=$dstatus
# The closing line counts vitest's tests and the validation matrix as one more.
VSTATUS=$vstatus node -e '
  const r = require("./test-output/vitest.json");
  const ok = process.env.VSTATUS === "0";
  console.log(`${r.numPassedTests + (ok ? 1 : 0)} passed, ${r.numFailedTests + (ok ? 0 : 1)} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
' || true
[ $status -ne 0 ] || status=$vstatus
exit $status
