module fencecheck.local/porcupine-driver

go 1.19

require github.com/anishathalye/porcupine v0.0.0

// scripts/bench-check.ts copies this folder to a temporary directory and
// points the requirement at PORCUPINE_DIR with `go mod edit -replace`.
