import Composition
import Foundation
import MediaCore

/// Told about each problem `isValid(for:timeRange:validationDelegate:)` finds; each answer says whether to go on.
/// Every method has a default that goes on.
public protocol AVVideoCompositionValidationHandling: AnyObject {
    /// A property (`renderSize`, `frameDuration`) has an invalid value.
    func videoComposition(_ videoComposition: AVVideoComposition,
                          shouldContinueValidatingAfterFindingInvalidValueForKey key: String) -> Bool
    /// A range of the composition is covered by no instruction.
    func videoComposition(_ videoComposition: AVVideoComposition,
                          shouldContinueValidatingAfterFindingEmptyTimeRange timeRange: CMTimeRange) -> Bool
    /// An instruction's range is invalid, overlaps the previous one or goes backwards.
    func videoComposition(_ videoComposition: AVVideoComposition,
                          shouldContinueValidatingAfterFindingInvalidTimeRangeIn
                          videoCompositionInstruction: any AVVideoCompositionInstructionProtocol) -> Bool
    /// A layer names a track the asset does not have.
    func videoComposition(_ videoComposition: AVVideoComposition,
                          shouldContinueValidatingAfterFindingInvalidTrackIDIn
                          videoCompositionInstruction: any AVVideoCompositionInstructionProtocol,
                          layerInstruction: AVVideoCompositionLayerInstruction, asset: AVAsset) -> Bool
}

extension AVVideoCompositionValidationHandling {
    /// Goes on.
    public func videoComposition(_ videoComposition: AVVideoComposition,
                                 shouldContinueValidatingAfterFindingInvalidValueForKey key: String) -> Bool { true }
    /// Goes on.
    public func videoComposition(_ videoComposition: AVVideoComposition,
                                 shouldContinueValidatingAfterFindingEmptyTimeRange timeRange: CMTimeRange) -> Bool { true }
    /// Goes on.
    public func videoComposition(_ videoComposition: AVVideoComposition,
                                 shouldContinueValidatingAfterFindingInvalidTimeRangeIn
                                 videoCompositionInstruction: any AVVideoCompositionInstructionProtocol) -> Bool { true }
    /// Goes on.
    public func videoComposition(_ videoComposition: AVVideoComposition,
                                 shouldContinueValidatingAfterFindingInvalidTrackIDIn
                                 videoCompositionInstruction: any AVVideoCompositionInstructionProtocol,
                                 layerInstruction: AVVideoCompositionLayerInstruction, asset: AVAsset) -> Bool { true }
}

extension AVVideoComposition {
    /// Whether the video composition can render `asset`: positive size and frame duration, instructions covering the
    /// asset end to end without overlaps, layers naming its tracks. Each problem goes to `validationDelegate`, which
    /// may stop the check. `timeRange` is accepted for compatibility; the whole asset is checked.
    public func isValid(for asset: AVAsset?, timeRange: CMTimeRange,
                        validationDelegate: (any AVVideoCompositionValidationHandling)?) -> Bool {
        let composition = (try? asset?.nativeComposition()) ?? MutableComposition()
        let problems = native.problems(for: composition)
        guard let validationDelegate else { return problems.isEmpty }
        let instructions = self.instructions
        for problem in problems {
            let goOn: Bool
            switch problem {
            case .invalidFrameDuration:
                goOn = validationDelegate.videoComposition(self, shouldContinueValidatingAfterFindingInvalidValueForKey: "frameDuration")
            case .invalidRenderSize:
                goOn = validationDelegate.videoComposition(self, shouldContinueValidatingAfterFindingInvalidValueForKey: "renderSize")
            case let .noInstructions(duration):
                goOn = validationDelegate.videoComposition(
                    self, shouldContinueValidatingAfterFindingEmptyTimeRange: CMTimeRange(start: .zero, duration: CMTime(duration)))
            case let .firstInstructionStartsLate(start):
                goOn = validationDelegate.videoComposition(
                    self, shouldContinueValidatingAfterFindingEmptyTimeRange: CMTimeRange(start: .zero, end: CMTime(start)))
            case let .instructionGap(_, start, previousEnd):
                goOn = validationDelegate.videoComposition(
                    self, shouldContinueValidatingAfterFindingEmptyTimeRange: CMTimeRange(start: CMTime(previousEnd), end: CMTime(start)))
            case let .lastInstructionEndsEarly(end, duration):
                goOn = validationDelegate.videoComposition(
                    self, shouldContinueValidatingAfterFindingEmptyTimeRange: CMTimeRange(start: CMTime(end), end: CMTime(duration)))
            case let .invalidInstructionRange(index, _), let .instructionOverlap(index, _, _),
                 let .instructionBackwards(index, _, _):
                goOn = validationDelegate.videoComposition(
                    self, shouldContinueValidatingAfterFindingInvalidTimeRangeIn: instructions[index])
            case let .unknownLayerTrack(index, trackID):
                guard let asset, let instruction = instructions[index] as? AVVideoCompositionInstruction,
                      let layer = instruction.layerInstructions.first(where: { $0.trackID == trackID }) else { continue }
                goOn = validationDelegate.videoComposition(
                    self, shouldContinueValidatingAfterFindingInvalidTrackIDIn: instruction, layerInstruction: layer,
                    asset: asset)
            default:
                goOn = true
            }
            if !goOn { break }
        }
        return problems.isEmpty
    }
}
