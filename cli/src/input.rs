//! Where puzzles come from, and reading them line by line in bounded memory.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, Read};
use std::path::PathBuf;

use crate::outcome::Failure;

/// The longest line read whole, the core's cap on puzzle text (64 KiB): of a longer line at
/// most this many bytes (and one more) are held; the rest is skipped unread and the line
/// reported as too long, so a binary file or a file without line ends cannot exhaust memory.
pub const MAX_LINE_BYTES: usize = stepdoku::grid::MAX_TEXT_LEN;

/// Why a line longer than [`MAX_LINE_BYTES`] is not read, after "error: line N: ".
pub fn too_long_message() -> String {
    format!(
        "too long: more than {MAX_LINE_BYTES} bytes, which no puzzle needs; the line was skipped"
    )
}

/// Where the puzzles are.
pub enum Input {
    Stdin,
    File(PathBuf),
    /// A puzzle given on the command line (`render --puzzle TEXT`).
    Text(String),
}

impl Input {
    /// The input a FILE operand names: standard input when it is `-` or absent.
    pub fn from_operand(operand: Option<PathBuf>) -> Input {
        match operand {
            Some(path) if path.as_os_str() != "-" => Input::File(path),
            _ => Input::Stdin,
        }
    }
}

/// An input opened for reading.
pub struct Opened {
    pub reader: Box<dyn BufRead>,
    /// Its size in bytes, when known (for the progress bar).
    pub size: Option<u64>,
    /// Its name in messages: the file, "standard input" or "--puzzle".
    pub name: String,
}

pub fn open_input(input: &Input) -> Result<Opened, Failure> {
    Ok(match input {
        Input::Stdin => Opened {
            reader: Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
            size: None,
            name: "standard input".to_string(),
        },
        Input::File(path) => {
            let name = path.display().to_string();
            let file = File::open(path)
                .map_err(|e| Failure::Fatal(format!("cannot open '{name}': {e}")))?;
            let size = file
                .metadata()
                .ok()
                .filter(|m| m.is_file())
                .map(|m| m.len());
            Opened {
                reader: Box::new(BufReader::with_capacity(1 << 16, file)),
                size,
                name,
            }
        }
        Input::Text(text) => Opened {
            reader: Box::new(Cursor::new(text.clone().into_bytes())),
            size: Some(text.len() as u64),
            name: "--puzzle".to_string(),
        },
    })
}

/// Reads the input line by line into caller-owned buffers, counting lines and bytes.
pub struct LineReader {
    reader: Box<dyn BufRead>,
    pub name: String,
    /// The lines read so far, so the 1-based number of the last one.
    pub n_lines: u64,
    pub n_bytes: u64,
}

/// A line read by [`LineReader::read_line`].
pub enum LineRead {
    /// The line was appended to the buffer, without its line end.
    Whole,
    /// The line was longer than [`MAX_LINE_BYTES`]; nothing was appended, and the rest of the
    /// line was skipped without being held.
    TooLong,
}

impl LineReader {
    pub fn new(reader: Box<dyn BufRead>, name: String) -> LineReader {
        LineReader {
            reader,
            name,
            n_lines: 0,
            n_bytes: 0,
        }
    }

    /// Appends the next line to `buf` without its `\n` or `\r\n`; `None` at the end.
    pub fn read_line(&mut self, buf: &mut Vec<u8>) -> Result<Option<LineRead>, Failure> {
        let start = buf.len();
        let n_read = (&mut self.reader)
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', buf)
            .map_err(|e| self.reading_error(e))?;
        if n_read == 0 {
            return Ok(None);
        }
        self.n_lines += 1;
        self.n_bytes += n_read as u64;
        if buf.last() == Some(&b'\n') {
            buf.pop();
        } else if n_read > MAX_LINE_BYTES {
            buf.truncate(start);
            self.skip_rest_of_line()?;
            return Ok(Some(LineRead::TooLong));
        }
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
        if self.n_lines == 1 && buf[start..].starts_with("\u{feff}".as_bytes()) {
            buf.drain(start..start + 3);
        }
        Ok(Some(LineRead::Whole))
    }

    fn skip_rest_of_line(&mut self) -> Result<(), Failure> {
        loop {
            let available = match self.reader.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.reading_error(e)),
            };
            if available.is_empty() {
                return Ok(());
            }
            let (n_used, is_end) = match available.iter().position(|&b| b == b'\n') {
                Some(at) => (at + 1, true),
                None => (available.len(), false),
            };
            self.reader.consume(n_used);
            self.n_bytes += n_used as u64;
            if is_end {
                return Ok(());
            }
        }
    }

    fn reading_error(&self, error: io::Error) -> Failure {
        Failure::Fatal(format!("reading {}: {error}", self.name))
    }
}

/// The part of a line that holds a puzzle: the text before any `#`, or `None` for a blank or
/// comment-only line. An f-puzzles JSON line (its first character that is not a space is
/// `{`) is taken whole, as its colours hold `#`.
pub fn puzzle_part(line: &[u8]) -> Option<&[u8]> {
    if line.trim_ascii_start().starts_with(b"{") {
        return Some(line);
    }
    let content = match line.iter().position(|&b| b == b'#') {
        Some(at) => &line[..at],
        None => line,
    };
    (!content.iter().all(u8::is_ascii_whitespace)).then_some(content)
}
