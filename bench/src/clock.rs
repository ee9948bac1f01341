//! The thread CPU clock the benchmarks time with.

/// The CPU time this thread has used, in seconds.
pub fn thread_cpu_seconds() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the timespec it is given.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

/// Thread CPU seconds taken by `f`, and its result.
pub fn timed<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let start = thread_cpu_seconds();
    let result = std::hint::black_box(f());
    (thread_cpu_seconds() - start, result)
}
