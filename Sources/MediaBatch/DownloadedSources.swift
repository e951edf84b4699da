import Foundation

extension DownloadOptions {
    /// The files the download cache holds under `sha256/` (one per distinct downloaded source) and their bytes.
    public func downloadedSources() -> (files: Int, bytes: Int) {
        let root = (cacheDirectory as NSString).appendingPathComponent("sha256")
        let manager = FileManager.default
        var total = (files: 0, bytes: 0)
        for folder in (try? manager.contentsOfDirectory(atPath: root)) ?? [] where folder.count == 2 {
            let path = (root as NSString).appendingPathComponent(folder)
            for name in (try? manager.contentsOfDirectory(atPath: path)) ?? [] where !name.hasPrefix(".") {
                let file = (path as NSString).appendingPathComponent(name)
                guard let size = (try? manager.attributesOfItem(atPath: file))?[.size] as? Int else { continue }
                total.files += 1
                total.bytes += size
            }
        }
        return total
    }
}
