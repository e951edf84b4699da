// `import CoreMedia` on Linux: CMTime and the rest, from OpenAVFoundation (docs/openavfoundation.md, Apple's module
// names).
@_exported import OpenAVFoundation
