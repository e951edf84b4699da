import MediaCore

extension VideoComposition {
    /// Every problem that keeps this video composition from rendering `composition` (`isValidForAsset:…`): frame
    /// duration, render size, invalid or empty instruction ranges, ranges that go backwards or overlap, uncovered
    /// ranges before, between and after the instructions, and layers for tracks the composition does not have.
    public func problems(for composition: MutableComposition) -> [CompositionError] {
        var problems: [CompositionError] = []
        if !frameDuration.isNumeric || frameDuration <= .zero { problems.append(.invalidFrameDuration(frameDuration)) }
        if !(renderSize.width > 0 && renderSize.height > 0) { problems.append(.invalidRenderSize(renderSize)) }
        let duration = composition.duration
        if instructions.isEmpty, duration > .zero { problems.append(.noInstructions(duration: duration)) }
        var previous: TimeRange?
        var coveredEnd: MediaTime?
        for (index, instruction) in instructions.enumerated() {
            let range = instruction.timeRange
            for layer in instruction.layerInstructions where composition.track(withID: layer.trackID) == nil {
                problems.append(.unknownLayerTrack(instructionIndex: index, trackID: layer.trackID))
            }
            if let effect = instruction.transitionEffect {
                problems += Self.problems(of: effect, in: instruction, index: index)
            }
            guard range.isValid, range.start.isNumeric, range.duration.isNumeric, !range.isEmpty else {
                problems.append(.invalidInstructionRange(index: index, range: range))
                continue
            }
            if let previous {
                if range.start < previous.start {
                    problems.append(.instructionBackwards(index: index, start: range.start, previousStart: previous.start))
                } else if range.start < previous.end {
                    problems.append(.instructionOverlap(index: index, start: range.start, previousEnd: previous.end))
                } else if range.start > previous.end {
                    problems.append(.instructionGap(index: index, start: range.start, previousEnd: previous.end))
                }
            } else if range.start > .zero {
                problems.append(.firstInstructionStartsLate(start: range.start))
            }
            previous = range
            coveredEnd = coveredEnd.map { MediaTime.maximum($0, range.end) } ?? range.end
        }
        if let coveredEnd, coveredEnd < duration {
            problems.append(.lastInstructionEndsEarly(end: coveredEnd, duration: duration))
        }
        return problems
    }

    /// An effect must name two different tracks that have layers in its instruction, over a valid numeric range, with a
    /// softness in 0...1.
    static func problems(of effect: VideoTransitionEffect, in instruction: VideoCompositionInstruction,
                         index: Int) -> [CompositionError] {
        var problems: [CompositionError] = []
        let range = effect.timeRange
        if !range.isValid || !range.start.isNumeric || !range.duration.isNumeric || range.isEmpty {
            problems.append(.invalidEffectRange(instructionIndex: index, range: range))
        }
        if effect.outgoingTrackID == effect.incomingTrackID {
            problems.append(.effectTrackWithoutLayer(instructionIndex: index, trackID: effect.incomingTrackID))
        }
        for trackID in [effect.outgoingTrackID, effect.incomingTrackID]
        where instruction.layerInstruction(forTrackID: trackID) == nil {
            problems.append(.effectTrackWithoutLayer(instructionIndex: index, trackID: trackID))
        }
        if !(0...1).contains(effect.softness) {
            problems.append(.valueOutOfRange(name: "softness", value: effect.softness, range: 0...1))
        }
        return problems
    }

    /// Throws the first of `problems(for:)`, if any.
    public func validate(for composition: MutableComposition) throws {
        if let first = problems(for: composition).first { throw first }
    }
}
