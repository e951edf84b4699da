import Foundation
import LibAV
import MediaCore
@testable import Render
import Testing

/// `LottiePictureReader` draws frame after frame into the same memory once the pictures it handed out are let go;
/// a picture still held keeps its pixels, and every picture is what rlottie draws for its frame afresh.
@Suite struct LottiePictureReaderTests {
    /// A 64x32 animation at 10 fps, 10 frames: a 10x10 green square moving from x 8 to 56.
    static let animation = """
        {"v":"5.5.2","fr":10,"ip":0,"op":10,"w":64,"h":32,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,
        "ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]},
        "p":{"a":1,"k":[{"t":0,"s":[8,16,0],"e":[56,16,0],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":10}]}},
        "shapes":[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
        {"ty":"fl","c":{"a":0,"k":[0,1,0,0.6]},"o":{"a":0,"k":100}},
        {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},
        "o":{"a":0,"k":100}}]}]}]}
        """

    /// The picture's rows of used bytes.
    static func bytes(_ frame: Frame) -> [UInt8] {
        frame.withPlanes { planes in (0..<planes[0].rows).flatMap { Array(planes[0].row($0)) } }
    }

    /// How many bytes differ between two pictures of the same size.
    static func differing(_ a: Frame, _ b: [UInt8]) -> Int { zip(bytes(a), b).filter { $0 != $1 }.count }

    @Test func heldPicturesKeepTheirPixelsAndEveryPictureIsDrawnAfresh() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-\(UUID().uuidString).json").path
        try Self.animation.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try LottiePictureReader(path: path)
        let fresh = try LottieAnimation(path: path)
        func drawn(_ tenths: Int64) throws -> Frame {
            try #require(try reader.picture(at: MediaTime(value: tenths, timescale: 10), stretch: 2)).frame
        }
        let held = try drawn(2)
        let heldBytes = Self.bytes(held)
        let next = try drawn(6)
        #expect(Self.differing(held, heldBytes) == 0, "a held picture changed when the next one was drawn")
        #expect(Self.differing(next, heldBytes) > 100)
        #expect(Self.differing(next, Self.bytes(try fresh.render(frame: 6, width: 128, height: 64))) == 0)
        // Nothing held now but the reader's own reference: later frames reuse its memory and still come out right.
        for tenths: Int64 in [7, 3, 9] {
            let expected = Self.bytes(try fresh.render(frame: Int(tenths), width: 128, height: 64))
            #expect(Self.differing(try drawn(tenths), expected) == 0, "frame \(tenths)")
        }
        #expect(Self.differing(held, heldBytes) == 0)
    }
}
