import Glibc

/// `clock_gettime(CLOCK_MONOTONIC)`: elapsed time for measuring cost
/// (benchmarks, the oracle's own price), never the emulated time a process
/// decides by.
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point; only differences mean
    /// anything.
    public static func nanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}

/// `clock_gettime(CLOCK_REALTIME)`: the clock file timestamps are taken
/// from, for telling whether a file could have changed since it was read
/// (`FileStatus.modifiedNanoseconds`); never the emulated time.
public enum RealtimeClock {
    /// Nanoseconds since 1970.
    public static func nanoseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }
}
