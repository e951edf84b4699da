import LibAV
import MediaCore
import Testing

/// Frames an encoder may read are initialised throughout: nothing of an earlier picture or another run lies in their
/// padding (bytes past each row, rows past the picture), which some encoders read.
@Suite struct FramePaddingTests {
    /// Every byte of every plane of `frame`, padding past each row included.
    private func bytes(_ frame: Frame) -> [[UInt8]] {
        frame.withPlanes { planes in
            planes.map { [UInt8](UnsafeRawBufferPointer(start: $0.base, count: $0.bytesPerRow * $0.rows)) }
        }
    }

    /// Writes 0xAA over every byte of every plane of `frame`, padding included.
    private func dirty(_ frame: Frame) throws {
        try frame.withMutablePlanes { planes in
            for plane in planes {
                plane.base.initializeMemory(as: UInt8.self, repeating: 0xAA, count: plane.bytesPerRow * plane.rows)
            }
        }
    }

    @Test func newPicturesAreZeroPaddingIncluded() throws {
        // Dirty a frame's memory (rows and their padding), free it, and take a frame of the same size again: an
        // allocator hands the same memory back, and no encoder may read what the last frame left there.
        for _ in 0..<3 {
            let dirty = try Frame(width: 40, height: 30, pixelFormat: .yuv420p)
            try self.dirty(dirty)
        }
        let fresh = try Frame(width: 40, height: 30, pixelFormat: .yuv420p)
        #expect(fresh.withPlanes { planes in planes.allSatisfy { $0.bytesPerRow > $0.usedBytesPerRow } })
        #expect(bytes(fresh).allSatisfy { plane in plane.allSatisfy { $0 == 0 } })
    }

    @Test func aSharedPictureWrittenToGetsZeroedPadding() throws {
        // Memory made dirty and freed first, so a copy into uninitialised buffers would show it.
        for _ in 0..<3 { try dirty(try Frame(width: 40, height: 30, pixelFormat: .yuv420p)) }
        let picture = try Frame(width: 40, height: 30, pixelFormat: .yuv420p)
        try picture.withMutablePlanes { planes in
            for plane in planes {
                for row in 0..<plane.rows { plane.row(row).initializeMemory(as: UInt8.self, repeating: 0x40) }
            }
        }
        let shared = try picture.reference()
        try shared.withMutablePlanes { _ in }
        let copied = try Frame(width: 40, height: 30, pixelFormat: .yuv420p)
        try copied.copyPicture(from: picture)
        for frame in [shared, copied] {
            frame.withPlanes { planes in
                for plane in planes {
                    for row in 0..<plane.rows {
                        let bytes = [UInt8](UnsafeRawBufferPointer(start: plane.base + row * plane.bytesPerRow,
                                                                   count: plane.bytesPerRow))
                        #expect(bytes[..<plane.usedBytesPerRow].allSatisfy { $0 == 0x40 })
                        #expect(bytes[plane.usedBytesPerRow...].allSatisfy { $0 == 0 })
                    }
                }
            }
        }
        #expect(throws: LibAVError.self) { try copied.copyPicture(from: try Frame(width: 20, height: 30, pixelFormat: .yuv420p)) }
    }
}
