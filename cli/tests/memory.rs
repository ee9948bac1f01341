//! The tool's memory stays bounded whatever the input: a million lines, one 10 MB line, many
//! lines just under the cap. Each run's peak resident memory is read from the kernel's account
//! of that one child (`wait4`), so other tools running beside it cannot blur it.
//!
//! Linux starts a child's peak at its parent's when it is spawned (the parent's pages count
//! until `exec` replaces them), so this test process holds little: input is written and
//! output tallied in blocks of at most 64 KiB, and each test checks that this process's own
//! peak stays well under the bound, so that a peak over it is the tool's own.
#![cfg(target_os = "linux")]

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::ChildStdin;
use std::thread;

mod tool;

/// The bound docs/CLI.md states for `-j 2`: peak resident memory under 12 MiB, whatever the
/// input (measured: 4–6 MiB). Holding a 10 MB line, or a batch of a few hundred long lines,
/// would pass it.
const MAX_PEAK_KIB: u64 = 12 * 1024;

/// A 4×4 puzzle with one solution, and that solution.
const FOUR: &str = "1..2..3..4......";
const FOUR_SOLVED: &str = "1342423124133124";

/// The most bytes this test process writes at once.
const BLOCK_LEN: usize = 1 << 16;

/// What a measured run gave: its exit code, how many times each output line came, standard
/// error, and its peak resident memory.
struct Measured {
    code: i32,
    lines: BTreeMap<String, u64>,
    stderr: String,
    peak_kib: u64,
}

/// Runs the tool with `args`, its standard input written by `feed` as it is read, and
/// standard output tallied as it comes, so the test itself holds neither.
// The child is reaped by `wait4`, which clippy does not see.
#[allow(clippy::zombie_processes)]
fn run_measured(args: &[&str], feed: impl FnOnce(ChildStdin) + Send + 'static) -> Measured {
    let mut child = tool::spawn(args);
    let stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let feeder = thread::spawn(move || feed(stdin));
    let errors = thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let mut lines = BTreeMap::new();
    for line in BufReader::new(stdout).lines() {
        *lines.entry(line.expect("stdout is text")).or_insert(0) += 1;
    }
    feeder.join().expect("stdin written");
    let stderr = errors.join().expect("stderr read");
    // Reaped here rather than by `Child::wait`, to read the rusage of this child alone.
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is a valid value of that plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: the pid is our own child, not yet reaped; both pointers are to live locals.
    let pid = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as libc::pid_t, "the child was reaped");
    assert!(libc::WIFEXITED(status), "the tool exited (status {status})");
    let own_peak_kib = own_peak_kib();
    assert!(
        own_peak_kib < MAX_PEAK_KIB / 2,
        "this test process reached {own_peak_kib} KiB, too much to tell the tool's peak from \
         its own (a failing test's backtrace can do that)"
    );
    Measured {
        code: libc::WEXITSTATUS(status),
        lines,
        stderr,
        // Linux counts ru_maxrss in KiB.
        peak_kib: usage.ru_maxrss as u64,
    }
}

/// This process's own peak resident memory (`VmHWM`; its rusage would also count the peak of
/// whatever spawned it).
fn own_peak_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("a VmHWM line in kB")
}

/// Writes `line` and a line end `n` times, in blocks of at most [`BLOCK_LEN`] bytes (or one
/// line).
fn write_lines(stdin: &mut ChildStdin, line: &str, n: usize) {
    let per_block = (BLOCK_LEN / (line.len() + 1)).max(1);
    let block = format!("{line}\n").repeat(per_block);
    for _ in 0..n / per_block {
        if stdin.write_all(block.as_bytes()).is_err() {
            return;
        }
    }
    let _ = stdin.write_all(&block.as_bytes()[..(n % per_block) * (line.len() + 1)]);
}

#[test]
fn a_million_lines_take_no_more_memory_than_a_few() {
    let out = run_measured(&["solve", "-j", "2"], |mut stdin| {
        write_lines(&mut stdin, FOUR, 1_000_000)
    });
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stderr, "");
    assert_eq!(
        out.lines,
        BTreeMap::from([(FOUR_SOLVED.to_string(), 1_000_000)])
    );
    assert!(
        out.peak_kib < MAX_PEAK_KIB,
        "peak {} KiB for a million lines",
        out.peak_kib
    );
}

#[test]
fn a_10_mb_line_is_skipped_without_being_held() {
    let out = run_measured(&["solve", "-j", "2"], |mut stdin| {
        write_lines(&mut stdin, FOUR, 1);
        let ones = vec![b'1'; BLOCK_LEN];
        let mut n_left = 10_000_000;
        while n_left > 0 {
            let n = n_left.min(BLOCK_LEN);
            if stdin.write_all(&ones[..n]).is_err() {
                return;
            }
            n_left -= n;
        }
        let _ = stdin.write_all(b"\n");
        write_lines(&mut stdin, FOUR, 1);
    });
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_eq!(
        out.stderr,
        "error: line 2: too long: more than 65536 bytes, which no puzzle needs; the line was \
         skipped\n"
    );
    assert_eq!(
        out.lines,
        BTreeMap::from([(String::new(), 1), (FOUR_SOLVED.to_string(), 2)])
    );
    assert!(
        out.peak_kib < MAX_PEAK_KIB,
        "peak {} KiB for a 10 MB line",
        out.peak_kib
    );
}

#[test]
fn lines_just_under_the_cap_make_small_batches() {
    // 300 lines of 60,000 cells: read, each a wrong length, never more than a few at once.
    let n_lines = 300;
    let out = run_measured(&["count", "-j", "2"], move |mut stdin| {
        write_lines(&mut stdin, &".".repeat(60_000), n_lines)
    });
    assert_eq!(out.code, 1);
    assert_eq!(out.lines, BTreeMap::from([(String::new(), n_lines as u64)]));
    assert_eq!(
        out.stderr.matches("read 60000 cells").count(),
        n_lines,
        "{}",
        &out.stderr[..200]
    );
    assert!(
        out.peak_kib < MAX_PEAK_KIB,
        "peak {} KiB for {n_lines} lines of 60 KB",
        out.peak_kib
    );
}
