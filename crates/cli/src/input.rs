//! Reading lines typed or piped by people and other programs, whatever they send.

use std::io::{self, BufRead};

/// The longest input line kept; the rest of a longer line is read and dropped.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    Text(String),
    /// Bytes that are not UTF-8 (answered with an error; the session goes on).
    NotUtf8,
    /// Longer than [`MAX_LINE_BYTES`]: its length in bytes, the content dropped.
    TooLong(usize),
}

impl Line {
    /// The text, or the sentence that says why there is none.
    pub fn text(self) -> Result<String, String> {
        match self {
            Line::Text(t) => Ok(t),
            Line::NotUtf8 => Err("the line is not UTF-8 text: nothing was done".into()),
            Line::TooLong(n) => Err(format!(
                "the line is {n} bytes long (at most {MAX_LINE_BYTES}): nothing was done"
            )),
        }
    }
}

/// Reads the next line (without its line ending), or `None` at the end of input. Memory stays
/// bounded by [`MAX_LINE_BYTES`] however long the line.
pub fn read_line(input: &mut impl BufRead) -> io::Result<Option<Line>> {
    let mut kept = Vec::new();
    let mut total = 0usize;
    let mut saw_any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            if !saw_any {
                return Ok(None);
            }
            break;
        }
        saw_any = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        total += part.len();
        if kept.len() < MAX_LINE_BYTES {
            let room = MAX_LINE_BYTES - kept.len();
            kept.extend_from_slice(&part[..part.len().min(room)]);
        }
        let used = done.unwrap_or(chunk.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if total > MAX_LINE_BYTES {
        return Ok(Some(Line::TooLong(total)));
    }
    if kept.last() == Some(&b'\r') {
        kept.pop();
    }
    Ok(Some(match String::from_utf8(kept) {
        Ok(t) => Line::Text(t),
        Err(_) => Line::NotUtf8,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<Line> {
        let mut input = io::BufReader::with_capacity(7, bytes);
        std::iter::from_fn(|| read_line(&mut input).unwrap()).collect()
    }

    #[test]
    fn lines_bad_bytes_and_huge_lines_are_told_apart() {
        let mut input = b"QS\r\n\xff\xfe\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE_BYTES + 10));
        input.extend(b"\npass");
        assert_eq!(
            lines(&input),
            [
                Line::Text("QS".into()),
                Line::NotUtf8,
                Line::TooLong(MAX_LINE_BYTES + 10),
                Line::Text("pass".into())
            ]
        );
        assert!(lines(b"").is_empty());
        assert_eq!(lines(b"\n"), [Line::Text(String::new())]);
    }
}
