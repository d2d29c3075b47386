#!/usr/bin/env bash
# Prepares a CI machine for the docker runtime: installs Debian's docker.io
# if missing, starts dockerd if no engine answers (and waits for it), then
# builds the images offline (cached: rebuilt only when inputs change), and
# the ssh runtime's sandbox host image (debootstrap from the machine's own
# Debian mirror; cached by its inputs). With --test it also runs the docker
# and ssh integration tests.
# Needs root and a build (dist/).
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's docker.io and debootstrap (for the host image), in one apt
# transaction: one `apt-get update` on a fresh machine, not two.
need=()
command -v dockerd >/dev/null 2>&1 || need+=(docker.io)
command -v debootstrap >/dev/null 2>&1 || need+=(debootstrap)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

if ! docker info >/dev/null 2>&1; then
  # BuildKit is absent on these machines: the classic builder is used.
  nohup dockerd >/var/log/dockerd.log 2>&1 &
  for _ in $(seq 1 60); do
    docker info >/dev/null 2>&1 && break
    sleep 1
  done
  docker info >/dev/null 2>&1 || { echo "ci-docker: dockerd did not start (see /var/log/dockerd.log)" >&2; exit 1; }
fi

[ -f dist/harness/cli/bin.js ] || npm run build
# The service images (this machine's binaries, copied) and the sandbox host
# image (debootstrap from the Debian mirror) need nothing of each other:
# built side by side (on a fresh machine the images' ~30 s hide in the host's ~95 s).
node dist/harness/cli/bin.js images build &
images=$!
hstatus=0
node dist/harness/cli/bin.js hosts build || hstatus=$?
istatus=0
wait $images || istatus=$?
if [ $istatus -ne 0 ] || [ $hstatus -ne 0 ]; then
  echo "ci-docker: images build exited $istatus, hosts build exited $hstatus" >&2
  exit 1
fi

if [ "${1:-}" = "--test" ]; then
  npx vitest run --project integration-docker harness/runtime/docker harness/cli/docker-runtime.int.test.ts harness/cli/image-lock.int.test.ts harness/cli/ssh-runtime.int.test.ts
fi
