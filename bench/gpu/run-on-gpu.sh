#!/bin/bash
# Runs compiled GPU bundles on a machine with an NVIDIA GPU and its driver (no CUDA toolkit,
# no MLIR): every workload bundle against its float64 reference checksums with --bench, and
# every StableHLO test bundle, writing its results for `xla-run --gpu-suite-check`.
#
#   run-on-gpu.sh DIR OUT
#
# REPEATS and WARMUP (default 50 and 5) set the timed runs of each workload (the RNN scan's
# single-thread while loop takes seconds per run).
#
# DIR holds xhlo-gpu-run, workloads/NAME.xgpu, expected.json (the workloads') and
# suite/*.xgpu; OUT receives log.txt and results.tar.gz (workloads/NAME.{txt,json},
# suite/NAME/result<i>.npy). bench/gpu/README.md says how DIR is made.
set -u
dir=$1
out=$2
run=$dir/xhlo-gpu-run
res=$(mktemp -d)
mkdir -p "$res/workloads" "$res/suite"
log=$out/log.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv >"$log" 2>&1
for b in "$dir"/workloads/*.xgpu; do
    n=$(basename "$b" .xgpu)
    timeout 300 "$run" "$b" --workload "$n" --workloads-dir "$dir" --bench --repeats "${REPEATS:-50}" --warmup "${WARMUP:-5}" --json "$res/workloads/$n.json" >"$res/workloads/$n.txt" 2>&1
    echo "== $n rc=$?" >>"$log"
    tail -n 14 "$res/workloads/$n.txt" >>"$log"
done
ran=0
failed=0
for b in "$dir"/suite/*.xgpu; do
    n=$(basename "$b" .xgpu)
    ran=$((ran + 1))
    if ! timeout 60 "$run" "$b" --output-dir "$res/suite/$n" >"$res/suite/$n.txt" 2>&1; then
        failed=$((failed + 1))
        echo "RUN FAILED $n: $(tail -n 3 "$res/suite/$n.txt" | tr '\n' ' ')" >>"$log"
    fi
done
echo "suite: $ran bundles run, $failed did not finish" >>"$log"
# Products off the tile sizes (bench/gpu/tiled-dots/): compare with expected-cpu.txt there.
for b in "$dir"/dots/*.xgpu; do
    [ -e "$b" ] || continue
    echo "== $(basename "$b" .xgpu)" >>"$log"
    timeout 60 "$run" "$b" --random-inputs 1 >>"$log" 2>&1
done
# The runtime's own tests (gpu-run/tests, built with `cargo test -p xhlo-gpu-run --no-run`):
# they find xhlo-gpu-run where cargo built it.
if [ -x "$dir/gpu-run-tests" ]; then
    if [ -n "${GPU_RUN_TESTS_EXE:-}" ]; then
        mkdir -p "$(dirname "$GPU_RUN_TESTS_EXE")" && cp "$run" "$GPU_RUN_TESTS_EXE"
    fi
    timeout 120 "$dir/gpu-run-tests" --test-threads 1 >"$res/gpu-run-tests.txt" 2>&1
    echo "gpu-run tests rc=$? $(grep 'test result' "$res/gpu-run-tests.txt")" >>"$log"
fi
tar czf "$out/results.tar.gz" -C "$res" .
grep -E "^== |PASS|FAIL|kernels|suite:|result #0|gpu-run tests" "$log" | head -120
