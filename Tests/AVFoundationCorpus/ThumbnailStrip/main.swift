// Corpus: thumbnails. One picture with copyCGImage(at:actualTime:), then several with
// generateCGImagesAsynchronously(forTimes:) given NSValue(time:)s and a DispatchGroup, each written as PNG (CGImage's
// pngData() stands in for UIImage / ImageIO, which Linux lacks).
// Usage: thumbnail-strip OUTPUT-FOLDER INPUT COUNT
import OpenAVFoundation

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[3]), count > 0 else {
    print("usage: thumbnail-strip OUTPUT-FOLDER INPUT COUNT")
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[1])
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let asset = AVAsset(url: URL(fileURLWithPath: arguments[2]))
let generator = AVAssetImageGenerator(asset: asset)
generator.appliesPreferredTrackTransform = true
generator.maximumSize = CGSize(width: 80, height: 80)
generator.requestedTimeToleranceBefore = .zero
generator.requestedTimeToleranceAfter = .zero

var actual = CMTime.zero
let poster = try generator.copyCGImage(at: CMTime(value: 1, timescale: 10), actualTime: &actual)
try poster.pngData().write(to: folder.appendingPathComponent("poster.png"))
let centre = poster.pixel(x: poster.width / 2, y: poster.height / 2)
print("poster \(poster.width)x\(poster.height) at \(actual.seconds) s, centre \(centre.red) \(centre.green) \(centre.blue)")

let step = CMTimeMultiplyByRatio(asset.duration, multiplier: 1, divisor: Int32(count))
let times = (0..<count).map { NSValue(time: CMTimeMultiply(step, multiplier: Int32($0))) }
let group = DispatchGroup()
let lock = NSLock()
var written: [String] = []
for _ in times { group.enter() }
generator.generateCGImagesAsynchronously(forTimes: times) { requested, image, actualTime, result, error in
    defer { group.leave() }
    guard result == .succeeded, let image = image else {
        print("no picture at \(requested.seconds): \(error?.localizedDescription ?? "cancelled")")
        return
    }
    let name = String(format: "thumb-%.2f.png", actualTime.seconds)
    try? image.pngData().write(to: folder.appendingPathComponent(name))
    lock.lock()
    written.append(name)
    lock.unlock()
}
group.wait()
print("wrote \(written.count) thumbnails: \(written.joined(separator: " "))")
