#!/usr/bin/env python3
"""Headline figures from JMH JSON results (java -jar cmdgate-bench.jar -rf json -rff FILE).

  scripts/bench/jmh-summary.py RESULT.json [RESULT.json ...]

Classification (SampleTime): median and p99 per command against the targets (5 us / 50 us).
Worst cases (AverageTime): time at each size, the ratio to the previous size (2.0 = linear, since
sizes double), and the largest size against the 200 ms target.
"""
import json
import sys
from collections import defaultdict

results = []
for f in sys.argv[1:]:
    with open(f) as fh:
        results.extend(json.load(fh))


def short(name):
    parts = name.split(".")
    return parts[-2] + "." + parts[-1]


sampled = [r for r in results if r["mode"] == "sample"]
if sampled:
    print("Per-command latency (SampleTime, one thread)")
    for r in sampled:
        pm = r["primaryMetric"]
        pct = pm["scorePercentiles"]
        unit = pm["scoreUnit"]
        params = ",".join(f"{k}={v}" for k, v in (r.get("params") or {}).items())
        line = (f"  {short(r['benchmark']):28s} {params:16s} median {pct['50.0']:8.2f} {unit}  p99 {pct['99.0']:8.2f} {unit}"
                f"  p99.9 {pct['99.9']:9.2f} {unit}  mean {pm['score']:8.2f} {unit}")
        if short(r["benchmark"]) == "ClassifyBenchmark.classify" and unit == "us/op":
            ok = pct["50.0"] <= 5 and pct["99.0"] <= 50
            line += f"  target median<=5 p99<=50: {'MET' if ok else 'MISSED'}"
        print(line)

families = defaultdict(list)
for r in results:
    if r["mode"] != "avgt" or not r.get("params"):
        continue
    p = dict(r["params"])
    size_key = next((k for k in ("bytes", "depth", "count") if k in p), None)
    if size_key is None:
        continue
    size = int(p.pop(size_key))
    fam = short(r["benchmark"]) + " " + ",".join(f"{k}={v}" for k, v in p.items())
    families[fam].append((size, r["primaryMetric"]["score"], r["primaryMetric"]["scoreError"], r["primaryMetric"]["scoreUnit"], size_key))

if families:
    print("Worst cases (AverageTime; 'x' = time ratio to the previous size, sizes double, so 2.0 is linear)")
    for fam, rows in families.items():
        rows.sort()
        cells = []
        prev = None
        for size, score, err, unit, key in rows:
            c = f"{key}={size}: {score:9.3f} {unit}"
            if prev:
                c += f" (x{score / prev:4.2f})"
            cells.append(c)
            prev = score
        largest = rows[-1]
        ms = largest[1] * {"ms/op": 1, "us/op": 1e-3, "s/op": 1e3, "ns/op": 1e-6}.get(largest[3], 1)
        growth = rows[-1][1] / rows[0][1] / (rows[-1][0] / rows[0][0]) if rows[0][1] > 0 else float("nan")
        print(f"  {fam}")
        print("    " + "   ".join(cells))
        print(f"    {fam.split('.')[0]} {fam.split(' ', 1)[1]}: largest {largest[4]}={largest[0]}: {ms:.1f} ms (target <= 200: {'MET' if ms <= 200 else 'MISSED'});"
              f" time per unit at largest / smallest size: {growth:.2f} (1.00 = linear)")

other = [r for r in results if r["mode"] == "avgt" and not r.get("params")]
if other:
    print("Other")
    for r in other:
        pm = r["primaryMetric"]
        err = pm["scoreError"] if isinstance(pm["scoreError"], (int, float)) else float("nan")
        print(f"  {short(r['benchmark']):32s} {pm['score']:10.2f} ± {err:.2f} {pm['scoreUnit']}")
