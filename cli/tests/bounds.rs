//! Every command that works on a puzzle holds its time bound by the wall clock: the slowest
//! inputs we know, each given `--max-seconds 2`, end soon after two seconds with a message
//! that names the option, whatever part of the work (a count, the count before a trace, a
//! trace, a replay) was running when time ran out. Without the bound each of them runs for
//! minutes or hours.

mod tool;

use std::io::{BufRead, BufReader, Read, Write};
use std::time::{Duration, Instant};
use tool::{run, Run};

/// The bound every case is given.
const BOUND_SECONDS: u64 = 2;

/// What a case may take past its bound: the clock is read every few milliseconds of work,
/// then the command writes what it has and exits. Generous, for a busy machine and an
/// unoptimised build; a bound that did not hold would overshoot by minutes.
const MARGIN: Duration = Duration::from_secs(8);

/// An empty 25×25 Windoku: every search on it meets dead end after dead end.
fn empty_windoku() -> String {
    format!("windoku:{}\n", ".".repeat(625))
}

/// The first grid of the committed hard big grids: a sparse 25×25 with two solutions.
fn sparse_big_grid() -> String {
    let text = include_str!("../../tests/data/big_grids_hard.txt");
    let line = text
        .lines()
        .find(|line| !line.starts_with('#') && !line.trim().is_empty())
        .expect("the collection has grids");
    let puzzle = line.split_whitespace().nth(1).expect("count, then puzzle");
    format!("{puzzle}\n")
}

/// A hard 9×9 puzzle.
const HARD: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

/// Runs a command with the bound and checks that it ended within it plus [`MARGIN`].
fn assert_bounded(args: &[&str], stdin: &str) -> Run {
    let seconds = BOUND_SECONDS.to_string();
    let mut all = args.to_vec();
    all.extend(["--max-seconds", &seconds]);
    let start = Instant::now();
    let out = run(&all, stdin);
    let took = start.elapsed();
    assert!(
        took <= Duration::from_secs(BOUND_SECONDS) + MARGIN,
        "{args:?} took {took:?} against a bound of {BOUND_SECONDS} s"
    );
    out
}

/// Runs a command that cannot end by itself within the bound: it ends within the bound plus
/// [`MARGIN`], fails (status 1), and says why in a line that names `--max-seconds`.
fn assert_stopped(args: &[&str], stdin: &str) -> Run {
    let out = assert_bounded(args, stdin);
    assert_eq!(out.code, 1, "{args:?}: {}", out.stderr);
    assert!(
        out.stderr.contains("--max-seconds"),
        "{args:?}: {}",
        out.stderr
    );
    out
}

#[test]
fn a_count_that_cannot_end_stops_at_its_time_limit() {
    let out = assert_stopped(&["count", "--limit", "4000000000"], &empty_windoku());
    assert!(
        out.stderr.contains("gave up at its time limit"),
        "{}",
        out.stderr
    );
}

#[test]
fn rate_and_explain_stop_on_an_empty_big_grid() {
    for command in ["rate", "explain"] {
        assert_stopped(&[command], &empty_windoku());
    }
}

#[test]
fn rate_and_explain_end_in_time_on_a_sparse_big_grid() {
    // Whether they finish first depends on the machine and the build; either way, in time.
    for command in ["rate", "explain"] {
        assert_bounded(&[command], &sparse_big_grid());
    }
}

#[test]
fn a_rate_of_several_puzzles_bounds_each_on_the_pool() {
    let two = format!("{}{}", empty_windoku(), empty_windoku());
    let out = assert_stopped(&["rate", "-j", "2"], &two);
    assert_eq!(
        out.stderr.matches("--max-seconds").count(),
        2,
        "{}",
        out.stderr
    );
}

#[test]
fn a_render_far_along_a_long_trace_stops() {
    // Guesses on an empty 25×25 Windoku meet dead end after dead end: the trace has far more
    // than a hundred million steps, with either strategy.
    for strategy in ["backtracking", "human"] {
        let out = assert_stopped(
            &[
                "render",
                "--strategy",
                strategy,
                "--step",
                "100000000",
                "--puzzle",
                &empty_windoku(),
            ],
            "",
        );
        assert!(out.stderr.contains("stopped at step"), "{}", out.stderr);
    }
}

#[test]
fn explain_and_render_take_max_nodes() {
    // A budget of one node leaves the count before the Human trace undecided, so the trace
    // runs without the uniqueness techniques rather than failing.
    let out = run(&["explain", "--max-nodes", "1", "--max-steps", "3"], HARD);
    assert!(
        out.stdout.contains("stopped after 3 steps"),
        "{}",
        out.stdout
    );
    let out = run(
        &[
            "render",
            "--what",
            "solution",
            "--max-nodes",
            "1",
            "--puzzle",
            HARD,
        ],
        "",
    );
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains("see --max-nodes") || out.stderr.contains("undecided"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_finished_line_is_written_while_later_ones_are_still_worked_on() {
    // A file (not a terminal, so not line by line for a person typing): an easy puzzle, then
    // one that takes the whole bound. The first rating reaches the reader while the second
    // is still going.
    let mut child = tool::spawn(&["rate", "-j", "1", "--max-seconds", "120", "-"]);
    let mut stdin = child.stdin.take().expect("piped");
    let easy =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    stdin
        .write_all(format!("{easy}{}", empty_windoku()).as_bytes())
        .expect("the tool reads its input");
    drop(stdin);
    let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
    let mut first = String::new();
    stdout.read_line(&mut first).expect("the tool writes");
    // Stopped now, the tool leaves nothing more: the second line was not written with the
    // first, at the end.
    let _ = child.kill();
    let _ = child.wait();
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).expect("the pipe reads");
    assert!(first.starts_with(|c: char| c.is_ascii_digit()), "{first:?}");
    assert_eq!(rest, "", "the first line came only with the second");
}

#[cfg(target_os = "linux")]
#[test]
fn interrupted_with_ctrl_c_every_line_finished_in_order_is_there() {
    // Three easy puzzles, one that takes the whole bound, three more easy ones, on two
    // threads. Once the first three ratings are read, Ctrl+C (SIGINT): each of the three is
    // a whole line, in input order; the ratings of the last three, finished but behind the
    // slow one, never come out of order.
    let easy =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    let input = format!("{easy}{HARD}\n{easy}{}{easy}{easy}{easy}", empty_windoku());
    let mut child = tool::spawn(&[
        "rate",
        "--format",
        "jsonl",
        "-j",
        "2",
        "--max-seconds",
        "120",
        "-",
    ]);
    let mut stdin = child.stdin.take().expect("piped");
    stdin.write_all(input.as_bytes()).expect("the tool reads");
    drop(stdin);
    let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
    let mut read = Vec::new();
    for _ in 0..3 {
        let mut line = String::new();
        stdout.read_line(&mut line).expect("the tool writes");
        read.push(line);
    }
    let pid = i32::try_from(child.id()).expect("a pid");
    // SAFETY: kill(2) with the pid of a child this test spawned and has not waited for.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
    let status = child.wait().expect("the tool ends");
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).expect("the pipe reads");
    read.extend(rest.lines().map(|line| format!("{line}\n")));
    assert!(!status.success(), "interrupted: {status:?}");
    for (k, line) in read.iter().enumerate() {
        assert!(line.ends_with('\n'), "line {k} is whole: {line:?}");
        let rating: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        assert_eq!(rating["line"], k + 1, "in input order: {line}");
    }
    assert!(read.len() <= 3, "nothing past the slow puzzle: {read:?}");
}
