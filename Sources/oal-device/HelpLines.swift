// The option lines several commands' help shares, one line per option
// (`--name ARGUMENT`, then what it does): every option a command takes is
// on its `--help` (issue 34; `NewcomerUsageTests`).

/// `--guest` and what builds it: run, diff, sweep, swarm.
let guestOptionLines = """
          --guest BUILD|PATH|REPO@REV  a guest app's processes in place of oal-app and the extensions (docs/GUEST.md)
          --harness DIR           the guest's harness directory (default guest-harness/<app>)
          --cache DIR             the guest build cache (default guest-cache beside the build directory)
          --sdk DIR               where GuestSDK was built (default: beside oal-device)
          --no-build              a checkout or REPO@REV given to --guest is not built: use its build (exit 69 if none)
    """

/// The options of every batch of runs: sweep, race, swarm.
let batchOptionLines = """
          --jobs N                runs at once, each in its own root (default: the cores)
          --shard I/N             only the runs at positions I-1 mod N (one CI job of N)
          --junit FILE            also write the results as a JUnit report to FILE
    """

/// How a batch of runs ends: sweep, race, swarm.
let batchExitLine = """
          Exit 0 every run passed, 1 an oracle violation, 3 a process crashed, 4 a run stopped before its
          end (the worst decides), 64 usage, 65 a bad scenario, 130/143 stopped by SIGINT/SIGTERM.
    """
