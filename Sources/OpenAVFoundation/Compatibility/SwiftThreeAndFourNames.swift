import Foundation

// The names Swift 3 and 4 gave AVFoundation's types and constants before Swift 4.2 nested and typed them, so code of
// that time builds (docs/openavfoundation.md, Swift 3 and 4 names).

/// Swift 4's name of `AVAssetExportSession.Status`.
public typealias AVAssetExportSessionStatus = AVAssetExportSession.Status
/// Swift 4's name of `AVAssetImageGenerator.Result`.
public typealias AVAssetImageGeneratorResult = AVAssetImageGenerator.Result

/// Swift 3's name of `AVMediaType.video`.
public let AVMediaTypeVideo = AVMediaType.video
/// Swift 3's name of `AVMediaType.audio`.
public let AVMediaTypeAudio = AVMediaType.audio
/// Swift 3's name of `AVMediaType.subtitle`.
public let AVMediaTypeSubtitle = AVMediaType.subtitle
/// Swift 3's name of `AVMediaType.text`.
public let AVMediaTypeText = AVMediaType.text

/// Swift 3's name of `AVFileType.mp4`.
public let AVFileTypeMPEG4 = AVFileType.mp4
/// Swift 3's name of `AVFileType.mov`.
public let AVFileTypeQuickTimeMovie = AVFileType.mov
/// Swift 3's name of `AVFileType.m4v`.
public let AVFileTypeAppleM4V = AVFileType.m4v
/// Swift 3's name of `AVFileType.m4a`.
public let AVFileTypeAppleM4A = AVFileType.m4a
