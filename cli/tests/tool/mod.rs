//! Runs the built `stepdoku` as a user does: arguments, standard input, and what comes out.
//!
//! Each test crate of `cli/tests/` uses only some of these helpers.
#![allow(dead_code)]

use serde_json::Value;
use std::io::Write;
use std::process::{Child, Command, Stdio};

/// What a run of the tool gave.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

impl Run {
    /// The lines of standard output.
    pub fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }
}

/// Starts the command-line tool with arguments, its standard input, output and error piped.
pub fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_stepdoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Runs the command-line tool with arguments, feeding `stdin` to it.
pub fn run(args: &[&str], stdin: &str) -> Run {
    run_bytes(args, stdin.as_bytes())
}

/// Runs the command-line tool with arguments, feeding it bytes that need not be text.
pub fn run_bytes(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = spawn(args);
    let mut input = child.stdin.take().expect("stdin");
    let stdin = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().expect("the binary ends");
    feeder.join().expect("stdin written");
    Run {
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
        code: output.status.code().expect("an exit code"),
    }
}

/// Every JSON object the tool printed, one a line.
pub fn json_of(out: &Run) -> Vec<Value> {
    out.stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// The `(cell, digit)` of every change of a step with the operation `op` (`place`,
/// `eliminate`…); a step without changes has none.
pub fn changes_with_op(step: &Value, op: &str) -> Vec<(usize, u8)> {
    step["changes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|c| c["op"] == op)
        .map(|c| {
            (
                c["cell"].as_u64().unwrap() as usize,
                c["digit"].as_u64().unwrap() as u8,
            )
        })
        .collect()
}
