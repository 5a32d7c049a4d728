import Foundation

extension GuestBuild {
    /// The build described by `DIRECTORY/guest.json`, its executables
    /// checked to be there.
    public static func load(directory: String) throws(EngineError) -> GuestBuild {
        let path = (directory as NSString).appendingPathComponent("guest.json")
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .io("\(path): no guest build here (run scripts/guest-build PATH first)")
        }
        do {
            var build = try JSONDecoder().decode(GuestBuild.self, from: data)
            build.directory = URL(fileURLWithPath: directory).standardizedFileURL.path
            // A build without an app harness has no `oal-app` (`omitted`).
            let expected = executables.subtracting(optionalExecutables).filter { name in
                !(build.omitted ?? [:]).keys.contains { "oal-\($0)" == name }
            }
            for name in expected where !FileManager.default.isExecutableFile(atPath: build.bin + "/" + name) {
                throw EngineError.missingExecutable(name: name, directory: build.bin)
            }
            return build
        } catch let error as EngineError {
            throw error
        } catch {
            throw .io("\(path): not a guest build description: \(error)")
        }
    }
}
