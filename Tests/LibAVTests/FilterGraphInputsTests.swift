import LibAV
import MediaCore
import Testing

/// Graphs with more than one input: a palette beside the pictures.
@Suite struct FilterGraphInputsTests {
    /// The fixture clip's first `count` pictures as BGRA, with their tick.
    private func pictures(_ count: Int) throws -> (frames: [Frame], tick: MediaTime) {
        let input = try InputFile(path: try Fixtures.get().clip)
        let stream = try input.bestStream(.video)
        let decoder = try Decoder(input: input, stream: stream)
        let tick = try input.timeBase(ofStream: stream)
        var decoded: [Frame] = []
        while decoded.count < count, let frame = try decoder.nextFrame(from: input) { decoded.append(frame) }
        let convert = try FilterGraph(input: .like(decoded[0], timeBase: tick), filters: "format=bgra")
        var frames: [Frame] = []
        for frame in decoded {
            try convert.push(frame)
            frames += try convert.pullAll()
        }
        return (frames, tick)
    }

    @Test func aPaletteOnTheSecondInputMapsEveryPicture() throws {
        let (frames, tick) = try pictures(10)
        let generator = try FilterGraph(input: .like(frames[0], timeBase: tick), filters: "palettegen")
        for frame in frames { try generator.push(frame) }
        try generator.finish()
        let palette = try #require(try generator.pullAll().last)
        #expect(palette.width == 16 && palette.height == 16)

        let mapping = try FilterGraph(inputs: [.like(frames[0], timeBase: tick), .like(palette, timeBase: tick)],
                                      filters: "[in][in1]paletteuse")
        #expect(mapping.inputs.count == 2 && mapping.input == .like(frames[0], timeBase: tick))
        palette.pts = .zero
        try mapping.push(palette, toInput: 1)
        try mapping.finish(input: 1)
        var mapped: [Frame] = []
        for frame in frames {
            try mapping.push(frame)
            mapped += try mapping.pullAll()
        }
        try mapping.finish()
        mapped += try mapping.pullAll()
        #expect(mapped.count == frames.count)
        #expect(mapped.allSatisfy { $0.pixelFormat == .pal8 && $0.width == 320 && $0.height == 240 })
        #expect(mapped.map(\.pts) == frames.map(\.pts))
    }

    @Test func inputsMustBeJoinedAndExist() throws {
        let (frames, tick) = try pictures(1)
        let input = FilterGraph.Input.like(frames[0], timeBase: tick)
        do {
            _ = try FilterGraph(inputs: [input, input], filters: "")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "cannot filter through '': 2 inputs need filters to join them")
        }
        do {
            _ = try FilterGraph(inputs: [], filters: "null")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "cannot filter through 'null': the graph has no input")
        }
        let graph = try FilterGraph(input: input, filters: "null")
        do {
            try graph.push(frames[0], toInput: 1)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "cannot filter through 'null': the graph has no input 1")
        }
    }
}
