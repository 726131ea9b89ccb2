#!/usr/bin/env bash
# Runs a command on a machine made twice as slow: one busy process pinned to each core beside it
# takes half the CPU (README, "Test it"). Usage: bash scripts/with-busy-cores.sh npm test
set -uo pipefail
busy=()
for cpu in $(seq 0 $(($(nproc) - 1))); do
  taskset -c "$cpu" sh -c 'while :; do :; done' &
  busy+=($!)
done
trap 'kill "${busy[@]}" 2>/dev/null' EXIT
"$@"
