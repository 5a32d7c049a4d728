#!/usr/bin/env python3
# scripts/reliability contention (scripts/lib/reliability/contention.py) BIN_DIR: racing store writers and SIGKILLs (docs/RELIABILITY.md).
import os, subprocess, sys, tempfile, random, time, signal, re, shutil, atexit
_mk = tempfile.mkdtemp
def _tracked(**kw):
    d = _mk(**kw); atexit.register(shutil.rmtree, d, True); return d
tempfile.mkdtemp = _tracked
B = sys.argv[1]; P = B + "/oal-store-probe"; rng = random.Random(7)
rule = "6F1C0B1E-0000-4000-8000-000000000001"; day = "2026-11-29"
def ledger(ag): return ["--appgroup", ag, "--rule", rule, "--day", day]
def read(ag):
    out = subprocess.run([P, "read", "--appgroup", ag, "--day", day, "--rule", rule], capture_output=True, text=True).stdout
    m = re.search(r"opens=(\d+)", out); return int(m.group(1)) if m else 0
res = {}
# 1. increments: K processes x M
for (k, m) in [(4, 5000), (8, 2000)]:
    ok = 0
    for r in range(3):
        ag = tempfile.mkdtemp(prefix="oal-cont-")
        ps = [subprocess.Popen([P, "increment"] + ledger(ag) + ["--count", str(m), "--compact-at", "8192"], stdout=subprocess.DEVNULL) for _ in range(k)]
        for p in ps: p.wait()
        ok += read(ag) == k * m
    res["increments %dx%d" % (k, m)] = "%d/3 exact" % ok
# 2. racing spends
ok = 0
for r in range(5):
    ag = tempfile.mkdtemp(prefix="oal-cont-")
    ps = [subprocess.Popen([P, "spend"] + ledger(ag) + ["--budget", "100", "--count", "60"], stdout=subprocess.PIPE, text=True) for _ in range(8)]
    grants = sum(p.communicate()[0].count("granted") for p in ps)
    ok += grants == 100 and read(ag) == 100
res["spends 8x60 budget 100"] = "%d/5 exactly 100 granted" % ok
# 3. random SIGKILLs of writers
kills = 0; bad = 0; ag = tempfile.mkdtemp(prefix="oal-kill-"); acked = 0; committed_max = 0
for wave in range(25):
    ps = [subprocess.Popen([P, "increment"] + ledger(ag) + ["--count", "1000000"], stdout=subprocess.PIPE, text=True) for _ in range(4)]
    time.sleep(rng.uniform(0.02, 0.2))
    for p in ps: p.send_signal(signal.SIGKILL)
    for p in ps:
        out = p.communicate()[0]; acked += out.count("ack ")
        kills += p.returncode == -9
    total = read(ag)
    if not (acked <= total <= acked + kills): bad += 1
check = subprocess.run([P, "check", "--appgroup", ag], capture_output=True, text=True)
res["SIGKILLs of 4 racing writers"] = "%d kills, %d waves violating acked<=committed<=acked+kills, check exit %d, %d acked" % (kills, bad, check.returncode, acked)
for k, v in res.items(): print(k, ":", v)
