import Foundation
import OALSystem

/// The files under a directory at each observation, read again only from
/// the directories whose own `stat` changed since they were last listed
/// (an entry added, removed or renamed changes its directory's times),
/// with `ParsedFile`'s rule for a directory changed too shortly before
/// its listing. The stores-parse check listed the whole App Group with
/// `readdir` after every step, more of it each day (a journal a day); a
/// `stat` per directory says the same for most steps (issue 36).
final class DirectoryListing {
    private struct Known {
        var status: FileStatus
        var readAt: Int64
        var entries: [(name: String, isDirectory: Bool)]

        /// Whether the directory, whose `stat` is now `current`, still
        /// holds `entries` (`ParsedFile`'s racy rule).
        func stands(_ current: FileStatus) -> Bool {
            status == current
                && readAt - max(current.modifiedNanoseconds, current.changedNanoseconds) > ParsedFile.settled
        }
    }

    private var known: [String: Known] = [:]
    /// Each walk's answer and the directories it listed: given again (the
    /// same array, so its caller's work on it can be kept too) while each
    /// of those directories would be served from `known`, without making
    /// its paths again.
    private var walked: [String: (paths: [String], directories: [String])] = [:]

    /// Every entry's path relative to `directory`, as
    /// `DirectoryWalk.relativePaths` lists them (in another order).
    func relativePaths(under directory: String) -> [String] {
        if let last = walked[directory], last.directories.allSatisfy({ listed($0) != nil }) { return last.paths }
        var paths: [String] = []
        var directories: [String] = []
        walk(directory, prefix: "", into: &paths, directories: &directories)
        walked[directory] = (paths, directories)
        return paths
    }

    private func walk(_ directory: String, prefix: String, into result: inout [String], directories: inout [String]) {
        directories.append(directory)
        guard let entries = entries(of: directory) else { return }
        for (name, isDirectory) in entries {
            let relative = prefix + name
            result.append(relative)
            if isDirectory {
                walk(directory + "/" + name, prefix: relative + "/", into: &result, directories: &directories)
            }
        }
    }

    /// The entries last listed, when `directory`'s `stat` says they stand.
    private func listed(_ directory: String) -> [(name: String, isDirectory: Bool)]? {
        guard let status = (try? FileSystem.status(directory)) ?? nil, status.isDirectory,
            let last = known[directory], last.stands(status)
        else { return nil }
        return last.entries
    }

    private func entries(of directory: String) -> [(name: String, isDirectory: Bool)]? {
        guard let status = (try? FileSystem.status(directory)) ?? nil, status.isDirectory else {
            known[directory] = nil
            return nil
        }
        if let last = known[directory], last.stands(status) { return last.entries }
        let readAt = RealtimeClock.nanoseconds()
        guard let entries = DirectoryWalk.entries(of: directory) else {
            known[directory] = nil
            return nil
        }
        known[directory] = Known(status: status, readAt: readAt, entries: entries)
        return entries
    }
}
