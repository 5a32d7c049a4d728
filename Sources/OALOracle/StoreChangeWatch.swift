import Foundation
import OALSystem

/// Which store files changed since the oracle's last observation, as the
/// kernel saw it (`inotify(7)` on every directory under the App Group and
/// the app's container).
///
/// The stores-parse check `stat`ed every store file at every observation to
/// learn that it had not changed, a month's thirty journals among them: a
/// third of the observation's cost on the month. A file no event names
/// since its bytes were read still holds them: every write, truncation,
/// rename, removal or change of mode in a watched directory is an event,
/// whichever process made it, queued before the call that made it returns.
/// When the kernel could not say (no inotify, a dropped event, a directory
/// created, moved or removed), the answer is "anything may have changed"
/// and every file is looked at again, as without the watch.
final class StoreChangeWatch {
    enum Changes: Equatable {
        /// Only these paths may differ from what was read before.
        case only(Set<String>)
        /// Anything may have: look at every file.
        case unknown
    }

    private let roots: [String]
    private let inotify: Inotify?
    /// The directory each watch is on, and the same as a set.
    private var directories: [Int32: String] = [:]
    private var watched: Set<String> = []
    /// Whether every directory under the roots is watched now: what is
    /// read from here on is covered by the events to come.
    private(set) var isWatching = false

    init(roots: [String]) {
        self.roots = roots
        inotify = try? Inotify()
        isWatching = watchEverything()
    }

    deinit { try? inotify?.close() }

    /// The changes since the last call (or since the watch began).
    func drain() -> Changes {
        guard isWatching, let inotify, let events = try? inotify.read() else {
            isWatching = watchEverything()
            return .unknown
        }
        var paths: Set<String> = []
        var complete = true
        let directoryChanged: Inotify.Events = [.queueOverflow, .ignored, .deleteSelf, .moveSelf, .isDirectory]
        for event in events {
            guard event.events.isDisjoint(with: directoryChanged),
                let directory = directories[event.watch]
            else {
                complete = false
                continue
            }
            paths.insert(event.name.isEmpty ? directory : directory + "/" + event.name)
        }
        if complete { return .only(paths) }
        // A directory came or went, or events were lost: watch what is
        // there now and let every file be looked at.
        isWatching = watchEverything()
        return .unknown
    }

    /// Watches every directory under the roots; false when one could not be.
    private func watchEverything() -> Bool {
        guard let inotify else { return false }
        var all = true
        var seen: [Int32: String] = [:]
        for root in roots {
            var pending = [root]
            while let directory = pending.popLast() {
                guard let watch = try? inotify.addWatch(directory, .anyChange) else {
                    all = false
                    continue
                }
                seen[watch] = directory
                for entry in DirectoryWalk.entries(of: directory) ?? [] where entry.isDirectory {
                    pending.append(directory + "/" + entry.name)
                }
            }
        }
        directories = seen
        watched = Set(seen.values)
        return all
    }

    /// Whether a change of `path` would be named as `path`: its directory
    /// is watched under exactly the string `path` begins with. A path
    /// spelt otherwise (another prefix for the same directory) is never
    /// taken as unchanged.
    func covers(_ path: String) -> Bool {
        guard isWatching, let slash = path.lastIndex(of: "/") else { return false }
        return watched.contains(String(path[..<slash]))
    }
}
