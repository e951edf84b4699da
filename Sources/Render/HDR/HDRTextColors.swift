import Composition
import LibAV

/// The code values of text colours (8-bit R'G'B', as SDR graphics are given) in an HDR output's working space,
/// through `HDRConverter.codeValues(of:)` (SDR white at HDR reference white), each colour converted once. Text is
/// then blended by the same `TextBlender` as on SDR outputs.
final class HDRTextColors {
    private let converter: HDRConverter
    private var known: [Color: (y: UInt16, cb: UInt16, cr: UInt16)] = [:]
    /// The first conversion that failed since `takeFailure()`; its colour was drawn black.
    private var failure: LibAVError?

    /// Colours converted by `converter`.
    init(converter: HDRConverter) {
        self.converter = converter
    }

    /// The working-space code values of the 8-bit colour (`red`, `green`, `blue`).
    func codes(red: UInt8, green: UInt8, blue: UInt8) -> (y: UInt16, cb: UInt16, cr: UInt16) {
        let color = Color(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255)
        if let codes = known[color] { return codes }
        do {
            let codes = try converter.codeValues(of: color)
            known[color] = codes
            return codes
        } catch {
            failure = failure ?? error
            return (y: 64 << 6, cb: 512 << 6, cr: 512 << 6)
        }
    }

    /// Throws the first failed conversion since the last call, so a picture is never handed on with a wrong colour.
    func takeFailure() throws(LibAVError) {
        if let failure {
            self.failure = nil
            throw failure
        }
    }
}
