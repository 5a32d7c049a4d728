#!/usr/bin/env python3
# scripts/reliability bad-input (scripts/lib/reliability/bad-input.py) BIN_DIR N SEED SCENARIO (docs/RELIABILITY.md)
# Hostile-input probe: mutated scenarios through `oal-device init`, mutated
# arguments through oal-app and oal-monitor, mutated journals through
# `oal-app home`. Counts inputs and any process that ended
# by a signal (a crash) or took longer than 20 s (a hang).
import os, random, subprocess, sys, shutil, tempfile
B = sys.argv[1]; N = int(sys.argv[2]); rng = random.Random(int(sys.argv[3]))
demo = open(sys.argv[4]).read().split("\n")
tmp = tempfile.mkdtemp(prefix="oal-badinput-")
crashes = []; counts = {}; slow = 0
hostile = ["", "\x00", "\n", "9223372036854775807", "-9223372036854775808", "18446744073709551616", "-1", "0",
           "x" * 5000, "\"", "\\", "#", "day", "at", "99:99", "24:00", "23:59:60", "1e309", "NaN", "..", "/", "é",
           "\u202e", "minutes-99999999999999999999", "rule-", "--root", "--json", " ", "\t"]
def run(args, env=None, timeout=20):
    global slow
    try:
        r = subprocess.run(args, capture_output=True, timeout=timeout, env=env)
        return r.returncode
    except subprocess.TimeoutExpired:
        slow += 1; return None
def mutate_line(line):
    words = line.split(" ")
    op = rng.randrange(5)
    if op == 0 and words: words[rng.randrange(len(words))] = rng.choice(hostile)
    elif op == 1: words.insert(rng.randrange(len(words) + 1), rng.choice(hostile))
    elif op == 2 and words: del words[rng.randrange(len(words))]
    elif op == 3 and line: i = rng.randrange(len(line)); return line[:i] + chr(rng.randrange(1, 0x300)) + line[i + 1:]
    else: words = words[::-1]
    return " ".join(words)
def note(kind, code, what):
    counts[kind] = counts.get(kind, 0) + 1
    if code is not None and code < 0: crashes.append((kind, -code, what[:200]))
# a device root for the app/extension probes
root = os.path.join(tmp, "dev"); run([B + "/oal-device", "init", "--root", root])
run([B + "/oal-app", "--root", root, "list", "add", "Games", "--apps", "Chess"])
for i in range(N):
    kind = i % 4
    if kind == 0:
        lines = list(demo)
        for _ in range(rng.randrange(1, 4)):
            j = rng.randrange(len(lines)); lines[j] = mutate_line(lines[j])
        path = os.path.join(tmp, "s%d.scenario" % i); open(path, "w").write("\n".join(lines))
        r = os.path.join(tmp, "r%d" % i)
        note("scenario", run([B + "/oal-device", "init", "--root", r, "--scenario", path]), path)
        shutil.rmtree(r, ignore_errors=True); os.remove(path)
    elif kind == 1:
        base = rng.choice([["rule", "add", "open-limit", "G", "--list", "Games", "--opens", "2"],
                           ["rule", "add", "time-limit", "T", "--list", "Games", "--minutes", "5"],
                           ["rule", "add", "schedule", "S", "--list", "Games", "--from", "09:00", "--to", "10:00"],
                           ["list", "add", "L", "--apps", "Chess"], ["show", "G"], ["home", "--json"]])
        args = [a for a in base]
        for _ in range(rng.randrange(1, 3)):
            if args: args[rng.randrange(len(args))] = rng.choice(hostile)
        args = [a.replace("\x00", "") for a in args]
        note("app-args", run([B + "/oal-app", "--root", root] + args), repr(args))
    elif kind == 2:
        cb = rng.choice(["intervalDidStart", "intervalDidEnd", "eventDidReachThreshold", "x"])
        act = rng.choice(["rule-", "sched-", "rule-00000000-0000-4000-8000-000000000001-2026-11-30", rng.choice(hostile)])
        ev = rng.choice(["minutes-5", "minutes-" + rng.choice(hostile), rng.choice(hostile)])
        args = [a.replace("\x00", "") for a in [cb, act, ev]]
        note("monitor-args", run([B + "/oal-monitor", "--root", root] + args), repr(args))
    else:
        d = os.path.join(root, "appgroup", "usage"); os.makedirs(d, exist_ok=True)
        day = os.path.join(d, "2026-11-30.jsonl")
        lines = ['{"format":"oal.usage-journal","formatVersion":1,"day":"2026-11-30"}']
        for _ in range(rng.randrange(1, 5)):
            v = rng.choice(["1", "9223372036854775807", "-1", "1.5", "\"x\"", "null", "99999999999999999999", "0"])
            key = rng.choice(["opens", "minutesAtLeast", "rule", "x"])
            lines.append('{"rule":"00000000-0000-4000-8000-000000000001","%s":%s}' % (key, v))
        text = "\n".join(lines) + rng.choice(["\n", "", "\n{\"ru"])
        open(day, "w").write(text)
        note("journal", run([B + "/oal-app", "--root", root, "home"]), text)
        for f in os.listdir(d):
            os.remove(os.path.join(d, f))
print("inputs", sum(counts.values()), counts, "crashes", len(crashes), "timeouts", slow)
for c in crashes[:20]: print(c)
shutil.rmtree(tmp, ignore_errors=True)
