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

use std::borrow::Cow;
use std::path::Path;

use crate::finding::{Facts, FileFacts, FileRefusal, Finding, ReadFacts, TableFacts};

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
/// The facts of why the bytes are not text (NUL or control bytes, broken
/// UTF-16).
pub fn decode(bytes: &[u8]) -> Result<(Cow<'_, str>, &'static str), Facts> {
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
    let text = text.ok_or_else(|| TableFacts::TableNotDecodable {
        encoding: encoding.name().to_string(),
    })?;
    if holds_control(&text) {
        return Err(TableFacts::TableHoldsControlBytes.into());
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
    /// Parses a table. `file` names it in findings. Columns are not
    /// checked here: see [`Table::missing`].
    pub fn parse(file: &str, bytes: &[u8]) -> Table {
        let mut table = Table {
            delimiter: b',',
            encoding: "UTF-8",
            ..Table::default()
        };
        let bad = |line: Option<usize>, facts: Facts| Finding::new(facts).at(file, line);
        let (text, encoding) = match decode(bytes) {
            Ok(t) => t,
            Err(facts) => {
                table.findings.push(bad(None, facts));
                table.unreadable = true;
                return table;
            }
        };
        table.encoding = encoding;
        table.delimiter = delimiter(text.lines().next().unwrap_or(""));
        with_reader(table.delimiter, text.as_bytes(), |reader| {
            table.read(reader, &text, &bad, file);
        });
        table
    }

    /// Reads the records of `text` from `reader` (positioned at its start)
    /// into the table.
    fn read(&mut self, reader: &mut CsvReader, text: &str, bad: &impl Fn(Option<usize>, Facts) -> Finding, file: &str) {
        let table = self;
        let mut lines = Lines {
            text: text.as_bytes(),
            at: 0,
            line: 1,
        };
        let mut record = csv::StringRecord::new();
        let mut header = true;
        // The rows' findings, the first ones kept and the rest counted.
        let mut capped = crate::finding::Capped::default();
        loop {
            let at = reader.position().byte() as usize;
            match reader.read_record(&mut record) {
                Ok(true) => {}
                Ok(false) => break,
                // Decoded text holds no invalid UTF-8, and flexible rows
                // have no wrong length: an error here ends the table.
                Err(e) => {
                    table.findings.push(bad(
                        Some(lines.of(at)),
                        TableFacts::TableUnreadable { error: e.to_string() }.into(),
                    ));
                    break;
                }
            }
            let line = lines.of(at);
            if header {
                table.columns = record.iter().map(|c| canonical(&c.trim().to_lowercase())).collect();
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
                capped.push(bad(
                    Some(line),
                    TableFacts::RowFieldCount {
                        fields: used,
                        columns: table.columns.len(),
                    }
                    .into(),
                ));
                continue;
            }
            table.rows.push((line, record.clone()));
        }
        table.findings.extend(capped.finish(file));
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
    /// When the path is not a regular file or cannot be read; the facts
    /// name the path.
    pub fn from_file(path: &Path, file: &str) -> Result<Table, Facts> {
        let bytes = read_regular(path)?;
        Ok(Table::parse(file, &bytes))
    }

    /// The finding for the columns of `required` the header lacks, if any
    /// (an empty file lacks them all).
    pub fn missing(&mut self, file: &str, required: &[&str]) -> Option<Finding> {
        if self.unreadable {
            return None;
        }
        // `игрок`, `участник` name the player of players.csv too.
        if required.contains(&"name")
            && !self.columns.iter().any(|h| h == "name")
            && let Some(h) = self.columns.iter_mut().find(|h| *h == "player")
        {
            *h = "name".to_string();
        }
        let missing: Vec<&str> = required
            .iter()
            .copied()
            .filter(|c| !self.columns.iter().any(|h| h == c))
            .collect();
        if missing.is_empty() {
            return None;
        }
        let required: Vec<String> = required.iter().map(|c| c.to_string()).collect();
        let facts = if self.columns.is_empty() {
            TableFacts::TableEmpty { required }
        } else {
            TableFacts::HeaderLacksColumns {
                near: near_names(&self.columns, &missing),
                missing: missing.iter().map(|c| c.to_string()).collect(),
                required,
            }
        };
        Some(Finding::new(facts).at(file, Some(1)))
    }
}

/// The names a header may give each column besides its own (docs/format.md,
/// "The files as arbiters save them"), in lower case. `игрок` and
/// `участник` are also players.csv's `name` ([`Table::missing`]).
const ALSO: &[(&str, &[&str])] = &[
    ("name", &["имя", "фио"]),
    ("email", &["e-mail", "почта", "адрес", "эл. почта", "эл.почта"]),
    ("game", &["партия", "№ партии"]),
    ("round", &["тур"]),
    ("white", &["белые"]),
    ("black", &["чёрные", "черные"]),
    ("player", &["игрок", "участник"]),
    ("from", &["с"]),
    ("to", &["по"]),
    ("declared", &["заявлен"]),
    ("approved", &["разрешён", "разрешен"]),
    ("date", &["дата"]),
    ("kind", &["вид"]),
    ("result", &["результат"]),
    ("no", &["№", "номер", "ход №"]),
    ("side", &["цвет", "сторона"]),
    ("move", &["ход"]),
    ("received", &["получен", "дата получения"]),
    ("sent", &["отправлен", "дата отправки"]),
    ("flag", &["отметка"]),
    ("note", &["примечание"]),
];

/// A header name (trimmed, in lower case) as the column it names: its
/// English name for one of [`ALSO`], else as written.
fn canonical(header: &str) -> String {
    ALSO.iter()
        .find(|(_, also)| also.contains(&header))
        .map_or(header, |(name, _)| name)
        .to_string()
}

/// For the header names that name no column, the nearest of the `missing`
/// columns' names (English or another), when it is near enough to be a
/// slip of the keyboard: (as written, the name meant).
fn near_names(columns: &[String], missing: &[&str]) -> Vec<(String, String)> {
    let known = |h: &str| ALSO.iter().any(|(name, also)| *name == h || also.contains(&h));
    columns
        .iter()
        .filter(|h| !known(h.as_str()) && !h.is_empty())
        .filter_map(|h| {
            let names = missing.iter().flat_map(|m| {
                let also: &[&str] = ALSO.iter().find(|(n, _)| n == m).map_or(&[], |(_, a)| a);
                std::iter::once(*m).chain(also.iter().copied())
            });
            names
                .map(|n| (strsim::levenshtein(h, n), n))
                .filter(|&(d, n)| d <= 2.max(n.chars().count() / 4) && d < n.chars().count())
                .min()
                .map(|(_, n)| (h.clone(), n.to_string()))
        })
        .collect()
}

/// Checks, without opening it, that `path` is a regular file (a link is
/// followed for the check). A FIFO, a device or a folder is never opened:
/// opening a FIFO would wait for a writer forever. Nor is a file over
/// [`MAX_FILE_MB`](crate::load::MAX_FILE_MB) read: memory stays bounded.
///
/// # Errors
/// What the path is instead.
pub fn regular_file(path: &Path) -> Result<(), FileRefusal> {
    use crate::load::{MAX_FILE_BYTES, MAX_FILE_MB};
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() && m.len() > MAX_FILE_BYTES => Err(FileRefusal::TooBig {
            bytes: m.len(),
            limit_mb: MAX_FILE_MB,
        }),
        Ok(m) if m.is_file() => Ok(()),
        Ok(m) if m.is_dir() => Err(FileRefusal::Folder),
        Ok(_) => Err(FileRefusal::NotRegular),
        Err(e) => Err(FileRefusal::Unreadable { error: e.to_string() }),
    }
}

/// Reads a file's bytes once [`regular_file`] allows it.
///
/// # Errors
/// As [`regular_file`], or when reading fails; the facts name the path.
pub fn read_regular(path: &Path) -> Result<Vec<u8>, Facts> {
    regular_file(path).map_err(|why| FileFacts::FileRefused {
        path: path.display().to_string(),
        why,
    })?;
    std::fs::read(path).map_err(|e| {
        ReadFacts::FileUnreadable {
            error: format!("failed to read `{}`: {e}", path.display()),
        }
        .into()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(t: &Table) -> Vec<usize> {
        t.iter().map(|(l, _)| *l).collect()
    }

    // docs/format.md: the line of a row is the editor's, for every line end.
    #[test]
    fn line_numbers_for_lf_crlf_and_cr() {
        for end in ["\n", "\r\n", "\r"] {
            let text = ["name,email", "A,a@x", "", "B,b@x", "\"C\nD\",c@x", "E,e@x", ""].join(end);
            let t = Table::parse("p.csv", text.as_bytes());
            assert!(t.findings.is_empty(), "{end:?}: {:?}", t.findings);
            assert_eq!(lines(&t), vec![2, 4, 5, 7], "{end:?}");
            assert_eq!(t.iter().nth(2).unwrap().1.get("name"), "C\nD");
        }
    }

    #[test]
    fn semicolons_bom_and_header_case() {
        let t = Table::parse("p.csv", "\u{feff} Name ; EMAIL \nПётр;p@x;;\n".as_bytes());
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
            let t = Table::parse("p.csv", &bytes);
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
            let mut t = Table::parse("p.csv", &bytes);
            assert!(t.unreadable);
            assert_eq!(t.findings.len(), 1, "{:?}", t.findings);
            assert!(t.is_empty());
            assert_eq!(t.missing("p.csv", &["name"]), None);
        }
    }

    #[test]
    fn missing_columns_and_too_many_fields() {
        let mut t = Table::parse("p.csv", b"name\nA,b,c\n");
        let f = t.missing("p.csv", &["name", "email"]).unwrap();
        assert!(
            crate::messages::ru(&f).contains("email") && crate::messages::ru(&f).contains("нет столбцов"),
            "{}",
            crate::messages::en(&f)
        );
        assert_eq!(t.findings.len(), 1);
        assert_eq!(t.findings[0].line, Some(2));
        let mut empty = Table::parse("p.csv", b"");
        assert!(crate::messages::en(&empty.missing("p.csv", &["name"]).unwrap()).contains("empty"));
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_never_opened() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("players.csv");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success());
        assert_eq!(regular_file(&fifo), Err(FileRefusal::NotRegular));
        assert!(Table::from_file(&fifo, "players.csv").is_err());
        assert_eq!(regular_file(dir.path()), Err(FileRefusal::Folder));
    }

    // docs/format.md: a Russian arbiter types the headers in Russian.
    #[test]
    fn russian_headers_name_the_columns() {
        let mut t = Table::parse("p.csv", "Игрок;Почта\nПётр;p@x\n".as_bytes());
        assert_eq!(t.missing("p.csv", &["name", "email"]), None);
        assert_eq!(t.columns, ["name", "email"]);
        let t = Table::parse(
            "g.csv",
            "№;Цвет;Ход;Дата получения;Отправлен;Отметка;Примечание\n".as_bytes(),
        );
        assert_eq!(t.columns, ["no", "side", "move", "received", "sent", "flag", "note"]);
        let t = Table::parse("b.csv", "Участник,С,По,Заявлен,Разрешен\n".as_bytes());
        assert_eq!(t.columns, ["player", "from", "to", "declared", "approved"]);
    }

    #[test]
    fn a_misspelt_header_name_is_named_with_the_nearest() {
        let mut t = Table::parse("g.csv", b"no,side,move,recieved,sent,flag,note\n");
        let f = t.missing("g.csv", &["no", "side", "move", "received", "sent"]).unwrap();
        match &f.facts {
            Facts::Table(TableFacts::HeaderLacksColumns { missing, near, .. }) => {
                assert_eq!(missing, &["received"]);
                assert_eq!(near, &[("recieved".to_string(), "received".to_string())]);
            }
            other => panic!("{other:?}"),
        }
        assert!(
            crate::messages::en(&f).contains("did you mean `received`?"),
            "{}",
            crate::messages::en(&f)
        );
        // A Russian name misspelt is named with the Russian one.
        let mut t = Table::parse("g.csv", "№;Цвет;Ход;Получн;Отправлен\n".as_bytes());
        let f = t.missing("g.csv", &["no", "side", "move", "received", "sent"]).unwrap();
        assert!(
            crate::messages::ru(&f).contains("«получн»: может быть, «получен»?"),
            "{}",
            crate::messages::ru(&f)
        );
    }
}
