/// Where the export's audio chunks come from: the live mixer, or the spooled mix of a loudness analysis pass.
protocol AudioMixSource: AnyObject {
    /// The largest chunk `render` accepts.
    var capacity: Int { get }
    /// Samples `sample ..< sample + count` of the mix, in a buffer the next call reuses (callers may change it).
    func render(from sample: Int64, count: Int) throws(ExportError) -> AudioBuffer
}

extension AudioMixRenderer: AudioMixSource {}
