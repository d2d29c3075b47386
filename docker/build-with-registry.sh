#!/usr/bin/env bash
# Builds the runtime's images from the Dockerfiles (needs a registry for the
# pinned bases and Debian's mirrors). Without a registry use the offline
# builder instead: `fencecheck images build`.
set -euo pipefail
cd "$(dirname "$0")"
export DOCKER_BUILDKIT=0
docker build -t fencecheck/node:local node
for image in etcd redis zookeeper postgres; do
  docker build -t "fencecheck/${image}:local" "${image}"
done
