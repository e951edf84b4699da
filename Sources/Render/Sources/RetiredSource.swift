import LibAV

/// What a closed source leaves for the export's warnings: its concealed damage and its light conversion.
struct RetiredSource {
    /// The file, for warnings.
    var path: String
    /// "video" or "audio".
    var kind: String
    /// What its decoder concealed.
    var damage: DecodeDamage
    /// The colour its pictures were converted from, when they needed a light conversion.
    var lightConversion: ColorDescription?
}
