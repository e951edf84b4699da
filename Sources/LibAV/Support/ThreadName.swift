internal import CFFmpeg

/// The name the system shows for a thread (`top -H`, `perf`, `/proc/PID/task/*/comm`).
public enum ThreadName {
    /// Names the calling thread `name` (the system keeps its first 15 bytes). Foundation's `Thread.name` is not
    /// passed on to the system on Linux.
    public static func setCurrent(_ name: String) {
        mb_name_current_thread(name)
    }
}
