import Foundation

/// Hands every sync this process makes to the run's `DurableImage`, when
/// the emulated OS models power loss: the image's directory is named in
/// `OAL_DURABLE_IMAGE`, or found by the process in its device root
/// (`adopt`), and its `trees` file says which trees it keeps (the first
/// line the base, one tree per line after it). With no image, `synced`
/// is a lock and a branch.
///
/// Read once, at the process's edge, as `CrashPoint` reads its variables:
/// every process a run launches (the app, each extension, a guest's) syncs
/// through `FileDescriptor`, deep inside code that has no options to pass.
public enum SyncRecorder {
    /// The environment variable naming the image's directory.
    public static let imageVariable = "OAL_DURABLE_IMAGE"

    /// Whether this process's syncs are recorded: a power loss can happen,
    /// so what is to survive one must be synced.
    public static var isRecording: Bool { image != nil }

    /// Records that `descriptor` was just synced. A record that fails is
    /// said on stderr: the image then keeps less than the disk would, and
    /// a power loss takes more than it should, which the run must show.
    static func synced(_ descriptor: FileDescriptor) {
        guard let image else { return }
        do {
            try image.recordSync(of: descriptor)
        } catch {
            let path = DurableImage.path(of: descriptor) ?? "descriptor \(descriptor.rawValue)"
            StandardStream.error.write("durable image: the sync of \(path) was not recorded: \(error)\n")
        }
    }

    /// Writes the `trees` file of an image at `directory`.
    public static func configure(_ image: DurableImage) throws(Errno) {
        try FileSystem.createDirectory(image.directory)
        try AtomicFile.replace(
            image.directory + "/trees", with: Array(([image.base] + image.trees).map { $0 + "\n" }.joined().utf8),
            durable: false)
    }

    /// The image an image directory's `trees` file describes.
    public static func image(at directory: String) -> DurableImage? {
        guard let bytes = try? FileSystem.readFile(directory + "/trees") else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        guard let base = lines.first else { return nil }
        return DurableImage(directory: directory, base: base, trees: Array(lines.dropFirst()))
    }

    /// Turns recording on for a process that finds its device's image
    /// (`<root>/system/durable-image`) without the variable: a process the
    /// emulated OS did not start itself. The supervisor's app loop starts
    /// before the device makes the image, so a directory that holds none
    /// yet is looked at again by every later question (`isRecording`, a
    /// sync) until it does.
    public static func adopt(imageAt directory: String) {
        adopted.withLock { state in
            if case .found = state { return }
            state = image(at: directory).map(Adoption.found) ?? .waiting(directory)
        }
    }

    private static var image: DurableImage? {
        if let fromEnvironment { return fromEnvironment }
        return adopted.withLock { state in
            switch state {
            case .none: return nil
            case .found(let image): return image
            case .waiting(let directory):
                guard let found = image(at: directory) else { return nil }
                state = .found(found)
                return found
            }
        }
    }

    private static let fromEnvironment: DurableImage? = {
        guard let directory = ProcessEnvironment.value(imageVariable), !directory.isEmpty else {
            return nil
        }
        return image(at: directory)
    }()

    /// What `adopt` found: nothing asked, a directory to look at, an image.
    private enum Adoption {
        case none
        case waiting(String)
        case found(DurableImage)
    }

    private static let adopted = LockedValue<Adoption>(.none)
}
