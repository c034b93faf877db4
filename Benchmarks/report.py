#!/usr/bin/env python3
"""Turns package-benchmark's markdown output (`--format markdown --grouping metric`) into the
ratio table of BENCHMARKS.md.

Each benchmark runs one whole workload per iteration and is named `<W> <Katana|Baseline> n=<ops>`,
so time and mallocs per operation are the p50 (median) figures divided by `n`. Two ratios, both
measured in the same process: Katana ÷ the bare lock (`L0 Lock`, a `Mutex<Int>` increment: the
floor the targets of issue 20 are against) and Katana ÷ baseline (`MutexStore`, the same work in
a mutex-guarded store).
"""
import re
import sys

TARGETS = {
    # Issue 20: W1, W3, W5, W6, W7 against the bare lock; W2, W4, W8 against the baseline store.
    "W1": "≤ 2× lock; 0 mallocs per dispatch",
    "W2": "≤ 3× baseline",
    "W3": "≤ 3× lock; peak memory reported",
    "W4": "≤ 3× baseline (from the main actor)",
    "W5": "≤ 3× lock",
    "W5i": "peak memory flat (interceptors, 2 threads)",
    "W6": "≤ 10× lock; 0 mallocs per dispatch",
    "W7": "≤ 3× lock; 0 mallocs per dispatch",
    "W8": "≤ 2× baseline; one selecting listener called per update",
}
# workload: (limit, against the lock?)
RATIO_LIMIT = {"W1": (2, True), "W2": (3, False), "W3": (3, True), "W4": (3, False), "W5": (3, True),
               "W6": (10, True), "W7": (3, True), "W8": (2, False)}
ZERO_MALLOCS = {"W1", "W6", "W7"}
# KatanaUI (issue 5): milliseconds per operation.
UI_TARGETS = {"UI leaf update": 1.0, "UI mount": 20.0}


def parse(text):
    """Returns {metric: {benchmark name: (p50, unit)}}."""
    tables = {}
    metric = None
    for line in text.splitlines():
        heading = re.match(r"^### (.+)$", line)
        if heading:
            metric = heading.group(1).strip()
            continue
        row = re.match(r"^\|\s*([^|]+?)\s*\|" + r"\s*([^|]*?)\s*\|" * 8 + r"\s*$", line)
        if metric and row and ":" in row.group(1):
            label = row.group(1)
            unit = re.search(r"\(([^)]*)\)", label)
            name = re.sub(r"\s*(\([^)]*\))?\s*\*?$", "", label.split(":", 1)[1]).strip()
            try:
                p50 = float(row.group(4).replace(",", ""))
            except ValueError:
                continue
            tables.setdefault(metric, {})[name] = (p50, unit.group(1) if unit else "#")
    return tables


def scale(value, unit):
    factors = {"#": 1, "K": 1e3, "M": 1e6, "G": 1e9, "ns": 1, "us": 1e3, "μs": 1e3, "ms": 1e6, "s": 1e9}
    return value * factors.get(unit, 1)


def main():
    text = open(sys.argv[1]).read() if len(sys.argv) > 1 else sys.stdin.read()
    tables = parse(text)
    times = tables.get("Time (wall clock)", {})
    mallocs = tables.get("Malloc (total)", {})
    memory = tables.get("Memory (resident peak)", {})
    runs = {}
    for name in times:
        match = re.match(r"^(\S+) (Katana|Baseline) n=(\d+)$", name)
        if match:
            runs.setdefault(match.group(1), {})[match.group(2)] = (name, int(match.group(3)))

    def per_op(table, name, n):
        if name not in table:
            return None
        return scale(*table[name]) / n

    rows = []
    katana_ns = {}
    for workload in sorted(runs):
        pair = runs[workload]
        if "Katana" not in pair:
            continue
        name, n = pair["Katana"]
        k_ns = per_op(times, name, n)
        k_mallocs = per_op(mallocs, name, n)
        k_peak = scale(*memory[name]) / 1e6 if name in memory else None
        katana_ns[workload] = k_ns
        b_ns = b_mallocs = b_peak = None
        if "Baseline" in pair:
            b_name, b_n = pair["Baseline"]
            b_ns = per_op(times, b_name, b_n)
            b_mallocs = per_op(mallocs, b_name, b_n)
            b_peak = scale(*memory[b_name]) / 1e6 if b_name in memory else None
        rows.append((workload, n, k_ns, b_ns, k_mallocs, b_mallocs, k_peak, b_peak))

    lock_ns = None
    for name in times:
        match = re.match(r"^L0 Lock n=(\d+)$", name)
        if match:
            lock_ns = per_op(times, name, int(match.group(1)))
    if rows:
        print_core_table(rows, lock_ns)
    print_other_table(times, mallocs, memory, runs, per_op)


def print_core_table(rows, lock_ns):
    fmt = lambda v, spec: "n/a" if v is None else format(v, spec)
    print(f"Bare lock (`Mutex<Int>` increment) in this run: {fmt(lock_ns, ',.2f')} ns/op.\n")
    print("| workload | ops | Katana ns/op | × lock | baseline ns/op | × baseline | Katana mallocs/op | baseline mallocs/op "
          "| peak RSS MB (Katana / baseline) | target | met |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |")
    for workload, n, k_ns, b_ns, k_mallocs, b_mallocs, k_peak, b_peak in rows:
        ratio = k_ns / b_ns if b_ns else None
        lock_ratio = k_ns / lock_ns if lock_ns and k_ns is not None else None
        if workload in RATIO_LIMIT:
            limit, against_lock = RATIO_LIMIT[workload]
            measured = lock_ratio if against_lock else ratio
            met = measured is not None and measured <= limit
            if workload in ZERO_MALLOCS:
                met = met and k_mallocs is not None and k_mallocs < 0.5
        else:
            met = None
        target = TARGETS.get(workload, "")
        print(f"| {workload} | {n:,} | {fmt(k_ns, ',.1f')} | {fmt(lock_ratio, '.2f')} | {fmt(b_ns, ',.1f')} | {fmt(ratio, '.2f')} "
              f"| {fmt(k_mallocs, '.3f')} | {fmt(b_mallocs, '.3f')} | {fmt(k_peak, ',.1f')} / {fmt(b_peak, ',.1f')} "
              f"| {target} "
              f"| {'n/a' if met is None else ('yes' if met else 'no')} |")


def print_other_table(times, mallocs, memory, runs, per_op):
    extra = sorted(set(times) - {v[0] for pair in runs.values() for v in pair.values()}
                   - {name for name in times if name.startswith("L0 ")})
    if extra:
        # Other benchmarks (KatanaUI's): one iteration runs `updates=N` operations if the name
        # says so, else one; UI_TARGETS gives the limit per operation in milliseconds.
        print()
        print("| benchmark | time per op (ms) | mallocs per op | peak RSS (MB) | target | met |")
        print("| --- | ---: | ---: | ---: | --- | --- |")
        for name in extra:
            ops = re.search(r"updates=(\d+)", name)
            ops = int(ops.group(1)) if ops else 1
            ms = scale(*times[name]) / ops / 1e6
            m = per_op(mallocs, name, ops)
            peak = scale(*memory[name]) / 1e6 if name in memory else None
            limit = next((v for k, v in UI_TARGETS.items() if name.startswith(k)), None)
            target = f"≤ {limit:g} ms" if limit is not None else ""
            met = "n/a" if limit is None else ("yes" if ms <= limit else "no")
            fmt = lambda v, spec: "n/a" if v is None else format(v, spec)
            print(f"| {name} | {ms:,.3f} | {fmt(m, ',.1f')} | {fmt(peak, ',.1f')} | {target} | {met} |")


if __name__ == "__main__":
    main()
