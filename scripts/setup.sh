#!/usr/bin/env bash
# Installs what fencecheck needs on Debian 12 as root (Node 20 already
# present): Debian packages, the npm dependencies, and the build.
#   setup.sh            everything the full test suite needs (real lock
#                       services, browsers for report tests)
#   setup.sh --minimal  only what the reference lock service needs (the demo)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" -ne 0 ]; then
  echo "setup: run as root (the local runtime creates network namespaces)" >&2
  exit 1
fi
packages=(iproute2 iptables libfaketime procps gcc pkg-config libfuse3-dev fuse3)
if [ "${1:-}" != "--minimal" ]; then
  packages+=(etcd-server etcd-client zookeeper redis-server postgresql chromium busybox-static strace golang-go)
fi
need=()
for pkg in "${packages[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi
npm ci --no-audit --no-fund --loglevel=error
npm run -s build
# The lazy file system behind the lose-unfsynced faults (a FUSE program in C).
native/lazyfs/build.sh
# The clock injector behind clock faults on processes libfaketime cannot reach (ptrace and the vDSO, in C).
native/clock-inject/build.sh
# The example Go lock server (examples/go-lock: the validation matrix's go-* designs), where Go is installed.
if command -v go >/dev/null 2>&1; then examples/go-lock/build.sh; fi
