import Foundation
public import MediaCore

/// Fonts the manifest names: font files read once each, and families checked against what fontconfig has.
extension SourceCatalog {
    /// The first face of the font file at `path`, read once (`displayPath` names it in messages); nil without a
    /// font probe.
    public func fontFace(_ path: String, displayPath: String) -> Result<FontFace, SourceProblem>? {
        lock.withLock {
            guard let fonts else { return nil }
            if let known = fontFiles[path] { return known }
            let result: Result<FontFace, SourceProblem>
            if let refusal = LocalFile.refusal(of: path) {
                result = .failure(SourceProblem(stage: "load",
                                                message: "font file '\(displayPath)' \(refusal) (resolved to '\(path)')"))
            } else {
                do {
                    result = .success(try fonts.face(inFile: path))
                } catch {
                    result = .failure(SourceProblem(stage: "load", message: "font file '\(displayPath)' cannot be read as a font; give a TrueType (.ttf), OpenType (.otf) or collection (.ttc) file"))
                }
            }
            fontFiles[path] = result
            return result
        }
    }

    /// The installed spelling of `family`, or a problem naming it with the families that exist; nil without a
    /// font probe.
    public func fontFamily(_ family: String) -> Result<String, SourceProblem>? {
        lock.withLock {
            guard let fonts else { return nil }
            if installedFamilies == nil {
                do {
                    installedFamilies = .success(FontFamilies(try fonts.installedFamilies()))
                } catch {
                    installedFamilies = .failure(SourceProblem(stage: "load", message: "cannot list the installed fonts: \(error)"))
                }
            }
            switch installedFamilies {
            case .success(let families):
                guard let name = families.installedName(of: family) else {
                    return .failure(SourceProblem(stage: "load", message: families.unknownFamilyMessage(family)))
                }
                return .success(name)
            case .failure(let problem):
                return .failure(problem)
            case nil:
                return nil
            }
        }
    }
}
