#!/usr/bin/env python3
"""Measures instructions and mallocs per dispatch of the core workloads and checks them against
a budget (see BENCHMARKS.md, "Regression guard").

Each figure is the difference between two runs of `KatanaCost` with different dispatch counts,
divided by the difference in counts, so the process's start-up cost cancels out. Instructions
are counted with `perf stat -e instructions:u` where the machine's PMU can count them, else with
valgrind's callgrind (the same user-space instructions, deterministic); mallocs with an
LD_PRELOAD counter, everywhere.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

# workload: (low count, high count) of the two runs whose difference is measured.
INSTRUCTION_RUNS = {
    "W1": (20_000, 120_000), "W2": (2_000, 12_000), "W3": (20_000, 120_000), "W6": (2_000, 12_000),
    "W7": (20_000, 120_000), "W10": (20_000, 120_000)}
MALLOC_RUNS = {
    "W1": (100_000, 1_100_000), "W2": (20_000, 120_000), "W3": (20_000, 120_000), "W6": (20_000, 120_000), "W7": (20_000, 120_000),
    "W10": (20_000, 120_000)}
GROWTH = 0.05
# A budget of 0 mallocs allows this much noise per dispatch (the async runtime's own, rare).
MALLOC_SLACK = 0.01


def perf_counts():
    try:
        out = subprocess.run(["perf", "stat", "-x,", "-e", "instructions:u", "true"],
                             capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return out.returncode == 0 and re.match(r"^\d+,", out.stderr.strip().splitlines()[-1] or "") is not None


def instructions(binary, workload, count, use_perf):
    if use_perf:
        out = subprocess.run(["perf", "stat", "-x,", "-e", "instructions:u", binary, workload, str(count)],
                             capture_output=True, text=True, check=True)
        return int(out.stderr.strip().splitlines()[-1].split(",")[0])
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          binary, workload, str(count)], capture_output=True, text=True, check=True)
    match = re.search(r"Collected\s*:\s*(\d+)", out.stderr)
    if not match:
        sys.exit(f"callgrind printed no instruction count for {workload}:\n{out.stderr}")
    return int(match.group(1))


def mallocs(binary, counter, workload, count):
    with tempfile.NamedTemporaryFile("r") as result:
        env = dict(os.environ, LD_PRELOAD=counter, KATANA_MALLOC_COUNT_FILE=result.name)
        subprocess.run([binary, workload, str(count)], env=env, check=True)
        return int(open(result.name).read())


def per_dispatch(measure, low, high):
    return (measure(high) - measure(low)) / (high - low)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--malloc-counter", required=True)
    parser.add_argument("--budget", required=True)
    parser.add_argument("--update", action="store_true", help="write the measured figures as the budget")
    args = parser.parse_args()

    use_perf = perf_counts()
    have_valgrind = subprocess.run(["which", "valgrind"], capture_output=True).returncode == 0
    if not use_perf and not have_valgrind:
        sys.exit("cost guard: neither `perf stat -e instructions:u` nor valgrind can count instructions here")
    tool = "perf" if use_perf else "callgrind"

    measured = {}
    for workload, (low, high) in INSTRUCTION_RUNS.items():
        # Three passes, keeping the lowest: a run may pay once for a lazily made runtime structure,
        # and the short run sometimes counts ~0.7M instructions fewer (W3 then reads 212 instead
        # of 206, seen at load 4-10), which inflates that pass's difference.
        figure = min(per_dispatch(lambda n: instructions(args.binary, workload, n, use_perf), low, high)
                     for _ in range(3))
        measured.setdefault(workload, {})["instructions"] = round(figure, 1)
    for workload, (low, high) in MALLOC_RUNS.items():
        figure = min(per_dispatch(lambda n: mallocs(args.binary, args.malloc_counter, workload, n), low, high)
                     for _ in range(2))
        measured.setdefault(workload, {})["mallocs"] = round(max(figure, 0.0), 3)

    if args.update:
        with open(args.budget, "w") as file:
            json.dump({"counted_with": tool, "workloads": measured}, file, indent=2, sort_keys=True)
            file.write("\n")
        print(f"cost guard: budget written to {args.budget} ({tool}): {json.dumps(measured, sort_keys=True)}")
        return

    budget = json.load(open(args.budget))["workloads"]
    failures = []
    print(f"| workload | figure | measured ({tool}) | budget | limit | ok |")
    print("| --- | --- | ---: | ---: | ---: | --- |")
    for workload in sorted(measured):
        for figure, value in sorted(measured[workload].items()):
            allowed = budget.get(workload, {}).get(figure)
            if allowed is None:
                failures.append(f"{workload} {figure}: no budget (run guard.sh --update)")
                continue
            limit = allowed * (1 + GROWTH)
            if figure == "mallocs":
                limit = max(limit, allowed + MALLOC_SLACK)
            ok = value <= limit
            print(f"| {workload} | {figure}/dispatch | {value:,.3f} | {allowed:,.3f} | {limit:,.3f} | {'yes' if ok else 'NO'} |")
            if not ok:
                failures.append(f"{workload} {figure} per dispatch: {value:,.3f} > {limit:,.3f} (budget {allowed:,.3f} + 5 %)")
    if failures:
        print("\ncost guard FAILED:\n  " + "\n  ".join(failures))
        print("If the growth is deliberate, see BENCHMARKS.md (\"Regression guard\") before updating the budget.")
        sys.exit(1)
    print("\ncost guard passed")


if __name__ == "__main__":
    main()
