#if OAL_FUZZ
    import Glibc
    import OALSystem

    // Built only by `scripts/fuzz` (`-sanitize=fuzzer,address -D OAL_FUZZ`):
    // libFuzzer's runtime is linked in, and its driver runs the campaign.

    /// libFuzzer's entry when it is a library (`FuzzerInterface.h`).
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    /// The target of this process's campaign; set once, before the driver starts.
    nonisolated(unsafe) private var campaignTarget = FuzzTarget.scenario

    /// What libFuzzer calls with each input. The runtime's own `main`
    /// refers to it too, so it must exist under this name even though the
    /// campaign starts from ours. A broken invariant aborts: libFuzzer
    /// reports it as a crash and saves the input.
    @_cdecl("LLVMFuzzerTestOneInput")
    func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        do {
            try campaignTarget.run(UnsafeBufferPointer(start: data, count: size))
        } catch {
            StandardStream.error.write("oal-fuzz \(campaignTarget.rawValue): invariant broken: \(error)\n")
            abort()
        }
        return 0
    }

    enum LibFuzzer {
        static let available = true

        /// Runs libFuzzer on `target` with its own options (`-runs=N`,
        /// `-max_total_time=S`, corpus directories); does not return.
        static func run(_ target: FuzzTarget, options: [String]) -> Never {
            campaignTarget = target
            var arguments = ([CommandLine.arguments[0]] + options).map { strdup($0) }
            arguments.append(nil)
            var argc = Int32(arguments.count - 1)
            let status = arguments.withUnsafeMutableBufferPointer { buffer in
                var argv = buffer.baseAddress
                return runDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) }
            }
            exit(status)
        }
    }
#else
    enum LibFuzzer {
        static let available = false

        static func run(_ target: FuzzTarget, options: [String]) -> Never {
            preconditionFailure("this oal-fuzz was built without libFuzzer (use scripts/fuzz)")
        }
    }
#endif
