//! Reading `games/<game>.csv`, the move log (SPEC 5). Parsing is pure: the
//! text comes in, rows and `bad-input` findings come out, with file and line.

use crate::dates::parse_opt_date;
use crate::finding::{Code, Finding};
use crate::model::{Flag, Row, Side};

/// The columns of a move log, in the order SPEC 5 writes them.
pub const COLUMNS: [&str; 7] = ["no", "side", "move", "received", "sent", "flag", "note"];

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
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let head: String = text.chars().take(MAX).collect();
        format!("{head}… ({} characters)", text.chars().count())
    }
}

impl MoveLog {
    /// Parses a move log. `file` names it in findings.
    pub fn parse(file: &str, bytes: &[u8]) -> MoveLog {
        let mut log = MoveLog::default();
        let bad = |line: Option<usize>, msg: String| Finding::new(Code::BadInput, msg).at(file, line);
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        if bytes.contains(&0) {
            log.findings
                .push(bad(None, "the move log holds NUL bytes: it is not a text file".into()));
            return log;
        }
        let mut reader = csv::ReaderBuilder::new()
            .flexible(true)
            .has_headers(false)
            .from_reader(bytes);
        let mut records = reader.byte_records();
        let header = match records.next() {
            Some(Ok(h)) => h,
            Some(Err(e)) => {
                log.findings
                    .push(bad(Some(1), format!("the header row cannot be read: {e}")));
                return log;
            }
            None => {
                log.findings.push(bad(
                    None,
                    "the move log is empty: it needs the header row no,side,move,received,sent,flag,note".into(),
                ));
                return log;
            }
        };
        let names: Vec<String> = header
            .iter()
            .map(|f| String::from_utf8_lossy(f).trim().to_ascii_lowercase())
            .collect();
        let mut index = [None; 7];
        for (i, col) in COLUMNS.iter().enumerate() {
            index[i] = names.iter().position(|n| n == col);
        }
        let missing: Vec<&str> = COLUMNS
            .iter()
            .zip(index)
            .filter(|(_, i)| i.is_none())
            .map(|(c, _)| *c)
            .collect();
        if !missing.is_empty() {
            log.findings.push(bad(
                Some(1),
                format!(
                    "the header row lacks the column(s) {} (expected no,side,move,received,sent,flag,note)",
                    missing.join(", ")
                ),
            ));
            // Without the columns that place a move in time, no row means anything.
            if index[..5].iter().any(Option::is_none) {
                return log;
            }
        }
        let mut raw_rows = Vec::new();
        for record in records {
            let record = match record {
                Ok(r) => r,
                Err(e) => {
                    let line = e.position().map(|p| p.line() as usize);
                    log.findings.push(bad(line, format!("the row cannot be read: {e}")));
                    continue;
                }
            };
            let line = record.position().map_or(0, |p| p.line() as usize);
            if record.iter().all(|f| f.iter().all(u8::is_ascii_whitespace)) {
                continue;
            }
            match std::str::from_utf8(record.as_slice()) {
                Ok(_) => {}
                Err(_) => {
                    log.findings.push(bad(
                        Some(line),
                        "the row is not valid UTF-8 text (save the file as UTF-8)".into(),
                    ));
                    continue;
                }
            }
            if record.len() > names.len() {
                log.findings.push(bad(
                    Some(line),
                    format!("the row has {} fields, the header {}", record.len(), names.len()),
                ));
                continue;
            }
            let field = |col: usize| -> &str {
                index[col]
                    .and_then(|i| record.get(i))
                    .map(|f| std::str::from_utf8(f).unwrap_or("").trim())
                    .unwrap_or("")
            };
            match parse_row(
                line,
                [field(0), field(1), field(2), field(3), field(4), field(5), field(6)],
            ) {
                Ok(row) => raw_rows.push(row),
                Err(msg) => log.findings.push(bad(Some(line), msg)),
            }
        }
        // A pending row says "received, thinking": only the last row may.
        let last = raw_rows.len().saturating_sub(1);
        for (i, row) in raw_rows.into_iter().enumerate() {
            if row.pending && i != last {
                log.findings.push(bad(
                    Some(row.line),
                    "a row with a received date but no move and no sent date may only be the last row (the move being thought over)".into(),
                ));
                continue;
            }
            log.rows.push(row);
        }
        log
    }

    /// Reads and parses a move log from disk.
    ///
    /// # Errors
    /// When the file cannot be read; the error names the path.
    pub fn from_file(path: &std::path::Path, file: &str) -> anyhow::Result<MoveLog> {
        use anyhow::Context;
        let bytes = std::fs::read(path).with_context(|| format!("failed to read `{}`", path.display()))?;
        Ok(MoveLog::parse(file, &bytes))
    }
}

/// One row from its seven fields, or a sentence saying what is wrong.
fn parse_row(line: usize, f: [&str; 7]) -> Result<Row, String> {
    let [no, side, mv, received, sent, flag, note] = f;
    let no: u32 = match no.parse() {
        Ok(n) if n >= 1 => n,
        _ => return Err(format!("`no` must be a move number (1, 2, 3…), not `{}`", excerpt(no))),
    };
    let side = Side::parse(side).ok_or_else(|| format!("`side` must be white or black, not `{}`", excerpt(side)))?;
    let flag = Flag::parse(flag).ok_or_else(|| {
        format!(
            "unknown flag `{}` (known: accepted, variant, illegible, impossible, ambiguous, no-move, wrong-repeat, request, repeat, lost, resign, draw, record, adjudication)",
            excerpt(flag)
        )
    })?;
    let received = parse_opt_date(received).map_err(|e| format!("`received`: {e}"))?;
    let sent = parse_opt_date(sent).map_err(|e| format!("`sent`: {e}"))?;
    let pending = flag == Flag::Ordinary && mv.is_empty() && sent.is_none() && received.is_some();
    if flag == Flag::Ordinary && mv.is_empty() && !pending {
        return Err("an ordinary row needs a move (a message without a move is flagged no-move, 51.3.5)".into());
    }
    Ok(Row {
        line,
        no,
        side,
        mv: mv.to_string(),
        received,
        sent,
        flag,
        note: note.to_string(),
        pending,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "no,side,move,received,sent,flag,note\n";

    fn parse(body: &str) -> MoveLog {
        MoveLog::parse("t/games/g.csv", format!("{HEADER}{body}").as_bytes())
    }

    fn only_bad(log: &MoveLog) -> (usize, String) {
        assert_eq!(log.findings.len(), 1, "{:?}", log.findings);
        let f = &log.findings[0];
        assert_eq!(f.code, Code::BadInput);
        assert_eq!(f.file.as_deref(), Some("t/games/g.csv"));
        (f.line.unwrap_or(0), f.message.clone())
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

    #[test]
    fn invalid_utf8_row_is_reported_and_the_rest_read() {
        let mut bytes = HEADER.as_bytes().to_vec();
        bytes.extend_from_slice(b"1,white,e4,,2026-01-15,,\n1,black,c5,2026-01-16,2026-01-17,,\xff\xfe\n2,white,Nf3,2026-01-18,2026-01-19,,\n");
        let log = MoveLog::parse("t/games/g.csv", &bytes);
        let (line, _) = only_bad(&log);
        assert_eq!(line, 3);
        assert_eq!(log.rows.len(), 2);
    }

    #[test]
    fn random_bytes_and_huge_lines_do_not_panic() {
        let mut seed = 12345u64;
        let noise: Vec<u8> = (0..10_000)
            .map(|_| {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                (seed >> 33) as u8
            })
            .collect();
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
