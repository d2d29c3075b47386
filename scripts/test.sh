#!/usr/bin/env bash
# The full test suite, from a fresh machine: set up (Debian packages, npm
# ci, build), lint (type check and the import rule), then every unit and
# integration test, then the validation matrix's covering subsets (fencecheck
# validate --cells ci, local and docker).
#
# Two lanes go side by side, as neither waits on the other's machine:
#   local lane (foreground): lint, the unit tests and the `integration`
#     project (the local runtime's namespaces, up to two runs at a time),
#     then `validate --cells ci --tries 3` (two cells at a time; a known-broken
#     design that missed its catch is run again on a later seed, up to 3 runs);
#   docker lane (background, its output in test-output/docker-lane.log,
#     printed at the end): Docker's engine and the offline images
#     (scripts/ci-docker.sh, the sandbox host image included), then the
#     `integration-docker` project (vitest.config.ts: the files that need the
#     engine, one run at a time).
# `validate --runtime docker --cells ci` (two cells at a time) goes last in the
# local lane, once the docker lane has the engine and images up.
# So about three runs at most go at once on two cores (two of a local file's
# concurrent tests or two validation cells, one of the docker lane). A
# lane's failure fails CI.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
mkdir -p test-output
# The docker lane's tests wait for the lint's exit code (this file): a lint
# that fails stops the lane before its tests, and the script waits for the
# lane, so nothing it started is left running.
lint_status=test-output/lint.status
# The docker lane writes the set-up's exit code here once the engine and images are up (or failed).
engine_status=test-output/engine.status
rm -f "$lint_status" "$engine_status" test-output/vitest.json test-output/vitest-docker.json

docker_lane() {
  bash scripts/ci-docker.sh || { echo "docker lane: scripts/ci-docker.sh failed"; echo 1 > "$engine_status"; return 1; }
  echo 0 > "$engine_status"
  while [ ! -e "$lint_status" ]; do kill -0 $$ 2>/dev/null || return 1; sleep 1; done
  [ "$(cat "$lint_status")" = 0 ] || { echo "docker lane: stopped (the lint failed)"; return 1; }
  local status=0
  npx vitest run --project integration-docker --reporter=default --reporter=json --outputFile.json=test-output/vitest-docker.json || status=$?
  return $status
}

SECONDS=0
docker_lane > test-output/docker-lane.log 2>&1 &
lane=$!
lstatus=0
npm run -s lint || lstatus=$?
echo "$lstatus" > "$lint_status"
if [ $lstatus -ne 0 ]; then
  wait $lane || true
  exit $lstatus
fi
status=0
npx vitest run --project unit --project integration --reporter=default --reporter=json --outputFile.json=test-output/vitest.json || status=$?
# The self-test: every built-in lock service and every fault at least once, and
# the designs known to break, each against the verdict the validation table
# declares (docs/validation-matrix.md); its page and JUnit stay in test-output/.
vstatus=0
node dist/harness/cli/bin.cjs validate --cells ci --tries 3 --store test-output/validate --junit test-output/validate-junit.xml 2>&1 | tee test-output/validate.log || vstatus=$?
echo "validate --cells ci: exit $vstatus ($([ $vstatus -eq 0 ] && echo 'every cell gave its declared verdict' || echo 'some cell did not give its declared verdict: see the MISS lines above'))"
# The docker column's covering subset: every service once in containers.
while [ ! -e "$engine_status" ] && kill -0 $lane 2>/dev/null; do sleep 1; done
dstatus=1
if [ "$(cat "$engine_status" 2>/dev/null)" = 0 ]; then
  dstatus=0
  node dist/harness/cli/bin.cjs validate --runtime docker --cells ci --tries 3 --jobs 2 --store test-output/validate-docker --junit test-output/validate-docker-junit.xml 2>&1 | tee test-output/validate-docker.log || dstatus=$?
fi
echo "validate --runtime docker --cells ci: exit $dstatus"
echo "local lane: done in ${SECONDS} s"
dlstatus=0
wait $lane || dlstatus=$?
echo "---- docker lane (test-output/docker-lane.log) ----"
cat test-output/docker-lane.log
echo "docker lane: exit $dlstatus; both lanes done in ${SECONDS} s"
[ $vstatus -ne 0 ] || vstatus=$dstatus
# The closing line counts vitest's tests (both lanes) and the validation matrix as one more.
VSTATUS=$vstatus node -e '
  const fs = require("node:fs");
  const files = ["./test-output/vitest.json", "./test-output/vitest-docker.json"];
  const runs = files.map((f) => (fs.existsSync(f) ? require(f) : { numPassedTests: 0, numFailedTests: 1, numPendingTests: 0, numTodoTests: 0 }));
  const sum = (k) => runs.reduce((s, r) => s + r[k], 0);
  const ok = process.env.VSTATUS === "0";
  // Name what failed last, where a CI log cut to its tail still shows it.
  for (const r of runs) for (const f of r.testResults ?? []) for (const a of f.assertionResults ?? [])
    if (a.status === "failed") console.log(`FAILED ${f.name.replace(process.cwd() + "/", "")} > ${a.fullName}: ${(a.failureMessages ?? [""])[0].split("\n")[0].slice(0, 300)}`);
  for (const log of ["test-output/validate.log", "test-output/validate-docker.log"])
    if (fs.existsSync(log)) for (const line of fs.readFileSync(log, "utf8").split("\n")) if (line.startsWith("MISS")) console.log(`${log}: ${line}`);
  console.log(`${sum("numPassedTests") + (ok ? 1 : 0)} passed, ${sum("numFailedTests") + (ok ? 0 : 1)} failed, ${sum("numPendingTests") + sum("numTodoTests")} skipped`);
' || true
[ $status -ne 0 ] || status=$dlstatus
[ $status -ne 0 ] || status=$vstatus
exit $status
