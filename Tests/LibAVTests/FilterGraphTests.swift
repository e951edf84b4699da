import LibAV
import MediaCore
import Testing

/// libavfilter graphs: pictures and audio through real filters, timing kept, end of input, errors.
@Suite struct FilterGraphTests {
    /// The fixture clip's decoded frames of `type`.
    private func decoded(_ type: MediaType) throws -> (frames: [Frame], tick: MediaTime) {
        let input = try InputFile(path: try Fixtures.get().clip)
        let stream = try input.bestStream(type)
        let decoder = try Decoder(input: input, stream: stream)
        var frames: [Frame] = []
        while let frame = try decoder.nextFrame(from: input) { frames.append(frame) }
        return (frames, try input.timeBase(ofStream: stream))
    }

    @Test func scalesAndConvertsPicturesKeepingTheirTimes() throws {
        let (frames, tick) = try decoded(.video)
        let graph = try FilterGraph(input: .like(frames[0], timeBase: tick), filters: "scale=160:120,format=gray")
        var out: [Frame] = []
        for frame in frames {
            try graph.push(frame)
            out += try graph.pullAll()
        }
        try graph.finish()
        out += try graph.pullAll()
        #expect(out.count == frames.count)
        #expect(out.allSatisfy { $0.width == 160 && $0.height == 120 && $0.pixelFormat.name == "gray" })
        #expect(out.map(\.pts) == frames.map(\.pts))
    }

    @Test func filtersAudioToAnotherLayoutAndFormat() throws {
        let (frames, tick) = try decoded(.audio)
        #expect(frames[0].channelLayoutName == "stereo")
        let graph = try FilterGraph(input: .like(frames[0], timeBase: tick),
                                    filters: "aformat=sample_fmts=s16:channel_layouts=mono")
        var samples = 0
        for frame in frames {
            try graph.push(frame)
            for filtered in try graph.pullAll() {
                #expect(filtered.channels == 1 && filtered.sampleFormat.name == "s16")
                samples += filtered.sampleCount
            }
        }
        try graph.finish()
        samples += try graph.pullAll().reduce(0) { $0 + $1.sampleCount }
        #expect(samples == frames.reduce(0) { $0 + $1.sampleCount })
    }

    @Test func anEmptyFilterTextPassesFramesThrough() throws {
        let (frames, tick) = try decoded(.video)
        let graph = try FilterGraph(input: .like(frames[0], timeBase: tick), filters: "")
        try graph.push(frames[5])
        let out = try #require(try graph.pull())
        #expect(out.width == 320 && out.pts == frames[5].pts)
        #expect(try graph.pull() == nil)
    }

    @Test func unknownFiltersAreNamedInTheError() throws {
        let (frames, tick) = try decoded(.video)
        #expect(FilterGraph.hasFilter("scale"))
        #expect(!FilterGraph.hasFilter("nosuchfilter"))
        do {
            _ = try FilterGraph(input: .like(frames[0], timeBase: tick), filters: "nosuchfilter=1")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "cannot filter through 'nosuchfilter=1': libavfilter has no filter 'nosuchfilter'")
            #expect(error.stage == .convert)
        }
        do {
            _ = try FilterGraph(input: .like(frames[0], timeBase: tick), filters: "scale=w=oops")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "cannot filter through 'scale=w=oops': Invalid argument (avfilter_graph_parse_ptr)")
        }
    }
}
