// Cuts START..START+DURATION seconds out of a file with the passthrough preset: the compressed samples are copied
// when the cut falls on keyframes, and re-encoded at the source's size and rate when it does not.
// Usage: passthrough-trim INPUT OUTPUT START DURATION
import Foundation
import OpenAVFoundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 4, let start = Double(arguments[2]), let length = Double(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: passthrough-trim INPUT OUTPUT START DURATION\n".utf8))
    exit(64)
}
let input = URL(fileURLWithPath: arguments[0])
let output = URL(fileURLWithPath: arguments[1])

let asset = AVURLAsset(url: input)
guard AVAssetExportSession.exportPresets(compatibleWith: asset).contains(AVAssetExportPresetPassthrough),
      let session = AVAssetExportSession(asset: asset, presetName: AVAssetExportPresetPassthrough) else {
    FileHandle.standardError.write(Data("passthrough-trim: '\(input.path)' cannot be exported\n".utf8))
    exit(1)
}
session.outputURL = output
session.outputFileType = output.pathExtension == "mov" ? .mov : .mp4
session.timeRange = CMTimeRange(start: CMTime(seconds: start, preferredTimescale: 600),
                                duration: CMTime(seconds: length, preferredTimescale: 600))
let done = DispatchSemaphore(value: 0)
session.exportAsynchronously {
    done.signal()
}
done.wait()
switch session.status {
case .completed:
    print("wrote \(output.path)")
case .failed:
    FileHandle.standardError.write(Data("passthrough-trim: \(session.error?.localizedDescription ?? "failed")\n".utf8))
    exit(1)
default:
    FileHandle.standardError.write(Data("passthrough-trim: ended \(session.status)\n".utf8))
    exit(1)
}
