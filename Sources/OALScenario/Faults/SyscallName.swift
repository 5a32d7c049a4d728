/// The system calls a syscall sweep kills a process at: every call by which
/// our processes change a file or its locks. The names are the kernel's
/// (strace's), since strace counts each call separately per process: a
/// `rename` and a `renameat2` are two counters, not one.
public enum SyscallName {
    public static let all = [
        "write", "pwrite64", "rename", "renameat", "renameat2", "fsync", "fdatasync", "unlink", "unlinkat",
        "ftruncate", "openat", "flock",
    ]
}
