// `import CoreGraphics` on Linux: the geometry (Foundation's CGFloat, CGPoint, CGSize, CGRect and this library's
// CGAffineTransform and CGImage), from OpenAVFoundation (docs/openavfoundation.md, Apple's module names).
@_exported import OpenAVFoundation
