import Glibc

/// Makes a forked child inherit its parent's page tables for the
/// executable's and the libraries' file-backed mappings (code, read-only
/// data, Swift's metadata sections), so it does not fault them in again.
///
/// Linux's `fork(2)` copies no page-table entries of a private file mapping
/// that has no anonymous page of its own ("a page fault will fill them
/// correctly", mm/memory.c `vma_needs_copy`): every code page a forked
/// callback touches was a minor fault in it, several hundred a child, the
/// largest part of a forked launch's kernel time. Once such a mapping holds
/// one anonymous page, every entry present in the parent is copied at
/// fork. Writing one byte of each mapping back unchanged through
/// `/proc/self/mem` (as a debugger plants a breakpoint) gives it that page,
/// without changing the mapping's protection or its content.
public enum InheritedPageTables {
    /// One line of `/proc/self/maps`, as far as `adopt` needs it.
    struct Mapping: Equatable {
        var start: UInt64
        var end: UInt64
        var permissions: String
        var path: String

        /// A private mapping of a file, not writable (a writable one is
        /// copied on its first write anyway), with a path (not `[vdso]`).
        var isPrivateReadOnlyFile: Bool {
            permissions.count == 4 && permissions.hasPrefix("r") && !permissions.contains("w")
                && permissions.hasSuffix("p") && path.hasPrefix("/")
        }
    }

    /// The mappings of `/proc/self/maps`' text `maps`; a line it cannot read
    /// is left out.
    static func mappings(_ maps: String) -> [Mapping] {
        maps.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count >= 5 else { return nil }
            let range = fields[0].split(separator: "-")
            guard range.count == 2, let start = UInt64(range[0], radix: 16), let end = UInt64(range[1], radix: 16),
                start < end
            else { return nil }
            let path = fields.count == 6 ? String(fields[5].drop(while: { $0 == " " })) : ""
            return Mapping(start: start, end: end, permissions: String(fields[1]), path: path)
        }
    }

    /// Gives every private read-only file mapping of this process an
    /// anonymous page (its first byte, written back unchanged). Call it in
    /// a process about to fork many children. A mapping the kernel refuses
    /// the write for is left as it was: it only faults as before.
    public static func adopt() {
        guard let maps = try? FileSystem.readFile("/proc/self/maps"),
            let memory = try? FileDescriptor.open("/proc/self/mem", .readWrite)
        else { return }
        defer { try? memory.close() }
        for mapping in mappings(String(decoding: maps, as: UTF8.self)) where mapping.isPrivateReadOnlyFile {
            let offset = Int64(bitPattern: mapping.start)
            guard let byte = try? memory.readBytes(fromAbsoluteOffset: offset, count: 1), byte.count == 1 else {
                continue
            }
            try? memory.writeAll(toAbsoluteOffset: offset, byte)
        }
    }
}
