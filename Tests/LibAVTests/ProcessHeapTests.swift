#if canImport(Glibc)
import Glibc
@testable import LibAV
import Testing

/// The process's heap as the codecs see it (`ProcessHeap`).
@Suite struct ProcessHeapTests {
    typealias Memalign = @convention(c) (Int, Int) -> UnsafeMutableRawPointer?

    /// The `memalign` the dynamic linker binds a library's calls to: the first in the process's global scope.
    static func codecsMemalign() throws -> Memalign {
        unsafeBitCast(try #require(dlsym(nil, "memalign")), to: Memalign.self)
    }

    /// The codecs' `memalign` calls bind to the executable's own, not to the C library's: a lookup in the process's
    /// global scope, as the dynamic linker makes for libx264, finds a different function than libc's.
    @Test func theCodecsMemalignIsTheProcesss() throws {
        #expect(ProcessHeap.isConfigured)
        let libc = try #require(dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD))
        defer { dlclose(libc) }
        let own = try #require(dlsym(nil, "memalign"))
        let glibc = try #require(dlsym(libc, "memalign"))
        #expect(own != glibc)
    }

    /// A block freed full of garbage and handed out again by `memalign` comes back zeroed. Other tests allocate in
    /// the same arenas at the same time, so the request (the freed block's size, which glibc serves from a free chunk
    /// of exactly that size first) is retried until it gets the freed block back; every answer must be zero.
    @Test(arguments: [4 * 1024, 40 * 1024])
    func recycledAlignedMemoryIsZeroed(bytes: Int) throws {
        #expect(ProcessHeap.isConfigured)
        let memalign = try Self.codecsMemalign()
        var recycled = false
        for _ in 0..<50 where !recycled {
            let block = try #require(malloc(bytes))
            let fence = malloc(64)
            defer { free(fence) }
            memset(block, 0xA5, bytes)
            free(block)
            let memory = try #require(memalign(16, bytes))
            defer { free(memory) }
            recycled = memory == block
            let view = UnsafeRawBufferPointer(start: memory, count: bytes)
            let dirty = view.reduce(0) { $0 + ($1 == 0 ? 0 : 1) }
            #expect(dirty == 0, "\(dirty) of \(bytes) bytes not zero (the freed block: \(recycled))")
        }
        // The test means something only when the freed block came back.
        #expect(recycled, "the freed block never came back")
    }
}
#endif
