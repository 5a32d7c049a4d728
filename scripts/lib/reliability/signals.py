#!/usr/bin/env python3
# scripts/reliability signals (scripts/lib/reliability/signals.py) BIN_DIR REPO: SIGTERM/SIGINT to oal-device run and scripts/supervise (docs/RELIABILITY.md).
import os, subprocess, sys, tempfile, time, random, signal, json, shutil
B = sys.argv[1]; repo = sys.argv[2]; rng = random.Random(3)
sc = """timezone UTC
start 2026-11-30 08:00
end 2026-11-30 14:00

at 08:00 app list add Video --apps YouTube
at 08:00 app rule add time-limit Tube --list Video --minutes 600
at 08:01 open OpenAppLock for 2m
at 08:05 open YouTube for 5h
"""
def procs(text):
    n = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit(): continue
        try:
            if text in open("/proc/%s/cmdline" % pid, "rb").read().decode(errors="ignore"): n += 1
        except Exception: pass
    return n
results = {}
for who in ["device", "supervise"]:
    for sig in [signal.SIGTERM, signal.SIGINT]:
        trials = 8 if who == "device" else 4; good = 0; left = 0; codes = []
        for t in range(trials):
            d = tempfile.mkdtemp(prefix="oal-sig-"); s = os.path.join(d, "busy.scenario"); open(s, "w").write(sc)
            root = os.path.join(d, "root")
            env = dict(os.environ, OAL_BIN_DIR=B)
            if who == "device":
                subprocess.run([B + "/oal-device", "init", "--root", root, "--scenario", s], capture_output=True)
                p = subprocess.Popen([B + "/oal-device", "run", "--root", root, s, "--quiet"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, restore_signals=True)
            else:
                p = subprocess.Popen(["/bin/bash", repo + "/scripts/supervise", "--no-build", "--root", root, s], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
            time.sleep(rng.uniform(0.8, 3.0))
            p.send_signal(sig); p.wait(); time.sleep(0.3)
            n = procs(root); left += n
            codes.append(p.returncode)
            interrupted = False
            try:
                interrupted = any('"run.interrupted"' in l for l in open(root + "/logs/trace.jsonl"))
            except Exception: pass
            good += (n == 0 and p.returncode == 128 + sig and interrupted)
            shutil.rmtree(d, ignore_errors=True)
        results["%s %s" % (who, signal.Signals(sig).name)] = "%d/%d clean (exit %s, %d processes left)" % (good, trials, sorted(set(codes)), left)
for k, v in results.items(): print(k, ":", v)
