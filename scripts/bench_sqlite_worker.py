#!/usr/bin/env python3
"""SQLite contender of the store benchmark (`oal-bench store`, docs/PERFORMANCE.md).

Spawned by oal-bench, never run by hand (but it can be):

  bench_sqlite_worker.py --help | --version

  bench_sqlite_worker.py setup   --db PATH
      create the database in WAL mode with one counter row at 0
  bench_sqlite_worker.py read    --db PATH
      print the counter
  bench_sqlite_worker.py check
      exit 0 when the sqlite3 module imports (else 69)
  bench_sqlite_worker.py worker  --db PATH --count M --sync off|full
                                 --ready PATH --go PATH
      set up (connect, pragmas, statements), create READY, block on a shared
      flock of GO (the benchmark holds it exclusively until every worker is
      ready), then do M read-modify-write increments, each one
          BEGIN IMMEDIATE; SELECT n; UPDATE n = n + 1; COMMIT
      and print "<start-ns> <end-ns> <increments done>" (CLOCK_MONOTONIC,
      the clock oal-bench reads).

Exit codes: 0 ok, 64 usage, 69 no sqlite3 module, 70 a failure.
"""

import fcntl
import os
import sys
import time

try:
    import sqlite3
except ImportError:  # pragma: no cover - depends on the machine
    sqlite3 = None


def fail(message, code=70):
    sys.stderr.write("bench_sqlite_worker: %s\n" % message)
    sys.exit(code)


def version():
    """The emulator's version, kept in one place (the Swift constant)."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = os.path.join(here, "Sources/OALSystem/Console/ToolVersion.swift")
    try:
        for line in open(path, encoding="utf-8"):
            if 'current = "' in line:
                return line.split('current = "', 1)[1].split('"', 1)[0]
    except OSError:
        pass
    return "unknown"


def parse(argv):
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        sys.exit(0)
    if argv and argv[0] == "--version":
        print("bench_sqlite_worker.py %s" % version())
        sys.exit(0)
    if not argv:
        fail("missing command (setup, read, check, worker)", 64)
    command, rest = argv[0], argv[1:]
    options = {}
    i = 0
    while i < len(rest):
        key = rest[i]
        if not key.startswith("--") or i + 1 >= len(rest):
            fail("bad argument %r" % key, 64)
        options[key[2:]] = rest[i + 1]
        i += 2
    return command, options


def connect(path, sync):
    # isolation_level=None: no implicit transactions, we issue BEGIN ourselves.
    # timeout is SQLite's busy timeout (seconds): waiters retry with sleeps.
    con = sqlite3.connect(path, timeout=600.0, isolation_level=None)
    mode = con.execute("PRAGMA journal_mode=WAL").fetchone()[0]
    if mode.lower() != "wal":
        fail("journal_mode is %s, not wal" % mode)
    con.execute("PRAGMA synchronous=%s" % {"off": "OFF", "full": "FULL"}[sync])
    return con


def main(argv):
    command, o = parse(argv)
    if command == "check":
        sys.exit(0 if sqlite3 is not None else 69)
    if sqlite3 is None:
        fail("the python3 sqlite3 module is not available", 69)
    if command == "setup":
        con = connect(o["db"], "full")
        con.execute("CREATE TABLE counter(id INTEGER PRIMARY KEY, n INTEGER NOT NULL)")
        con.execute("INSERT INTO counter(id, n) VALUES (1, 0)")
        con.close()
        return
    if command == "read":
        con = sqlite3.connect(o["db"], timeout=600.0, isolation_level=None)
        print(con.execute("SELECT n FROM counter WHERE id = 1").fetchone()[0])
        con.close()
        return
    if command != "worker":
        fail("unknown command %r" % command, 64)

    count = int(o["count"])
    con = connect(o["db"], o.get("sync", "off"))
    execute = con.execute

    go = os.open(o["go"], os.O_RDONLY)
    os.close(os.open(o["ready"], os.O_WRONLY | os.O_CREAT, 0o600))
    fcntl.flock(go, fcntl.LOCK_SH)  # blocks until the benchmark lets everyone go
    fcntl.flock(go, fcntl.LOCK_UN)
    start = time.monotonic_ns()
    done = 0
    for _ in range(count):
        execute("BEGIN IMMEDIATE")
        n = execute("SELECT n FROM counter WHERE id = 1").fetchone()[0]
        execute("UPDATE counter SET n = ? WHERE id = 1", (n + 1,))
        execute("COMMIT")
        done += 1
    end = time.monotonic_ns()
    con.close()  # the last close checkpoints the WAL: after the timed section
    sys.stdout.write("%d %d %d\n" % (start, end, done))
    sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
