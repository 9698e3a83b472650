//! Reading `games/<game>.csv`, the move log (docs/format.md, "The move
//! log"), through the one table reader ([`crate::load::table`]). Parsing is pure:
//! the bytes come in, rows and `bad-input` findings come out, with file and
//! line; a row that cannot be read is a [`ParseRowError`], whose facts
//! its finding carries.

use crate::dates::{ParseDateError, parse_opt_date};
use crate::finding::{Facts, Finding, LogFacts};
use crate::load::table::{Table, read_regular};
use crate::load::text::clean;
use crate::model::{Flag, Row, Side};

/// The columns of a move log, in the order docs/format.md writes them.
pub const COLUMNS: [&str; 7] = ["no", "side", "move", "received", "sent", "flag", "note"];

/// The optional columns after them: the totals of days used that a message
/// states for White and for Black (51.2.1).
pub const STATED: [&str; 2] = ["stated_white", "stated_black"];

/// A move log read from text: the rows that could be read, and a finding for
/// every row or column that could not.
#[derive(Debug, Clone, Default)]
pub struct MoveLog {
    pub rows: Vec<Row>,
    pub findings: Vec<Finding>,
}

/// Shortens a field for a message: an arbiter does not need a megabyte.
pub fn excerpt(text: &str) -> String {
    const MAX: usize = 40;
    let text = &*clean(text);
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let head: String = text.chars().take(MAX).collect();
        format!("{head}… ({} characters)", text.chars().count())
    }
}

/// The highest move number a log may name: no game is that long, and the
/// number is then safe to compute controls with.
pub const MAX_MOVE_NO: u32 = 10_000;

impl MoveLog {
    /// Parses a move log, read by [`Table`] (any spreadsheet's CSV).
    /// `file` names it in findings.
    pub fn parse(file: &str, bytes: &[u8]) -> MoveLog {
        let mut log = MoveLog::default();
        let bad = |line: Option<usize>, facts: Facts| Finding::new(facts).at(file, line);
        let mut table = Table::parse(file, bytes);
        log.findings.append(&mut table.findings);
        if table.unreadable {
            return log;
        }
        if let Some(missing) = table.missing(file, &COLUMNS) {
            log.findings.push(missing);
            // Without the columns that place a move in time, no row means anything.
            if COLUMNS[..5].iter().any(|c| !table.columns.iter().any(|h| h == c)) {
                return log;
            }
        }
        // The rows' findings, the first ones kept and the rest counted.
        let mut capped = crate::finding::Capped::default();
        let mut rows = Vec::with_capacity(table.len());
        let index = COLUMNS.map(|c| table.columns.iter().position(|h| h == c));
        // 51.2.1: the optional totals a message states, by header name.
        let stated_at = STATED.map(|c| table.columns.iter().position(|h| h == c));
        for (line, fields) in table.iter() {
            let field = |k: usize| index[k].map_or("", |i| fields.at(i));
            match parse_row(*line, std::array::from_fn(field)) {
                Ok(mut row) => {
                    hide_address_in_move(&mut row, file, *line, &mut capped);
                    let stated = stated_at.map(|at| at.map_or("", |i| fields.at(i)));
                    read_stated(&mut row, stated, file, *line, &mut capped);
                    rows.push(row)
                }
                Err(e) => capped.push(bad(Some(*line), e.facts().into())),
            }
        }
        log.rows = pending_only_last(rows, file, &mut capped);
        log.findings.extend(capped.finish(file));
        crate::finding::cap_per_file(&mut log.findings);
        log
    }

    /// Reads and parses a move log from disk (never opening anything but a
    /// regular file).
    ///
    /// # Errors
    /// When the file cannot be read; the facts name the path.
    pub fn from_file(path: &std::path::Path, file: &str) -> Result<MoveLog, Facts> {
        let bytes = read_regular(path)?;
        Ok(MoveLog::parse(file, &bytes))
    }
}

/// Why a row of a move log cannot be read; [`ParseRowError::facts`] are
/// its finding's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseRowError {
    /// `no` is a number over [`MAX_MOVE_NO`] (as written, shortened).
    MoveNoTooHigh(String),
    /// `no` is not a move number.
    NotAMoveNo(String),
    /// `side` is neither white nor black.
    BadSide(String),
    /// `flag` is none of the known flags.
    UnknownFlag(String),
    /// `received` or `sent` is not a date.
    BadDate {
        column: &'static str,
        error: ParseDateError,
    },
    /// An ordinary row without a move that is not the pending row (51.3.5).
    NoMove,
}

impl ParseRowError {
    /// The facts of the `bad-input` finding.
    pub fn facts(&self) -> LogFacts {
        match self {
            ParseRowError::MoveNoTooHigh(no) => LogFacts::MoveNoTooHigh {
                no: no.clone(),
                max: MAX_MOVE_NO,
            },
            ParseRowError::NotAMoveNo(no) => LogFacts::NotAMoveNo { text: excerpt(no) },
            ParseRowError::BadSide(side) => LogFacts::BadSide { text: excerpt(side) },
            ParseRowError::UnknownFlag(flag) => LogFacts::UnknownFlag { text: excerpt(flag) },
            ParseRowError::BadDate { column, error } => LogFacts::ColumnNotADate {
                column: column.to_string(),
                text: error.0.clone(),
                short: excerpt(&error.0),
            },
            ParseRowError::NoMove => LogFacts::RowWithoutMove,
        }
    }
}

/// A move is shown in public: read without what reads as an address
/// (docs/format.md, "Names are names"); one that was nothing else is `?`,
/// a move that cannot be read.
fn hide_address_in_move(row: &mut Row, file: &str, line: usize, capped: &mut crate::finding::Capped) {
    if crate::load::names::without_address(&row.mv).is_some() {
        let (shown, found) = crate::load::names::shown_text(&row.mv, || "?".to_string(), file, Some(line));
        row.mv = shown;
        if let Some(f) = found {
            capped.push(f);
        }
    }
}

/// 51.2.1: the optional totals a message states (the cells of [`STATED`],
/// empty when not given), each a number of days.
fn read_stated(
    row: &mut Row,
    stated: [&str; STATED.len()],
    file: &str,
    line: usize,
    capped: &mut crate::finding::Capped,
) {
    for (k, cell) in stated.iter().enumerate() {
        match cell.trim() {
            "" => {}
            days => match days.parse::<i64>() {
                Ok(n) if (0..=100_000).contains(&n) => row.stated[k] = Some(n),
                _ => capped.push(
                    Finding::new(LogFacts::StatedNotDays {
                        column: STATED[k].to_string(),
                        text: excerpt(days),
                    })
                    .at(file, Some(line)),
                ),
            },
        }
    }
}

/// A pending row says "received, thinking": only the last row may; the
/// others are dropped with a finding.
fn pending_only_last(rows: Vec<Row>, file: &str, capped: &mut crate::finding::Capped) -> Vec<Row> {
    let last = rows.len().saturating_sub(1);
    let mut kept = Vec::with_capacity(rows.len());
    for (i, row) in rows.into_iter().enumerate() {
        if row.pending && i != last {
            capped.push(Finding::new(LogFacts::ThinkingRowNotLast).at(file, Some(row.line)));
        } else {
            kept.push(row);
        }
    }
    kept
}

/// One row from its seven fields, in [`COLUMNS`]' order.
///
/// # Errors
/// A field that cannot be read, or an ordinary row without a move.
fn parse_row(line: usize, fields: [&str; 7]) -> Result<Row, ParseRowError> {
    let [no, side, mv, received, sent, flag, note] = fields;
    let no = parse_move_no(no)?;
    let side = Side::parse(side).ok_or_else(|| ParseRowError::BadSide(side.to_string()))?;
    let flag = match flag {
        "" => Flag::Ordinary,
        _ => Flag::parse(flag).ok_or_else(|| ParseRowError::UnknownFlag(flag.to_string()))?,
    };
    let date = |column: &'static str, text: &str| {
        parse_opt_date(text).map_err(|error| ParseRowError::BadDate { column, error })
    };
    let received = date("received", received)?;
    let sent = date("sent", sent)?;
    let pending = flag == Flag::Ordinary && mv.is_empty() && sent.is_none() && received.is_some();
    if flag == Flag::Ordinary && mv.is_empty() && !pending {
        return Err(ParseRowError::NoMove);
    }
    Ok(Row {
        line,
        no,
        side,
        mv: clean(mv).into_owned(),
        received,
        sent,
        flag,
        note: clean(note).into_owned(),
        pending,
        stated: [None; 2],
    })
}

/// A move number as text, in any spelling `u32::from_str` takes.
///
/// # Errors
/// Not a number from 1 to [`MAX_MOVE_NO`].
fn parse_move_no(no: &str) -> Result<u32, ParseRowError> {
    match no.parse() {
        Ok(n) if (1..=MAX_MOVE_NO).contains(&n) => Ok(n),
        Ok(n) if n > MAX_MOVE_NO => Err(ParseRowError::MoveNoTooHigh(n.to_string())),
        _ if no.bytes().all(|b| b.is_ascii_digit()) && no.len() > 9 => Err(ParseRowError::MoveNoTooHigh(excerpt(no))),
        _ => Err(ParseRowError::NotAMoveNo(no.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::Code;

    const HEADER: &str = "no,side,move,received,sent,flag,note\n";

    fn parse(body: &str) -> MoveLog {
        MoveLog::parse("t/games/g.csv", format!("{HEADER}{body}").as_bytes())
    }

    fn only_bad(log: &MoveLog) -> (usize, String) {
        assert_eq!(log.findings.len(), 1, "{:?}", log.findings);
        let f = &log.findings[0];
        assert_eq!(f.code, Code::BadInput);
        assert_eq!(f.file.as_deref(), Some("t/games/g.csv"));
        (f.line.unwrap_or(0), crate::messages::en(f))
    }

    #[test]
    fn reads_every_column_and_the_three_date_forms() {
        let log = parse("1,white,e4,,2026-01-15,,first\n1,black,c5,16.01.2026,2026.01.18,,\n2,white,,2026-01-19,,,\n");
        assert!(log.findings.is_empty(), "{:?}", log.findings);
        assert_eq!(log.rows.len(), 3);
        assert_eq!(log.rows[1].received.unwrap().to_string(), "2026-01-16");
        assert_eq!(log.rows[1].sent.unwrap().to_string(), "2026-01-18");
        assert_eq!(log.rows[0].note, "first");
        assert!(log.rows[2].pending);
        assert_eq!(log.rows[2].line, 4);
    }

    #[test]
    fn every_flag_reads() {
        for flag in Flag::ALL {
            let mv = if flag == Flag::Ordinary { "e4" } else { "" };
            let log = parse(&format!("1,white,{mv},,2026-01-15,{},\n", flag.as_str()));
            assert!(log.findings.is_empty(), "{flag:?}: {:?}", log.findings);
            assert_eq!(log.rows[0].flag, flag);
        }
    }

    #[test]
    fn bad_date_names_line_and_text() {
        let (line, msg) = only_bad(&parse("1,white,e4,,2026-01-15,,\n1,black,c5,2026-13-45,2026-01-18,,\n"));
        assert_eq!(line, 3);
        assert!(msg.contains("2026-13-45"), "{msg}");
    }

    #[test]
    fn unknown_flag_and_side_and_number() {
        let (_, msg) = only_bad(&parse("1,white,e4,,2026-01-15,blitz,\n"));
        assert!(msg.contains("blitz"));
        let (_, msg) = only_bad(&parse("1,red,e4,,2026-01-15,,\n"));
        assert!(msg.contains("red"));
        let (_, msg) = only_bad(&parse("one,white,e4,,2026-01-15,,\n"));
        assert!(msg.contains("one"));
    }

    #[test]
    fn missing_column_is_named() {
        let log = MoveLog::parse(
            "t/games/g.csv",
            b"no,side,move,sent,flag,note\n1,white,e4,2026-01-15,,\n",
        );
        let (line, msg) = only_bad(&log);
        assert_eq!(line, 1);
        assert!(msg.contains("received"), "{msg}");
    }

    // docs/format.md: a file that is not UTF-8 and has no BOM is Windows-1251.
    #[test]
    fn not_utf8_is_read_as_windows_1251() {
        let mut bytes = HEADER.as_bytes().to_vec();
        bytes.extend_from_slice(
            b"1,white,e4,,2026-01-15,,\n1,black,c5,2026-01-16,2026-01-17,,\xcf\xf0\xe8\xe2\xe5\xf2\n",
        );
        let log = MoveLog::parse("t/games/g.csv", &bytes);
        assert!(log.findings.is_empty(), "{:?}", log.findings);
        assert_eq!(log.rows[1].note, "Привет");
    }

    #[test]
    fn move_number_over_ten_thousand() {
        for no in ["10001", "4294967295", "99999999999999999999"] {
            let (line, msg) = only_bad(&parse(&format!("{no},white,e4,,2026-01-15,,\n")));
            assert_eq!(line, 2);
            assert!(msg.contains("10000"), "{msg}");
        }
        assert!(parse("10000,white,e4,,2026-01-15,,\n").findings.is_empty());
    }

    #[test]
    fn semicolons_crlf_and_russian_messages() {
        let text = "No;Side;Move;Received;Sent;Flag;Note\r\n1;white;e4;;15.01.2026;;\r\n1;black;c5;16.01.2026;32.01.2026;;\r\n";
        let log = MoveLog::parse("t/games/g.csv", text.as_bytes());
        let (line, _) = only_bad(&log);
        let msg = crate::messages::ru(&log.findings[0]);
        assert_eq!(line, 3);
        assert!(msg.contains("не дата") && msg.contains("32.01.2026"), "{msg}");
        assert_eq!(log.rows.len(), 1);
    }

    #[test]
    fn random_bytes_and_huge_lines_do_not_panic() {
        let mut rng = crate::load::testing::Lcg::new(12345);
        let noise: Vec<u8> = (0..10_000).map(|_| rng.below(256) as u8).collect();
        let log = MoveLog::parse("g.csv", &noise);
        assert!(!log.findings.is_empty());
        let long = format!("1,white,{},,2026-01-15,,\n", "e".repeat(1 << 20));
        let log = parse(&long);
        assert_eq!(log.rows.len(), 1, "a long move is a row whose move will not read");
        assert!(log.rows[0].mv.len() == 1 << 20);
        assert!(excerpt(&log.rows[0].mv).len() < 100);
    }

    #[test]
    fn pending_row_only_last() {
        let (line, _) = only_bad(&parse("1,white,,2026-01-15,,,\n1,white,e4,,2026-01-15,,\n"));
        assert_eq!(line, 2);
    }
}
