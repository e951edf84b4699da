import Composition
import Foundation
import MediaCore

/// Placeholder replaced below.
enum PassthroughPlan {
    case copy(Int)
    case reencode(String)
    static func make(composition: MutableComposition, videoComposition: VideoComposition?, settings: ExportSettings) -> PassthroughPlan {
        .reencode("passthrough: not implemented")
    }
}
extension ExportSession {
    func exportPassthrough(_ plan: Int, duration: MediaTime) throws(ExportError) -> ExportResult { throw .cancelled }
}
