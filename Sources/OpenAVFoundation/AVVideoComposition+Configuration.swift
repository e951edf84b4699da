import Composition
import Foundation
import MediaCore

extension AVVideoComposition {
    /// A video composition's size, rate, instructions, colour and Core Animation tool, set before it is made
    /// (`init(configuration:)`), as `AVMutableVideoComposition` sets them on the composition itself.
    public struct Configuration: Sendable {
        /// Core Animation layers an export draws over the pictures, nil for none.
        public var animationTool: AVVideoCompositionCoreAnimationTool?
        /// The colour primaries of the pictures; nil follows the sources.
        public var colorPrimaries: String?
        /// The transfer function of the pictures; nil follows the sources.
        public var colorTransferFunction: String?
        /// The Y'CbCr matrix of the pictures; nil follows the sources.
        public var colorYCbCrMatrix: String?
        /// The time between pictures.
        public var frameDuration: CMTime
        /// The instructions, laid end to end from zero.
        public var instructions: [any AVVideoCompositionInstructionProtocol]
        /// The scale of the render; only 1 is supported here.
        public var renderScale: Float
        /// The size of the pictures.
        public var renderSize: CGSize

        /// A configuration of these values; the defaults are an empty composition.
        public init(animationTool: AVVideoCompositionCoreAnimationTool? = nil, colorPrimaries: String? = nil,
                    colorTransferFunction: String? = nil, colorYCbCrMatrix: String? = nil,
                    frameDuration: CMTime = .zero, instructions: [any AVVideoCompositionInstructionProtocol] = [],
                    renderScale: Float = 1, renderSize: CGSize = .zero) {
            self.animationTool = animationTool
            self.colorPrimaries = colorPrimaries
            self.colorTransferFunction = colorTransferFunction
            self.colorYCbCrMatrix = colorYCbCrMatrix
            self.frameDuration = frameDuration
            self.instructions = instructions
            self.renderScale = renderScale
            self.renderSize = renderSize
        }

        /// A configuration fitting `asset`, as `videoComposition(withPropertiesOf:)` makes one; each instruction takes
        /// `prototypeInstruction`'s background colour and post-processing when given. Throws when the asset cannot
        /// be loaded.
        public init(for asset: AVAsset, prototypeInstruction: AVVideoCompositionInstruction? = nil) async throws {
            let contents = AVVideoComposition.contents(propertiesOf: try asset.nativeComposition())
            if let prototypeInstruction {
                for case let instruction as AVMutableVideoCompositionInstruction in contents.instructions {
                    instruction.backgroundColor = prototypeInstruction.backgroundColor
                    instruction.enablePostProcessing = prototypeInstruction.enablePostProcessing
                }
            }
            self.init(frameDuration: contents.frameDuration, instructions: contents.instructions,
                      renderSize: contents.renderSize)
        }
    }

    /// A video composition with `configuration`'s values.
    public convenience init(configuration: Configuration) {
        var contents = Contents(renderSize: configuration.renderSize, frameDuration: configuration.frameDuration,
                                instructions: configuration.instructions, renderScale: configuration.renderScale)
        contents.animationTool = configuration.animationTool
        contents.color = ColorProperties(primaries: configuration.colorPrimaries,
                                         transfer: configuration.colorTransferFunction,
                                         matrix: configuration.colorYCbCrMatrix)
        self.init(contents)
    }
}
