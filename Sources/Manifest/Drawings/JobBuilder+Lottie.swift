import Composition
import MediaCore

extension JobBuilder {
    /// Each part of a Lottie source that rlottie would not draw (see `LottieFeatures`) as a problem at `location`,
    /// so `validate` reports it instead of the render leaving it out.
    func checkLottie(_ reference: SourceReference, info: SourceInfo, spec: OutputSpec, at location: SourceLocation) {
        guard let url = info.video?.url, url.isFileURL, url.path.lowercased().hasSuffix(".json"),
              let problems = catalog.lottieProblems(url.path) else { return }
        for problem in problems {
            record(self.problem(spec, stage: "load", "animation \(label(reference, in: spec)) cannot be drawn as made: \(problem)",
                                at: location))
        }
    }
}
