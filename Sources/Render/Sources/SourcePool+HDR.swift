import Composition
import LibAV
import MediaCore

extension SourcePool {
    /// Prepares an HDR output of `composition` with `range`: its working space keeps the transfer of the first HDR
    /// picture in track and segment order (PQ or HLG; HLG when every source is SDR, which suits graphics and phone
    /// footage alike), or the one `range` names (`hlg`, `pq`), with BT.2020; its metadata is that source's (MaxCLL,
    /// mastering display) when it has the output's transfer. Every video reader then delivers pictures in that
    /// working space.
    func prepareHDR(for composition: MutableComposition, range: ExportSettings.DynamicRange?)
        throws(ExportError) -> (color: ColorDescription, metadata: HDRMetadata?) {
        var found: (color: ColorDescription, metadata: HDRMetadata?)?
        search: for track in composition.tracks(withMediaType: .video) {
            for segment in track.segments where !segment.isEmpty {
                guard let url = segment.sourceURL else { continue }
                let reader = try videoReader(url: url, trackID: segment.sourceTrackID, owner: track.trackID)
                let start = segment.sourceTime(forTrackTime: segment.targetRange.start)
                if let light = try reader.sourceLight(at: start), light.color.isHDR {
                    found = light
                    break search
                }
            }
        }
        let named: ColorDescription.Transfer? = switch range {
        case .hlg: .hlg
        case .pq: .pq
        default: nil
        }
        let transfer = named ?? found?.color.transfer ?? .hlg
        let color = HDRConverter.workingSpace(transfer)
        for reader in videoReaders.values { reader.convert(into: color) }
        return (color, found?.color.transfer == transfer ? found?.metadata : nil)
    }
}
