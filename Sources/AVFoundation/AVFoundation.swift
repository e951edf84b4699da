// `import AVFoundation` on Linux: everything OpenAVFoundation has (docs/openavfoundation.md, Apple's module names).
@_exported import OpenAVFoundation
