//! The f-puzzles JSON a shared link carries: f-puzzles' own links (`…/?load=DATA`) and
//! SudokuPad's links to an f-puzzles puzzle (`…/fpuzzlesDATA`, or `?puzzle=fpuzzlesDATA`),
//! where `DATA` is the JSON packed by [`crate::lzstring`]. The link may be percent-encoded,
//! and a `+` that a form decoder turned into a space is read as a `+` again.

use crate::lzstring::{unpack_base64, UnpackError};

/// The packed puzzle of a link, as written in it: `None` when the text is not such a link.
pub fn packed_puzzle(text: &str) -> Option<&str> {
    let text = text.trim();
    if let Some(at) = find_parameter(text, "load=") {
        return Some(until_next_parameter(&text[at..]));
    }
    let at = text.find("fpuzzles")? + "fpuzzles".len();
    // SudokuPad: `fpuzzles` right after the address's slash or a `puzzle=` parameter.
    let before = &text[..at - "fpuzzles".len()];
    (before.ends_with('/') || before.ends_with("puzzle="))
        .then(|| until_next_parameter(&text[at..]))
}

/// The f-puzzles JSON a link carries, or why it could not be unpacked; `None` when the text
/// is not such a link.
pub fn json_of_link(text: &str) -> Option<Result<String, UnpackError>> {
    packed_puzzle(text).map(|packed| unpack_base64(&percent_decoded(packed)))
}

/// Where the value of a parameter such as `load=` starts, when the text has one after a `?`,
/// `&` or `#`.
fn find_parameter(text: &str, name: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = text[from..].find(name) {
        let at = from + found;
        if at > 0 && matches!(text.as_bytes()[at - 1], b'?' | b'&' | b'#') {
            return Some(at + name.len());
        }
        from = at + name.len();
    }
    None
}

/// A parameter's value: up to the next `&` or `#`.
fn until_next_parameter(value: &str) -> &str {
    value.split(['&', '#']).next().unwrap_or("")
}

/// The text with `%XX` escapes decoded and spaces read as `+` (the packed form has no
/// spaces); an escape that is not two hex digits stays as written.
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (b' ', _) => {
                out.push(b'+');
                i += 1;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lzstring::pack_base64;

    #[test]
    fn the_packed_puzzle_of_each_kind_of_link() {
        let json = r#"{"size":4,"grid":[]}"#;
        let packed = pack_base64(json);
        for link in [
            format!("https://www.f-puzzles.com/?load={packed}"),
            format!("f-puzzles.com/?title=x&load={packed}&other=1"),
            format!("https://sudokupad.app/fpuzzles{packed}"),
            format!("https://sudokupad.app/?puzzle=fpuzzles{packed}#setting"),
            format!("  https://www.f-puzzles.com/?load={packed}  "),
        ] {
            assert_eq!(packed_puzzle(&link), Some(packed.as_str()), "{link}");
            assert_eq!(json_of_link(&link), Some(Ok(json.to_string())), "{link}");
        }
        // Percent-encoded, and with its + turned into spaces.
        let encoded = packed
            .replace('+', "%2B")
            .replace('/', "%2F")
            .replace('=', "%3D");
        let link = format!("https://www.f-puzzles.com/?load={encoded}");
        assert_eq!(json_of_link(&link), Some(Ok(json.to_string())));
        let spaced = format!(
            "https://www.f-puzzles.com/?load={}",
            packed.replace('+', " ")
        );
        assert_eq!(json_of_link(&spaced), Some(Ok(json.to_string())));
    }

    #[test]
    fn other_text_is_no_link() {
        for text in [
            "850002400720000009004000000000107002305000900040000000000080070017000000000036040",
            "https://www.sudokuwiki.org/sudoku.htm?bd=1234",
            "reload=abc",
            "{\"size\": 9}",
            "myfpuzzlesABC",
        ] {
            assert_eq!(packed_puzzle(text), None, "{text}");
        }
    }
}
