internal import CReframe

/// OpenCV's face cascade, HOG people detector and spectral-residual saliency, loaded once (one owner of a
/// `mb_reframe_detector`). Used from one thread at a time.
final class SubjectDetector {
    /// Where Debian's `opencv-data` puts the frontal face cascade.
    static let faceCascadePath = "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml"
    /// The most boxes one call reports.
    static let capacity = 16

    private let handle: OpaquePointer

    /// Loads the detectors; throws when the cascade file is missing or unreadable.
    init(faceCascadePath: String = SubjectDetector.faceCascadePath) throws(ReframeError) {
        var message = [CChar](repeating: 0, count: 256)
        guard let handle = mb_reframe_detector_create(faceCascadePath, &message, message.count) else {
            throw ReframeError("cannot load the subject detectors (\(faceCascadePath)): "
                               + String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.handle = handle
    }

    deinit { mb_reframe_detector_destroy(handle) }

    /// The signal's boxes in `picture`, strongest first.
    func detect(_ signal: Signal, in picture: GrayPicture) throws(ReframeError) -> [DetectedBox] {
        var boxes = [mb_reframe_box](repeating: mb_reframe_box(), count: Self.capacity)
        var message = [CChar](repeating: 0, count: 256)
        let count = picture.pixels.withUnsafeBufferPointer { pixels in
            mb_reframe_detect(handle, signal.raw, pixels.baseAddress, Int32(picture.width), Int32(picture.height),
                              Int32(picture.width), &boxes, Int32(Self.capacity), &message, message.count)
        }
        guard count >= 0 else {
            throw ReframeError("subject detection failed: "
                               + String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return boxes.prefix(Int(count)).map { box in
            DetectedBox(x: Int(box.x), y: Int(box.y), width: Int(box.width), height: Int(box.height),
                        score: Double(box.score))
        }
    }

    /// One detector.
    enum Signal {
        case faces, people, salient

        var raw: mb_reframe_signal {
            switch self {
            case .faces: MB_REFRAME_FACES
            case .people: MB_REFRAME_PEOPLE
            case .salient: MB_REFRAME_SALIENT
            }
        }
    }
}

/// A box a detector found, in analysed pixels, with its strength.
struct DetectedBox: Hashable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    var score: Double

    var centerX: Int { x + width / 2 }
    var centerY: Int { y + height / 2 }
}
