import Composition
import LibAV
import MediaCore

extension SourcePool {
    /// Prepares an HDR output of `composition`: its working space keeps the transfer of the first HDR picture in
    /// track and segment order (PQ or HLG; HLG when every source is SDR, which suits graphics and phone footage
    /// alike) with BT.2020, and its metadata is that source's (MaxCLL, mastering display). Every video reader then
    /// delivers pictures in that working space.
    func prepareHDR(for composition: MutableComposition) throws(ExportError) -> (color: ColorDescription, metadata: HDRMetadata?) {
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
        let color = HDRConverter.workingSpace(found?.color.transfer ?? .hlg)
        for reader in videoReaders.values { reader.convert(into: color) }
        return (color, found?.metadata)
    }
}
