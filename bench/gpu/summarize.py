#!/usr/bin/env python3
"""Summarizes a GPU run of bench/gpu/run-on-gpu.sh as a Markdown table.

    summarize.py RESULTS_DIR EXPECTED_JSON...

RESULTS_DIR is the unpacked results.tar.gz (workloads/NAME.json, workloads/NAME.txt); the
expected.json files give each workload's flops or bytes. Rates are against the vendor's
published peaks for the device named in the JSON (FP32 without tensor cores, HBM bandwidth);
no XLA GPU baseline exists on that machine (no XLA there), so none is shown.
"""
import json
import pathlib
import sys

# Vendor datasheet peaks (SXM parts): dense FP32 TFLOP/s, HBM TB/s.
PEAKS = {"H100": (67.0, 3.35), "H200": (67.0, 4.8)}


def main():
    results = pathlib.Path(sys.argv[1])
    workloads = {}
    for path in sys.argv[2:]:
        for w in json.load(open(path))["workloads"]:
            workloads[w["name"]] = w
    rows = []
    device = None
    for j in sorted((results / "workloads").glob("*.json")):
        name = j.stem
        r = json.load(open(j))
        device = r["device"]
        text = (results / "workloads" / f"{name}.txt").read_text()
        verdict = "PASS" if f"PASS {name}" in text else "FAIL"
        w = workloads.get(name, {})
        kernel_s = r["kernel_ms"]["median"] / 1e3
        peak = next((v for k, v in PEAKS.items() if k in device), None)
        if w.get("flops"):
            rate = w["flops"] / kernel_s / 1e9
            achieved = f"{rate:.0f} GFLOP/s"
            share = f"{100 * rate / (peak[0] * 1e3):.1f}% of FP32 peak" if peak else ""
        elif w.get("bytes_moved"):
            rate = w["bytes_moved"] / kernel_s / 1e9
            achieved = f"{rate:.0f} GB/s"
            share = f"{100 * rate / (peak[1] * 1e3):.1f}% of HBM bandwidth" if peak else ""
        else:
            achieved, share = "", ""
        rows.append(f"| {name} | {verdict} | {r['launches_per_run']} | {r['kernel_ms']['median']:.4f} | {r['end_to_end_ms']['median']:.3f} | {achieved} | {share} |")
    for text in sorted((results / "workloads").glob("*.txt")):
        if not (results / "workloads" / f"{text.stem}.json").exists():
            last = [l for l in text.read_text().splitlines() if l.strip()][-1:]
            rows.append(f"| {text.stem} | did not run: {' '.join(last)} | | | | | |")
    print(f"Device: {device}; peaks used: {PEAKS.get(next((k for k in PEAKS if device and k in device), ''), 'unknown')} (FP32 TFLOP/s, TB/s)\n")
    print("| workload | checksums | launches | kernels, median ms | end to end, median ms | achieved (kernels) | of the published peak |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
