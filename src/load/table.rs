//! The one reader of every CSV table (players, pairings, breaks, decisions,
//! move logs), for the files spreadsheets write (docs/format.md, "Saving
//! from Excel / LibreOffice"):
//! - encoding: UTF-8 with or without BOM, UTF-16 LE/BE with BOM, otherwise
//!   Windows-1251 (what Russian Excel saves);
//! - delimiter `,` or `;`, told from the header row;
//! - line ends LF, CRLF or CR;
//! - header names in any case, with surrounding spaces.
//!
//! A row's line is the line a text editor shows (the header is line 1). A
//! file that cannot be decoded is one `bad-input` finding and no rows, so
//! nothing downstream repeats it row by row. Parsing does no I/O
//! ([`Table::parse`]); [`Table::from_file`] reads the file first, and
//! [`regular_file`] is the one check made before any input file is opened.

use crate::messages::{Msg, msg};
use anyhow::Context;
use std::borrow::Cow;
use std::path::Path;

use crate::finding::{Code, Finding};
use crate::model::Language;

/// A table read by column name.
#[derive(Debug, Clone, Default)]
pub struct Table {
    /// The header's column names, trimmed and in lower case.
    pub columns: Vec<String>,
    /// Each row: its line (as an editor shows it) and its fields as
    /// written. Blank rows (also `;;;;` rows) are left out.
    rows: Vec<(usize, csv::StringRecord)>,
    /// What could not be read.
    pub findings: Vec<Finding>,
    /// The file could not be decoded as text: no rows were read, and
    /// whatever needs them should not complain row by row.
    pub unreadable: bool,
    /// The encoding it was read in (`UTF-8`, `UTF-16LE`, `windows-1251`…).
    pub encoding: &'static str,
    /// The delimiter told from the header: `,` or `;`.
    pub delimiter: u8,
}

/// One row's fields, looked up by column name or by the header's order.
#[derive(Debug, Clone, Copy)]
pub struct Fields<'a> {
    columns: &'a [String],
    record: &'a csv::StringRecord,
}

impl<'a> Fields<'a> {
    /// The field of column `name` (lower case), trimmed; empty when the row
    /// or the header has none.
    pub fn get(self, name: &str) -> &'a str {
        self.columns.iter().position(|c| c == name).map_or("", |i| self.at(i))
    }

    /// The field in the header's column `i`, trimmed; empty when the row
    /// has none.
    pub fn at(self, i: usize) -> &'a str {
        if i >= self.columns.len() {
            return "";
        }
        self.record.get(i).map_or("", str::trim)
    }
}

/// Decodes a table's bytes: a BOM decides (UTF-8, UTF-16),
/// else valid UTF-8 is UTF-8, else it is Windows-1251. Line ends come back
/// as `\n`.
///
/// # Errors
/// A sentence saying why the bytes are not text (NUL or control bytes,
/// broken UTF-16).
pub fn decode(bytes: &[u8], lang: Language) -> Result<(Cow<'_, str>, &'static str), String> {
    let (text, encoding) = match encoding_rs::Encoding::for_bom(bytes) {
        Some((enc, bom)) => (
            enc.decode_without_bom_handling_and_without_replacement(&bytes[bom..]),
            enc,
        ),
        None => match std::str::from_utf8(bytes) {
            Ok(text) => (Some(Cow::Borrowed(text)), encoding_rs::UTF_8),
            Err(_) => (
                encoding_rs::WINDOWS_1251.decode_without_bom_handling_and_without_replacement(bytes),
                encoding_rs::WINDOWS_1251,
            ),
        },
    };
    let text = text.ok_or_else(|| msg(lang, Msg::TableNotDecodable, &[&encoding.name()]))?;
    if holds_control(&text) {
        return Err(msg(lang, Msg::TableHoldsControlBytes, &[]));
    }
    let text = if text.contains('\r') {
        Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n"))
    } else {
        text
    };
    Ok((text, encoding.name()))
}

/// Whether `text` holds a control character other than tab, line ends and
/// form feed.
fn holds_control(text: &str) -> bool {
    text.chars()
        .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\u{c}'))
}

/// The delimiter of a header line: `;` when it has more semicolons than
/// commas outside quotes, else `,`.
fn delimiter(header: &str) -> u8 {
    let (mut commas, mut semis, mut quoted) = (0, 0, false);
    for c in header.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => commas += 1,
            ';' if !quoted => semis += 1,
            _ => {}
        }
    }
    if semis > commas { b';' } else { b',' }
}

/// A CSV reader over a table's bytes, copied in.
type CsvReader = csv::Reader<std::io::Cursor<Vec<u8>>>;

thread_local! {
    /// One reader per delimiter and thread, made once: building a reader
    /// (its parser's tables) cost more than parsing a move log of a few
    /// dozen rows; a reader is reset to new bytes instead.
    static READERS: std::cell::RefCell<Vec<(u8, CsvReader)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Runs `f` with this thread's reader for `delimiter`, reset to read
/// `text` from its start (lines counted from 1).
fn with_reader<T>(delimiter: u8, text: &[u8], f: impl FnOnce(&mut CsvReader) -> T) -> T {
    let fresh = || {
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .delimiter(delimiter)
            .terminator(csv::Terminator::Any(b'\n'))
            .from_reader(std::io::Cursor::new(Vec::new()));
        // Its header row taken from no bytes at all, so that no later
        // reset reads one from a table's.
        let _ = reader.byte_headers();
        reader
    };
    READERS.with(|cell| {
        // A reader already in use on this thread (never so today) is not
        // shared: a new one is made.
        let Ok(mut readers) = cell.try_borrow_mut() else {
            let mut reader = fresh();
            reset(&mut reader, text);
            return f(&mut reader);
        };
        let i = match readers.iter().position(|(d, _)| *d == delimiter) {
            Some(i) => i,
            None => {
                readers.push((delimiter, fresh()));
                readers.len() - 1
            }
        };
        let reader = &mut readers[i].1;
        if !reset(reader, text) {
            *reader = fresh();
            reset(reader, text);
        }
        f(reader)
    })
}

/// Puts `text` into `reader` and moves it to the start: the parser's state,
/// position and line reset, no header row taken (the caller reads the
/// header as a record). Whether it could.
fn reset(reader: &mut CsvReader, text: &[u8]) -> bool {
    let buf = reader.get_mut().get_mut();
    buf.clear();
    buf.extend_from_slice(text);
    reader
        .seek_raw(std::io::SeekFrom::Start(0), csv::Position::new())
        .is_ok()
}

/// The editor's line of each record, counted on from one record to the
/// next (records come in order, so each byte is counted once).
struct Lines<'a> {
    text: &'a [u8],
    /// A byte offset and the 1-based line it is on.
    at: usize,
    line: usize,
}

impl Lines<'_> {
    /// The line of the record csv places at byte `at`: csv's position may
    /// stand before the blank lines it skipped.
    fn of(&mut self, at: usize) -> usize {
        let b = self.text;
        let mut at = at.clamp(self.at, b.len());
        while b.get(at) == Some(&b'\n') {
            at += 1;
        }
        self.line += b[self.at..at].iter().filter(|&&c| c == b'\n').count();
        self.at = at;
        self.line
    }
}

impl Table {
    /// Parses a table. `file` names it in findings; `lang` is the language
    /// of their messages. Columns are not checked here: see
    /// [`Table::missing`].
    pub fn parse(file: &str, bytes: &[u8], lang: Language) -> Table {
        let mut table = Table {
            delimiter: b',',
            encoding: "UTF-8",
            ..Table::default()
        };
        let bad = |line: Option<usize>, msg: String| Finding::new(Code::BadInput, msg).at(file, line);
        let (text, encoding) = match decode(bytes, lang) {
            Ok(t) => t,
            Err(msg) => {
                table.findings.push(bad(None, msg));
                table.unreadable = true;
                return table;
            }
        };
        table.encoding = encoding;
        table.delimiter = delimiter(text.lines().next().unwrap_or(""));
        with_reader(table.delimiter, text.as_bytes(), |reader| {
            table.read(reader, &text, &bad, lang);
        });
        table
    }

    /// Reads the records of `text` from `reader` (positioned at its start)
    /// into the table.
    fn read(
        &mut self,
        reader: &mut CsvReader,
        text: &str,
        bad: &impl Fn(Option<usize>, String) -> Finding,
        lang: Language,
    ) {
        let table = self;
        let mut lines = Lines {
            text: text.as_bytes(),
            at: 0,
            line: 1,
        };
        let mut record = csv::StringRecord::new();
        let mut header = true;
        loop {
            let at = reader.position().byte() as usize;
            match reader.read_record(&mut record) {
                Ok(true) => {}
                Ok(false) => break,
                // Decoded text holds no invalid UTF-8, and flexible rows
                // have no wrong length: an error here ends the table.
                Err(e) => {
                    table.findings.push(bad(Some(lines.of(at)), e.to_string()));
                    break;
                }
            }
            let line = lines.of(at);
            if header {
                table.columns = record.iter().map(|c| c.trim().to_lowercase()).collect();
                header = false;
                continue;
            }
            // A spreadsheet may pad a row with empty cells past the header.
            let blank = |f: &str| f.bytes().all(|b| b.is_ascii_whitespace());
            let used = (0..record.len())
                .rev()
                .find(|&i| !blank(&record[i]))
                .map_or(0, |i| i + 1);
            if used == 0 {
                continue;
            }
            if used > table.columns.len() {
                table.findings.push(bad(
                    Some(line),
                    msg(lang, Msg::RowFieldCount, &[&used, &table.columns.len()]),
                ));
                continue;
            }
            table.rows.push((line, record.clone()));
        }
    }

    /// Each row's line and its fields by column name.
    pub fn iter(&self) -> impl Iterator<Item = (&usize, Fields<'_>)> {
        self.rows.iter().map(|(line, record)| {
            (
                line,
                Fields {
                    columns: &self.columns,
                    record,
                },
            )
        })
    }

    /// How many rows were read.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether no row was read.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Reads and parses a table from disk, after [`regular_file`].
    ///
    /// # Errors
    /// When the path is not a regular file or cannot be read; the error
    /// names the path.
    pub fn from_file(path: &Path, file: &str, lang: Language) -> anyhow::Result<Table> {
        let bytes = read_regular(path, lang)?;
        Ok(Table::parse(file, &bytes, lang))
    }

    /// The finding for the columns of `required` the header lacks, if any
    /// (an empty file lacks them all).
    pub fn missing(&self, file: &str, required: &[&str], lang: Language) -> Option<Finding> {
        if self.unreadable {
            return None;
        }
        let missing: Vec<&str> = required
            .iter()
            .copied()
            .filter(|c| !self.columns.iter().any(|h| h == c))
            .collect();
        if missing.is_empty() {
            return None;
        }
        let msg = if self.columns.is_empty() {
            msg(lang, Msg::TableEmpty, &[&required.join(",")])
        } else {
            msg(
                lang,
                Msg::HeaderLacksColumns,
                &[&missing.join(", "), &required.join(",")],
            )
        };
        Some(Finding::new(Code::BadInput, msg).at(file, Some(1)))
    }
}

/// Checks, without opening it, that `path` is a regular file (a link is
/// followed for the check). A FIFO, a device or a folder is never opened:
/// opening a FIFO would wait for a writer forever. Nor is a file over
/// [`MAX_FILE_MB`](crate::load::MAX_FILE_MB) read: memory stays bounded.
///
/// # Errors
/// A sentence naming what the path is instead.
pub fn regular_file(path: &Path, lang: Language) -> Result<(), String> {
    use crate::load::{MAX_FILE_BYTES, MAX_FILE_MB};
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() && m.len() > MAX_FILE_BYTES => Err(msg(lang, Msg::FileTooBig, &[&m.len(), &MAX_FILE_MB])),
        Ok(m) if m.is_file() => Ok(()),
        Ok(m) if m.is_dir() => Err(msg(lang, Msg::PathIsAFolder, &[])),
        Ok(_) => Err(msg(lang, Msg::PathNotARegularFile, &[])),
        Err(e) => Err(msg(lang, Msg::PathUnreadable, &[&e])),
    }
}

/// Reads a file's bytes once [`regular_file`] allows it.
///
/// # Errors
/// As [`regular_file`], or when reading fails; the error names the path.
pub fn read_regular(path: &Path, lang: Language) -> anyhow::Result<Vec<u8>> {
    regular_file(path, lang).map_err(|e| anyhow::anyhow!("`{}`: {e}", path.display()))?;
    std::fs::read(path).with_context(|| format!("failed to read `{}`", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const EN: Language = Language::En;

    fn lines(t: &Table) -> Vec<usize> {
        t.iter().map(|(l, _)| *l).collect()
    }

    // docs/format.md: the line of a row is the editor's, for every line end.
    #[test]
    fn line_numbers_for_lf_crlf_and_cr() {
        for end in ["\n", "\r\n", "\r"] {
            let text = ["name,email", "A,a@x", "", "B,b@x", "\"C\nD\",c@x", "E,e@x", ""].join(end);
            let t = Table::parse("p.csv", text.as_bytes(), EN);
            assert!(t.findings.is_empty(), "{end:?}: {:?}", t.findings);
            assert_eq!(lines(&t), vec![2, 4, 5, 7], "{end:?}");
            assert_eq!(t.iter().nth(2).unwrap().1.get("name"), "C\nD");
        }
    }

    #[test]
    fn semicolons_bom_and_header_case() {
        let t = Table::parse("p.csv", "\u{feff} Name ; EMAIL \nПётр;p@x;;\n".as_bytes(), EN);
        assert_eq!(t.delimiter, b';');
        assert_eq!(t.columns, vec!["name", "email"]);
        assert_eq!(t.iter().next().unwrap().1.get("name"), "Пётр");
        assert_eq!(t.iter().next().unwrap().1.get("nothing"), "");
        assert!(t.findings.is_empty(), "{:?}", t.findings);
    }

    #[test]
    fn windows_1251_and_utf16_read_the_same() {
        let text = "name;email\r\nПетров, Пётр;p@x\r\n";
        let (cp1251, _, _) = encoding_rs::WINDOWS_1251.encode(text);
        let mut le = vec![0xFF, 0xFE];
        le.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
        let mut be = vec![0xFE, 0xFF];
        be.extend(text.encode_utf16().flat_map(u16::to_be_bytes));
        for (bytes, enc) in [(cp1251.to_vec(), "windows-1251"), (le, "UTF-16LE"), (be, "UTF-16BE")] {
            let t = Table::parse("p.csv", &bytes, EN);
            assert_eq!(t.encoding, enc);
            assert!(t.findings.is_empty(), "{enc}: {:?}", t.findings);
            assert_eq!(t.iter().next().unwrap().1.get("name"), "Петров, Пётр", "{enc}");
            assert_eq!(t.iter().next().unwrap().0, &2);
        }
    }

    #[test]
    fn undecodable_file_is_one_finding() {
        // UTF-16 with a lone surrogate, and a binary file with NUL bytes.
        let mut broken = vec![0xFF, 0xFE];
        broken.extend("name,email\nA,a\n".encode_utf16().flat_map(u16::to_le_bytes));
        broken.extend([0x00, 0xD8, b'x', 0x00]);
        let nul = b"name,email\nA,\0\0\0\nB,b\n".to_vec();
        for bytes in [broken, nul] {
            let t = Table::parse("p.csv", &bytes, EN);
            assert!(t.unreadable);
            assert_eq!(t.findings.len(), 1, "{:?}", t.findings);
            assert!(t.is_empty());
            assert_eq!(t.missing("p.csv", &["name"], EN), None);
        }
    }

    #[test]
    fn missing_columns_and_too_many_fields() {
        let t = Table::parse("p.csv", b"name\nA,b,c\n", EN);
        let f = t.missing("p.csv", &["name", "email"], Language::Ru).unwrap();
        assert!(
            f.message.contains("email") && f.message.contains("нет столбцов"),
            "{}",
            f.message
        );
        assert_eq!(t.findings.len(), 1);
        assert_eq!(t.findings[0].line, Some(2));
        let empty = Table::parse("p.csv", b"", EN);
        assert!(empty.missing("p.csv", &["name"], EN).unwrap().message.contains("empty"));
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_never_opened() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("players.csv");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success());
        let e = regular_file(&fifo, EN).unwrap_err();
        assert!(e.contains("not a regular file"), "{e}");
        assert!(Table::from_file(&fifo, "players.csv", EN).is_err());
        assert!(regular_file(dir.path(), EN).unwrap_err().contains("folder"));
    }
}
