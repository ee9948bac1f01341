//! How a run ends: whether every puzzle succeeded, or why the run stopped.
//!
//! A module of its own so that every command can return these without depending on the
//! crate root, which depends on the commands.

use std::io::{self, Write};

/// Whether every puzzle of a run succeeded.
pub enum Outcome {
    AllSucceeded,
    SomeFailed,
}

impl Outcome {
    pub fn of_failures(n_failed: u64) -> Outcome {
        if n_failed == 0 {
            Outcome::AllSucceeded
        } else {
            Outcome::SomeFailed
        }
    }
}

/// Why a run stopped before its end.
pub enum Failure {
    /// Standard output was closed by its reader.
    OutputClosed,
    /// Something that stops the whole run, such as an unreadable input file.
    Fatal(String),
}

impl Failure {
    pub fn writing(error: io::Error) -> Failure {
        if error.kind() == io::ErrorKind::BrokenPipe {
            Failure::OutputClosed
        } else {
            Failure::Fatal(format!("writing the output: {error}"))
        }
    }
}

/// Writes all of `text` to standard output.
pub fn write_stdout(text: &str) -> Result<(), Failure> {
    let mut stdout = io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(Failure::writing)
}
