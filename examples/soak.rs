//! The soak harness: feeds the fuzz targets of `tests/fuzz/` (parse, verdict, count, each
//! strategy stepped, pencil marks, set a cell) with mutated corpus files and random puzzles,
//! round-robin, for a time or an input budget, and checks their oracles on every input.
//!
//! ```text
//! cargo run --release --example soak -- --seconds 60 --seed 123
//! cargo run --release --example soak -- --inputs 10000 --seed 7
//! cargo run --release --example soak -- --replay target/soak/failure-count-seed7.txt
//! ```
//!
//! It prints one summary line, such as `soak: 12,345 inputs in 60 s (parse 1,544/1,201
//! checked, …), 0 failures, seed 123`. On a failure it shrinks the input (deleting what it
//! can while the same target still fails), prints the target, the message and the input,
//! writes the input to `--out` (default `target/soak/`), and exits with status 1. An input
//! that runs longer than `--max-input-seconds` (default 300) counts as a failure too. The
//! inputs depend only on the seed, so a run repeats; without `--seed` it takes one from the
//! clock and prints it. Inputs slower than `--report-slow` seconds (default 10) are printed
//! to stderr as they pass.

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "../tests/fuzz/mod.rs"]
mod fuzz;

use fuzz::{Inputs, Outcome, Target};
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the command line asks for.
struct Options {
    seconds: Option<u64>,
    max_inputs: Option<u64>,
    seed: u64,
    out: PathBuf,
    replay: Option<PathBuf>,
    target: Option<Target>,
    max_input_seconds: u64,
    report_slow_seconds: f64,
}

const USAGE: &str = "usage: soak [--seconds N] [--inputs N] [--seed S] [--target NAME] \
[--out DIR] [--max-input-seconds N] [--report-slow SECONDS] | soak --replay FILE [--target NAME]";

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        seconds: None,
        max_inputs: None,
        seed: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64 % 1_000_000_000),
        out: PathBuf::from("target/soak"),
        replay: None,
        target: None,
        max_input_seconds: 300,
        report_slow_seconds: 10.0,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || {
            args.next()
                .ok_or_else(|| format!("{flag} needs a value. {USAGE}"))
        };
        let number = |text: String| {
            text.replace('_', "")
                .parse::<u64>()
                .map_err(|_| format!("{flag} takes a whole number, not {text:?}."))
        };
        match flag.as_str() {
            "--seconds" => options.seconds = Some(number(value()?)?),
            "--inputs" => options.max_inputs = Some(number(value()?)?),
            "--seed" => options.seed = number(value()?)?,
            "--max-input-seconds" => options.max_input_seconds = number(value()?)?,
            "--report-slow" => {
                let text = value()?;
                options.report_slow_seconds = text
                    .parse()
                    .map_err(|_| format!("{flag} takes a number of seconds, not {text:?}."))?;
            }
            "--out" => options.out = PathBuf::from(value()?),
            "--replay" => options.replay = Some(PathBuf::from(value()?)),
            "--target" => {
                let name = value()?;
                let names: Vec<&str> = Target::ALL.iter().map(|t| t.name()).collect();
                options.target = Some(Target::from_name(&name).ok_or_else(|| {
                    format!("No target {name:?}: choose one of {}.", names.join(", "))
                })?);
            }
            "--help" | "-h" => return Err(USAGE.to_string()),
            _ => return Err(format!("Unknown option {flag:?}. {USAGE}")),
        }
    }
    if options.seconds.is_none() && options.max_inputs.is_none() {
        options.seconds = Some(60);
    }
    Ok(options)
}

/// The message and place of the last panic, kept by the panic hook instead of printed.
static LAST_PANIC: Mutex<String> = Mutex::new(String::new());

/// Runs a target, turning a panic into its message.
fn run_caught(target: Target, input: &[u8]) -> Result<Outcome, String> {
    panic::catch_unwind(AssertUnwindSafe(|| target.run(input)))
        .map_err(|_| LAST_PANIC.lock().map(|m| m.clone()).unwrap_or_default())
}

/// The input being run, and since when: what the watchdog reports if it runs too long.
type Current = Arc<Mutex<Option<(Instant, Target, Vec<u8>)>>>;

fn main() -> ExitCode {
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    if let Some(path) = &options.replay {
        return replay(path, options.target);
    }
    panic::set_hook(Box::new(|info| {
        if let Ok(mut last) = LAST_PANIC.lock() {
            *last = info.to_string();
        }
    }));
    let corpus: Vec<Vec<u8>> = fuzz::corpus().into_iter().map(|(_, b)| b).collect();
    let mut inputs = Inputs::new(options.seed, corpus);
    let targets: Vec<Target> = match options.target {
        Some(target) => vec![target],
        None => Target::ALL.to_vec(),
    };
    let current: Current = Arc::new(Mutex::new(None));
    start_watchdog(&options, current.clone());

    let start = Instant::now();
    let deadline = options.seconds.map(|s| start + Duration::from_secs(s));
    let mut n_tried = vec![0u64; targets.len()];
    let mut n_checked = vec![0u64; targets.len()];
    let mut slowest = (Duration::ZERO, targets[0]);
    let mut n_inputs = 0u64;
    while options.max_inputs.is_none_or(|max| n_inputs < max)
        && deadline.is_none_or(|d| Instant::now() < d)
    {
        let target_idx = (n_inputs % targets.len() as u64) as usize;
        let target = targets[target_idx];
        let input = inputs.next_input();
        let began = Instant::now();
        *current.lock().unwrap() = Some((began, target, input.clone()));
        let result = run_caught(target, &input);
        *current.lock().unwrap() = None;
        if began.elapsed().as_secs_f64() > options.report_slow_seconds {
            eprintln!(
                "soak: slow input, {:.2} s in {}: {:?}",
                began.elapsed().as_secs_f64(),
                target.name(),
                String::from_utf8_lossy(&input)
            );
        }
        if began.elapsed() > slowest.0 {
            slowest = (began.elapsed(), target);
        }
        n_inputs += 1;
        n_tried[target_idx] += 1;
        match result {
            Ok(Outcome::Checked) => n_checked[target_idx] += 1,
            Ok(_) => {}
            Err(message) => {
                eprintln!(
                    "soak: {} inputs passed in {} s before this one",
                    thousands(n_inputs - 1),
                    start.elapsed().as_secs()
                );
                return report_failure(&options, target, &input, &message);
            }
        }
    }
    let per_target: Vec<String> = targets
        .iter()
        .enumerate()
        .map(|(i, t)| {
            format!(
                "{} {}/{} checked",
                t.name(),
                thousands(n_tried[i]),
                thousands(n_checked[i])
            )
        })
        .collect();
    println!(
        "soak: {} inputs in {} s ({}), 0 failures, seed {}; slowest input {:.2} s ({})",
        thousands(n_inputs),
        start.elapsed().as_secs(),
        per_target.join(", "),
        options.seed,
        slowest.0.as_secs_f64(),
        slowest.1.name()
    );
    ExitCode::SUCCESS
}

/// Reports an input that runs past `--max-input-seconds` and ends the process: such an input
/// would hang the page or the command line.
fn start_watchdog(options: &Options, current: Current) {
    let limit = Duration::from_secs(options.max_input_seconds);
    let out = options.out.clone();
    let seed = options.seed;
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_millis(500));
        let Some((began, target, input)) = current.lock().map(|c| c.clone()).unwrap_or(None) else {
            continue;
        };
        if began.elapsed() > limit {
            let message = format!("still running after {} s", limit.as_secs());
            let path = save(&out, target, seed, &input);
            print_failure(target, &input, &message, &path, seed);
            std::process::exit(1);
        }
    });
}

/// Shrinks a failing input, saves it, prints it, and gives the failing exit status.
fn report_failure(options: &Options, target: Target, input: &[u8], message: &str) -> ExitCode {
    eprintln!(
        "soak: {} failed on an input of {} bytes; shrinking it",
        target.name(),
        input.len()
    );
    let small = shrink(target, input);
    let message = match run_caught(target, &small) {
        Err(small_message) => small_message,
        Ok(_) => message.to_string(),
    };
    let path = save(&options.out, target, options.seed, &small);
    print_failure(target, &small, &message, &path, options.seed);
    ExitCode::FAILURE
}

fn print_failure(target: Target, input: &[u8], message: &str, path: &Path, seed: u64) {
    println!(
        "soak: FAILURE in target {}, seed {seed}\n  {message}\n  input ({} bytes): {:?}\n  \
         saved to {}; replay with: cargo run --release --example soak -- --replay {} \
         --target {}",
        target.name(),
        input.len(),
        String::from_utf8_lossy(input),
        path.display(),
        path.display(),
        target.name()
    );
}

/// Writes a failing input to `out`, returning its path.
fn save(out: &Path, target: Target, seed: u64, input: &[u8]) -> PathBuf {
    let path = out.join(format!("failure-{}-seed{seed}.txt", target.name()));
    if let Err(error) = std::fs::create_dir_all(out).and_then(|()| std::fs::write(&path, input)) {
        eprintln!("soak: could not write {}: {error}", path.display());
    }
    path
}

/// Tries at most this many smaller inputs when shrinking.
const MAX_SHRINK_TRIES: usize = 2_000;

/// Spends at most this long shrinking.
const MAX_SHRINK_TIME: Duration = Duration::from_secs(60);

/// A smaller input on which the target still fails: chunks deleted, halves first, while the
/// failure stays.
fn shrink(target: Target, input: &[u8]) -> Vec<u8> {
    let began = Instant::now();
    let mut best = input.to_vec();
    let mut n_tries = 0;
    let mut chunk = (best.len() / 2).max(1);
    loop {
        let mut has_shrunk = false;
        let mut at = 0;
        while at < best.len() && n_tries < MAX_SHRINK_TRIES && began.elapsed() < MAX_SHRINK_TIME {
            let mut smaller = best.clone();
            smaller.drain(at..(at + chunk).min(best.len()));
            n_tries += 1;
            if run_caught(target, &smaller).is_err() {
                best = smaller;
                has_shrunk = true;
            } else {
                at += chunk;
            }
        }
        if n_tries >= MAX_SHRINK_TRIES || began.elapsed() >= MAX_SHRINK_TIME {
            return best;
        }
        if !has_shrunk {
            if chunk == 1 {
                return best;
            }
            chunk /= 2;
        }
    }
}

/// Runs one saved input through one target or all, printing what each did.
fn replay(path: &Path, only: Option<Target>) -> ExitCode {
    let input = match std::fs::read(path) {
        Ok(input) => input,
        Err(error) => {
            eprintln!("Cannot read {}: {error}", path.display());
            return ExitCode::from(2);
        }
    };
    let targets = only.map_or(Target::ALL.to_vec(), |t| vec![t]);
    let mut n_failures = 0;
    for target in targets {
        // The default panic hook prints the message and place.
        match panic::catch_unwind(|| target.run(&input)) {
            Ok(outcome) => println!("{}: passed ({outcome:?})", target.name()),
            Err(_) => {
                println!("{}: FAILED", target.name());
                n_failures += 1;
            }
        }
    }
    if n_failures > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// A count with commas between thousands: 12,345.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}
