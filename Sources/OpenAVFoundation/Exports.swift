// Apple's `import AVFoundation` brings Foundation (URL, Data, NSObject, NSError, NSValue, ...) and Dispatch
// (DispatchQueue, DispatchSemaphore, DispatchGroup) with it, so `import OpenAVFoundation` does too. MediaCore is not
// re-exported: CMTime is a type of its own with exactly CoreMedia's operators.
@_exported import Dispatch
@_exported import Foundation
