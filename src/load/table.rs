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
    /// Each row: its line (as an editor shows it) and where its fields
    /// stand in `spans`. Blank rows (also `;;;;` rows) are left out.
    rows: Vec<Row>,
    /// The text the fields are read from, and where each record's fields
    /// stand in it, a row's trimmed (one buffer for the file, no string a
    /// field): the file's text itself, or, when it has quotes, its fields
    /// unquoted one after another ([`plain_records`], [`quoted_records`]).
    text: String,
    spans: Vec<(u32, u32)>,
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

/// A row of a [`Table`]: its line and its fields' places in the spans.
#[derive(Debug, Clone, Copy)]
struct Row {
    line: usize,
    first: usize,
    count: usize,
}

/// One row's fields, looked up by column name or by the header's order.
#[derive(Debug, Clone, Copy)]
pub struct Fields<'a> {
    columns: &'a [String],
    text: &'a str,
    spans: &'a [(u32, u32)],
}

impl<'a> Fields<'a> {
    /// The field of column `name` (lower case), empty when the row or the
    /// header has none.
    pub fn get(self, name: &str) -> &'a str {
        self.columns.iter().position(|c| c == name).map_or("", |i| self.at(i))
    }

    /// The bytes of [`Fields::at`]`(i)`, without the look at both ends that
    /// slicing a `str` makes (each end on a character's first byte): for
    /// fields read as ASCII, which the text of the field is wanted for only
    /// when they are wrong.
    pub fn bytes(self, i: usize) -> &'a [u8] {
        self.spans
            .get(i)
            .and_then(|&(from, to)| self.text.as_bytes().get(from as usize..to as usize))
            .unwrap_or(b"")
    }

    /// The bytes of the row's first `N` fields, as [`Fields::bytes`] gives
    /// them, when it has `N` or more: in a table whose header is in the
    /// order the reader expects, its fields without a lookup each.
    pub fn first_bytes<const N: usize>(self) -> Option<[&'a [u8]; N]> {
        let spans: &[(u32, u32); N] = self.spans.get(..N)?.try_into().ok()?;
        let text = self.text.as_bytes();
        let mut out = [&b""[..]; N];
        for (field, &(from, to)) in out.iter_mut().zip(spans) {
            *field = text.get(from as usize..to as usize).unwrap_or(b"");
        }
        Some(out)
    }

    /// The field in the header's column `i`, empty when the row has none.
    pub fn at(self, i: usize) -> &'a str {
        self.spans
            .get(i)
            .and_then(|&(from, to)| self.text.get(from as usize..to as usize))
            .unwrap_or("")
    }
}

/// Decodes a table's bytes: a BOM decides (UTF-8, UTF-16),
/// else valid UTF-8 is UTF-8, else it is Windows-1251. Line ends come back
/// as `\n`. UTF-8 without a BOM and with `\n` line ends, the common file,
/// is borrowed, not copied.
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
        // Checked once: the UTF-8 decoder would check it again and copy it.
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
    // memchr's SIMD scan: `str::contains` looks at a word at a time, ~1
    // instruction a byte of every table (callgrind).
    let text = if memchr::memchr(b'\r', text.as_bytes()).is_some() {
        Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n"))
    } else {
        text
    };
    Ok((text, encoding.name()))
}

/// Whether `text` holds a control character other than tab, line ends and
/// form feed (`char::is_control`: U+0000–U+001F, U+007F–U+009F), found in its
/// UTF-8 bytes: C1 controls are the two bytes `C2 80`–`C2 9F`.
fn holds_control(text: &str) -> bool {
    let b = text.as_bytes();
    // Most text holds no byte a control character needs: looked for first
    // a block at a time, without a branch a byte (which the compiler
    // vectorizes), before the bytes are looked at one by one.
    let suspect = |c: u8| ((c < 0x20) & !matches!(c, b'\t' | b'\n' | b'\r' | 0x0c)) | (c == 0x7f) | (c == 0xc2);
    if !b
        .chunks(64)
        .any(|block| block.iter().fold(false, |any, &c| any | suspect(c)))
    {
        return false;
    }
    b.iter().enumerate().any(|(i, &c)| match c {
        b'\t' | b'\n' | b'\r' | 0x0c => false,
        0..0x20 | 0x7f => true,
        0xc2 => matches!(b.get(i + 1), Some(0x80..=0x9f)),
        _ => false,
    })
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

/// Line numbers of the records of one text, counted as the reader goes
/// on (records come in order, so each byte is counted once).
struct Lines<'a> {
    text: &'a [u8],
    /// A byte offset and the 1-based line it is on.
    at: usize,
    line: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Lines<'a> {
        Lines {
            text: text.as_bytes(),
            at: 0,
            line: 1,
        }
    }

    /// The line of the record that starts at byte `at` (lines end in
    /// `\n`): the csv reader's position may stand before the blank lines
    /// it skipped.
    fn of(&mut self, at: usize) -> usize {
        let b = self.text;
        let mut at = at.min(b.len());
        while b.get(at) == Some(&b'\n') {
            at += 1;
        }
        if at < self.at {
            // Not in order (never expected): count from the start.
            (self.at, self.line) = (0, 1);
        }
        self.line += b[self.at..at].iter().filter(|&&c| c == b'\n').count();
        self.at = at;
        self.line
    }
}

/// The records of one decoded text, read by csv's own core parser (the
/// parser `csv::Reader` runs), built once per thread and delimiter and
/// reset for each file: building it is most of the cost of a small file.
/// (`csv_core::Reader`'s `Clone` does not copy its whole automaton, so it
/// is reset, never cloned.)
struct Records<'a> {
    input: &'a [u8],
    delimiter: u8,
    /// Bytes of `input` read so far.
    pos: usize,
    /// The fields of the current record, one after another, and where each ends.
    out: Vec<u8>,
    ends: Vec<usize>,
    /// How many fields the current record has.
    len: usize,
}

thread_local! {
    /// The parsers for `,` and `;`, with line ends `\n`.
    static READERS: std::cell::RefCell<[csv_core::Reader; 2]> = std::cell::RefCell::new([b',', b';'].map(|d| {
        csv_core::ReaderBuilder::new()
            .delimiter(d)
            .terminator(csv_core::Terminator::Any(b'\n'))
            .build()
    }));
}

impl<'a> Records<'a> {
    fn new(input: &'a str, delimiter: u8) -> Records<'a> {
        READERS.with_borrow_mut(|r| r[usize::from(delimiter == b';')].reset());
        Records {
            input: input.as_bytes(),
            delimiter,
            pos: 0,
            out: vec![0; 256],
            ends: vec![0; 16],
            len: 0,
        }
    }

    /// Reads the next record: the byte where it starts (maybe before the
    /// blank lines it skipped), or `None` at the end.
    fn read(&mut self) -> Option<usize> {
        READERS.with_borrow_mut(|r| self.read_with(&mut r[usize::from(self.delimiter == b';')]))
    }

    fn read_with(&mut self, reader: &mut csv_core::Reader) -> Option<usize> {
        use csv_core::ReadRecordResult as R;
        let start = self.pos;
        let (mut nout, mut nends) = (0, 0);
        loop {
            let (res, i, o, e) =
                reader.read_record(&self.input[self.pos..], &mut self.out[nout..], &mut self.ends[nends..]);
            self.pos += i;
            nout += o;
            nends += e;
            match res {
                // Once the input is all read, the next call (with none) ends the record.
                R::InputEmpty => {}
                R::OutputFull => self.out.resize(self.out.len() * 2, 0),
                R::OutputEndsFull => self.ends.resize(self.ends.len() * 2, 0),
                R::Record => {
                    self.len = nends;
                    return Some(start);
                }
                R::End => return None,
            }
        }
    }

    /// How many fields the current record has.
    fn len(&self) -> usize {
        self.len
    }

    /// Field `i` of the current record, as bytes.
    fn bytes(&self, i: usize) -> &[u8] {
        let from = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.out[from..self.ends[i]]
    }
}

/// The records of a text, before they are read as a table: each record's
/// fields as byte ranges of `text`, untrimmed.
struct Split {
    text: String,
    /// Each record: its line (as an editor shows it), and where its fields
    /// stand in `fields`.
    records: Vec<(usize, usize, usize)>,
    fields: Vec<(u32, u32)>,
}

/// The records of a text without a quote, read in place: a record is a
/// line that is not blank, a field what stands between delimiters. This is
/// what csv's parser reads in such a text (it skips blank lines; only a
/// quote changes what a delimiter or a line end means), without copying
/// every field out of the text; most tables have no quote.
fn plain_records(text: String, delimiter: u8) -> Split {
    let mut split = Split {
        // Room for lines of 16 bytes (a move log's are 30) and for fields
        // of 3 bytes and their delimiters (a move log's are 4 on average),
        // so that few tables grow them.
        records: Vec::with_capacity(text.len() / 16 + 1),
        fields: Vec::with_capacity(text.len() / 3 + 1),
        text: String::new(),
    };
    // One pass over the bytes, eight at a time (a search for each
    // delimiter would cost more than the short fields it finds, a test a
    // byte more than the eight bytes' one): `start` is where the line
    // starts, `from` where the field does, `first` its record's first field.
    let bytes = text.as_bytes();
    let (mut line, mut start, mut from, mut first) = (1, 0, 0, 0);
    // `delimits`: the byte at `i` is the delimiter, else a line end (told
    // by the caller, which found it: not read again).
    let mut at = |i: usize, delimits: bool, split: &mut Split| {
        if delimits {
            split.fields.push((from as u32, i as u32));
            from = i + 1;
        } else {
            if i > start {
                split.fields.push((from as u32, i as u32));
                split.records.push((line, first, split.fields.len() - first));
            }
            (line, start, from, first) = (line + 1, i + 1, i + 1, split.fields.len());
        }
    };
    let (words, rest) = bytes.as_chunks::<8>();
    for (k, word) in words.iter().enumerate() {
        let word = u64::from_le_bytes(*word);
        let delimiters = bytes_equal(word, delimiter);
        let mut hits = delimiters | bytes_equal(word, b'\n');
        while hits != 0 {
            let lowest = hits & hits.wrapping_neg();
            at(
                k * 8 + (hits.trailing_zeros() / 8) as usize,
                delimiters & lowest != 0,
                &mut split,
            );
            hits &= hits - 1;
        }
    }
    for (k, &b) in rest.iter().enumerate() {
        if b == delimiter || b == b'\n' {
            at(words.len() * 8 + k, b == delimiter, &mut split);
        }
    }
    if start < bytes.len() {
        split.fields.push((from as u32, bytes.len() as u32));
        split.records.push((line, first, split.fields.len() - first));
    }
    split.text = text;
    split
}

/// The high bit of each byte of `word` (read little-endian) that is `b`,
/// every other bit clear. Exact: no carry runs from one byte into the next
/// (the low seven bits are added apart from the eighth).
fn bytes_equal(word: u64, b: u8) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let x = word ^ (u64::from(b) * 0x0101_0101_0101_0101);
    !(((x & LOW7) + LOW7) | x | LOW7)
}

/// The records of any text, by csv's parser; their fields, unquoted, one
/// after another make the split's text.
fn quoted_records(text: &str, delimiter: u8) -> Split {
    let mut records = Records::new(text, delimiter);
    let mut lines = Lines::new(text);
    let mut split = Split {
        records: Vec::new(),
        fields: Vec::new(),
        text: String::new(),
    };
    // The fields' bytes: text, since the parser only takes ASCII quotes
    // out of text. Checked as UTF-8 once, at the end, not field by field.
    let mut bytes: Vec<u8> = Vec::with_capacity(text.len());
    while let Some(at) = records.read() {
        let first = split.fields.len();
        for i in 0..records.len() {
            let from = bytes.len();
            bytes.extend_from_slice(records.bytes(i));
            split.fields.push((from as u32, bytes.len() as u32));
        }
        split.records.push((lines.of(at), first, records.len()));
    }
    split.text = String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    split
}

/// `bytes` trimmed as [`str::trim`] trims their text: ASCII blanks are
/// stripped byte by byte, and only a field that then starts or ends with a
/// non-ASCII letter is trimmed as text (for U+00A0 and the other Unicode
/// spaces). Most fields have nothing to trim.
fn trim(bytes: &[u8]) -> &[u8] {
    // The ASCII characters `char::is_whitespace` holds: space, tab to CR.
    let blank = |c: &u8| matches!(c, b' ' | b'\t'..=b'\r');
    let start = bytes.iter().position(|c| !blank(c)).unwrap_or(bytes.len());
    let end = bytes.iter().rposition(|c| !blank(c)).map_or(start, |i| i + 1);
    let t = &bytes[start..end];
    match (t.first(), t.last()) {
        (Some(first), Some(last)) if !first.is_ascii() || !last.is_ascii() => {
            std::str::from_utf8(t).map_or(t, |s| s.trim().as_bytes())
        }
        _ => t,
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
        let first = text.lines().next().unwrap_or("");
        table.delimiter = delimiter(first);
        let Split {
            text,
            records,
            fields: mut spans,
        } = if memchr::memchr(b'"', text.as_bytes()).is_some() {
            quoted_records(&text, table.delimiter)
        } else {
            plain_records(text.into_owned(), table.delimiter)
        };
        let field = |&(from, to): &(u32, u32)| &text.as_bytes()[from as usize..to as usize];
        table.rows.reserve(records.len());
        let mut each = records.iter();
        if let Some(&(_, first, count)) = each.next() {
            table.columns = spans[first..first + count]
                .iter()
                .map(|f| String::from_utf8_lossy(trim(field(f))).to_lowercase())
                .collect();
        }
        // The rows' spans are the records', trimmed in place: not copied
        // into a second list.
        for &(line, first, count) in each {
            let fields = &mut spans[first..first + count];
            let blank = |f: &(u32, u32)| field(f).iter().all(u8::is_ascii_whitespace);
            // A spreadsheet may pad a row with empty cells past the header.
            let used = fields.iter().rposition(|f| !blank(f)).map_or(0, |i| i + 1);
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
            let count = count.min(table.columns.len());
            for span in &mut fields[..count] {
                // Most fields have nothing to trim: they are empty, or start
                // and end with an ASCII character that is no blank. Told
                // from their two ends, which is a third of what `trim`
                // costs (its two searches, then its look at both ends).
                let plain = |c: u8| c > b' ' && c.is_ascii();
                match field(span) {
                    [] => continue,
                    [first, .., last] if plain(*first) && plain(*last) => continue,
                    [only] if plain(*only) => continue,
                    _ => {}
                }
                // The span shrinks to the trimmed bytes.
                let bytes = field(span);
                let trimmed = trim(bytes);
                let start = span.0 + (trimmed.as_ptr() as usize - bytes.as_ptr() as usize) as u32;
                *span = (start, start + trimmed.len() as u32);
            }
            table.rows.push(Row { line, first, count });
        }
        table.spans = spans;
        table.text = text;
        table
    }

    /// Each row's line and its fields by column name.
    pub fn iter(&self) -> impl Iterator<Item = (&usize, Fields<'_>)> {
        self.rows.iter().map(|row| {
            (
                &row.line,
                Fields {
                    columns: &self.columns,
                    text: &self.text,
                    spans: &self.spans[row.first..row.first + row.count],
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
    crate::load::read_bytes(path).with_context(|| format!("failed to read `{}`", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const EN: Language = Language::En;

    fn lines(t: &Table) -> Vec<usize> {
        t.iter().map(|(l, _)| *l).collect()
    }

    // `first_bytes` gives the fields `bytes` gives, one by one, for rows
    // long enough, and nothing for shorter ones: rows of every length, with
    // quotes and without, padded, blank and non-ASCII fields.
    #[test]
    fn first_bytes_are_the_fields_one_by_one() {
        let mut rng = crate::testing::Lcg::new(7);
        let mut next = |n: usize| rng.below(n as u64) as usize;
        let (mut whole, mut short) = (0, 0);
        for _ in 0..300 {
            let quoted = next(3) == 0;
            let mut text = String::from("a,b,c,d,e,f,g\n");
            for _ in 0..1 + next(8) {
                let fields: Vec<String> = (0..next(9))
                    .map(|_| {
                        let f = ["", "x", " 12 ", "white", "2026-01-15", "Пётр", "\u{a0}y"][next(7)];
                        if quoted { format!("\"{f}\"") } else { f.to_string() }
                    })
                    .collect();
                text.push_str(&fields.join(","));
                text.push('\n');
            }
            let t = Table::parse("t.csv", text.as_bytes(), EN);
            for (_, fields) in t.iter() {
                let one_by_one: [&[u8]; 7] = std::array::from_fn(|i| fields.bytes(i));
                match fields.first_bytes::<7>() {
                    Some(all) => {
                        assert_eq!(all, one_by_one, "{text:?}");
                        whole += 1;
                    }
                    None => {
                        assert!(fields.spans.len() < 7, "{text:?}");
                        short += 1;
                    }
                }
            }
        }
        assert!(whole > 100 && short > 100, "{whole} {short}");
    }

    #[test]
    fn control_characters_are_found_as_char_is_control_finds_them() {
        for c in (0..0x250u32).filter_map(char::from_u32) {
            for text in [format!("{c}"), format!("ab{c}"), format!("{c}я"), format!("Ё{c}x")] {
                let want = text
                    .chars()
                    .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\u{c}'));
                assert_eq!(holds_control(&text), want, "{text:?}");
            }
        }
    }

    /// A split's records: each line and its fields' texts.
    fn read(s: Split) -> Vec<(usize, Vec<String>)> {
        s.records
            .iter()
            .map(|&(line, first, count)| {
                let fields = s.fields[first..first + count]
                    .iter()
                    .map(|&(from, to)| s.text[from as usize..to as usize].to_string())
                    .collect();
                (line, fields)
            })
            .collect()
    }

    // A text without quotes is read in place as csv's parser reads it.
    #[test]
    fn plain_records_are_what_the_csv_parser_reads() {
        let texts = [
            "",
            "\n\n",
            "a,b\n1,2",
            "\n\na,b\n\n\n1,2\n",
            "a;b;\n;;\n  \n x ; я ;\u{a0}\n,\n",
            "a,b,c\n1,,3,,\n\t\n4\n",
            "one\n",
            ",",
        ];
        for text in texts {
            for delimiter in [b',', b';'] {
                assert_eq!(
                    read(plain_records(text.to_string(), delimiter)),
                    read(quoted_records(text, delimiter)),
                    "{text:?}"
                );
            }
        }
    }

    // The same, for texts long enough to be read eight bytes at a time,
    // with delimiters and line ends in every place of a word.
    #[test]
    fn plain_records_read_by_words_are_what_the_csv_parser_reads() {
        let pieces = ["a", "1", ",", ";", "\n", " ", "я", "\u{a0}", "\n\n"];
        let mut rng = crate::testing::Lcg::new(7);
        for n in 0..2000 {
            let text: String = (0..n % 41)
                .map(|_| pieces[rng.below(pieces.len() as u64) as usize])
                .collect();
            for delimiter in [b',', b';'] {
                assert_eq!(
                    read(plain_records(text.clone(), delimiter)),
                    read(quoted_records(&text, delimiter)),
                    "{text:?}"
                );
            }
        }
    }

    // Every byte value, in every place of a word, among every other.
    #[test]
    fn bytes_equal_marks_exactly_the_bytes_equal() {
        for b in [b',', b';', b'\n'] {
            for v in 0..=255u8 {
                for fill in [0, b ^ 1, b.wrapping_add(1), 0x7f, 0x80, 0xff] {
                    for place in 0..8 {
                        let mut word = [fill; 8];
                        word[place] = v;
                        let want = (0..8).filter(|&k| word[k] == b).fold(0u64, |m, k| m | 0x80 << (8 * k));
                        assert_eq!(bytes_equal(u64::from_le_bytes(word), b), want, "{word:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn fields_are_trimmed_as_str_trim_trims_them() {
        for c in (0..0x3100u32).filter_map(char::from_u32) {
            for text in [
                format!("{c}"),
                format!(" {c}a{c} "),
                format!("{c}\u{a0} x\t{c}"),
                format!("\u{3000}\n{c}"),
            ] {
                assert_eq!(trim(text.as_bytes()), text.trim().as_bytes(), "{text:?}");
            }
        }
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
