#!/usr/bin/env python3
"""Measure up*/down* throughput on random irregular Myrinet networks with `flitwave sweep` and
write the table for docs/results.md. Usage: python3 scripts/results_updown.py [--seeds 5]
Every number comes from the flitwave binary; the JSON of every sweep is kept in out/results/."""
import argparse, json, os, subprocess, statistics

ap = argparse.ArgumentParser()
ap.add_argument("--seeds", type=int, default=5)
ap.add_argument("--cycles", type=int, default=100000)
a = ap.parse_args()
os.makedirs("out/results", exist_ok=True)
exe = "./target/release/flitwave"
subprocess.run(["cargo", "build", "--release", "-q"], check=True)

def rates(sw, size):
    if sw <= 16:
        return [round(0.02 * i, 3) for i in range(1, 11)]
    if sw <= 32:
        return [round(0.01 * i, 3) for i in range(1, 11)]
    return [round(0.005 * i, 3) for i in range(1, 13)]

def sweep(sw, seed, select, size, pattern="uniform"):
    out = f"out/results/ud_{sw}sw_seed{seed}_{select}_{size}B_{pattern}.json"
    cmd = [exe, "sweep", "--quiet", "--cycles", str(a.cycles), "--seed", str(seed),
           "--set", f"topology.switches={sw}", "--set", f'routing.paths="{select}"',
           "--set", f"traffic.message_bytes={size}", "--set", f'traffic.pattern="{pattern}"',
           "--rates", ",".join(map(str, rates(sw, size))), "--json", out]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    r = json.load(open(out))
    assert r["all_healthy"], out
    low = r["points"][0]["summary"]["latency"]["ns"]
    return r["throughput_flits_per_ns_per_switch"], low, " ".join(cmd[1:]).replace(out, "OUT.json")

rows = []
for sw in (16, 64):
    for size in (32, 512, 1024):
        for select in ("balanced", "shortest"):
            if size != 512 and select == "shortest":
                continue
            th, lat = [], []
            for seed in range(1, a.seeds + 1):
                t, l, cmd = sweep(sw, seed, select, size)
                th.append(t); lat.append(l)
            rows.append((sw, size, select, min(th), max(th), statistics.mean(th), statistics.mean(lat), th, cmd))
            print(f"{sw} sw {size} B {select}: throughput min {min(th):.4f} max {max(th):.4f} avg {statistics.mean(th):.4f}", flush=True)

with open("out/results/updown_table.md", "w") as f:
    f.write("| switches | message | selection | throughput min | max | avg (flits/ns/switch) | per topology | latency at lowest load (ns) |\n|---|---|---|---|---|---|---|---|\n")
    for sw, size, sel, lo, hi, avg, lat, th, _ in rows:
        f.write(f"| {sw} | {size} B | {sel} | {lo:.4f} | {hi:.4f} | {avg:.4f} | {' '.join(f'{x:.4f}' for x in th)} | {lat:.0f} |\n")
    f.write("\nOne of the sweeps behind the last row: `flitwave " + rows[-1][8] + "`\n")
print(open("out/results/updown_table.md").read())
