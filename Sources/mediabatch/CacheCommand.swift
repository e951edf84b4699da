import Foundation
import MediaBatch
import MediaCore
import Report

/// `cache`: what the cache folder holds, or, with `--clear`, its kept segments removed.
enum CacheCommand {
    static func run(_ invocation: Invocation, version: String, console: Console) -> Int32 {
        let downloads = DownloadOptions(invocation)
        let folder = downloads.cacheDirectory
        // A folder no run has kept segments in is not made by looking at it.
        let kept = FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("segments"))
        let store = kept ? SegmentStore(cacheDirectory: folder, toolVersion: version, byteLimit: 0) : nil
        if invocation.clear { return clear(store, folder: folder, json: invocation.json, console: console) }
        let contents = store?.contents() ?? SegmentStore.Contents()
        let sources = downloads.downloadedSources()
        if invocation.json {
            var fields: [String: Any] = [
                "folder": folder, "segments": contents.entries, "segmentBytes": contents.bytes,
                "segmentsOfThisBuild": contents.entriesOfThisBuild, "segmentBytesOfThisBuild": contents.bytesOfThisBuild,
                "downloads": sources.files, "downloadBytes": sources.bytes,
            ]
            if let used = contents.lastUsed { fields["lastUsed"] = ISO8601DateFormatter().string(from: used) }
            if let used = contents.leastRecentlyUsed { fields["leastRecentlyUsed"] = ISO8601DateFormatter().string(from: used) }
            console.output(json(fields))
            return 0
        }
        console.output(lines(folder: folder, contents: contents, sources: sources).joined(separator: "\n"))
        if let notice = store?.notice { console.error("mediabatch: warning: " + TerminalText.escaped(notice)) }
        return 0
    }

    /// Removes `store`'s entries (none without a store) and says how many went; 73 when the folder cannot be written.
    private static func clear(_ store: SegmentStore?, folder: String, json asJSON: Bool, console: Console) -> Int32 {
        let removed: (entries: Int, bytes: Int)
        do {
            removed = try store?.removeAll() ?? (0, 0)
        } catch {
            console.error("mediabatch: error: cannot remove the kept segments of '\(TerminalText.escaped(folder))': "
                          + "the folder cannot be written")
            return 73
        }
        if asJSON {
            console.output(json(["folder": folder, "removedSegments": removed.entries, "removedBytes": removed.bytes]))
        } else {
            let segments = "\(removed.entries) kept segment\(removed.entries == 1 ? "" : "s")"
            console.output("removed \(segments) (\(ReportText.bytes(Int64(removed.bytes)))) from "
                           + "\(TerminalText.escaped(folder)); downloaded sources stay")
        }
        return 0
    }

    /// The text summary of a cache folder.
    static func lines(folder: String, contents: SegmentStore.Contents,
                      sources: (files: Int, bytes: Int)) -> [String] {
        var lines = ["cache folder  \(TerminalText.escaped(folder))"]
        if contents.entries == 0 {
            lines.append("segments      none kept")
        } else {
            var line = "segments      \(contents.entries) kept, \(ReportText.bytes(Int64(contents.bytes)))"
            if let last = contents.lastUsed, let least = contents.leastRecentlyUsed {
                line += "; last used \(timestamp(last)), least recently \(timestamp(least))"
            }
            lines.append(line)
            let others = contents.entries - contents.entriesOfThisBuild
            lines.append("              \(contents.entriesOfThisBuild) made by this build of mediabatch"
                         + (others == 0 ? "" : "; \(others) by other builds or codec libraries (not read by this one)"))
        }
        lines.append("downloads     " + (sources.files == 0 ? "none kept"
            : "\(sources.files) source file\(sources.files == 1 ? "" : "s"), \(ReportText.bytes(Int64(sources.bytes)))"))
        return lines
    }

    /// `2026-12-06 06:20 UTC`.
    private static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }

    /// `fields` as one line of JSON with sorted keys.
    private static func json(_ fields: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
