// Writes COUNT evenly spaced thumbnails of a video, at most WIDTH pixels wide, as PNG files (thumb-1.png, ...).
// Usage: thumbnails INPUT OUTPUT_DIRECTORY COUNT [WIDTH]
import Foundation
import OpenAVFoundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3 || arguments.count == 4, let count = Int(arguments[2]), count > 0 else {
    FileHandle.standardError.write(Data("usage: thumbnails INPUT OUTPUT_DIRECTORY COUNT [WIDTH]\n".utf8))
    exit(64)
}
let input = URL(fileURLWithPath: arguments[0])
let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)

do {
    let asset = AVURLAsset(url: input)
    let duration = try await asset.load(.duration)
    let generator = AVAssetImageGenerator(asset: asset)
    generator.appliesPreferredTrackTransform = true
    generator.maximumSize = CGSize(width: Double(arguments.count == 4 ? Int(arguments[3]) ?? 320 : 320), height: 0)
    // Pictures from the middle of each of COUNT equal parts.
    let times = (0..<count).map { index in
        CMTimeMultiplyByRatio(duration, multiplier: Int32(2 * index + 1), divisor: Int32(2 * count))
    }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var number = 0
    for await picture in generator.images(for: times) {
        number += 1
        let image = try picture.image
        let file = directory.appendingPathComponent("thumb-\(number).png")
        try image.pngData().write(to: file)
        print("\(file.lastPathComponent): \(image.width)x\(image.height) at \(CMTimeGetSeconds(try picture.actualTime)) s")
    }
} catch {
    FileHandle.standardError.write(Data("thumbnails: \(error.localizedDescription)\n".utf8))
    exit(1)
}
