//! Reading a game's PGN record (docs/format.md, "The PGN record") with pgn-reader. The visitor only
//! collects tags, SAN moves, `[%ccsnt …]` stamps and the result; legality is
//! checked later, in the parallel per-game stage.

use chrono::NaiveDate;
use pgn_reader::{Outcome, RawComment, RawTag, Reader, SanPlus, Skip, Visitor};
use std::ops::ControlFlow;

use crate::dates::parse_date;
use crate::finding::{Facts, Finding, PgnFileFacts};
use crate::load::text::clean_owned;
use crate::model::Side;

/// One game of a PGN file, as written.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PgnGame {
    /// Tags in file order, values decoded as UTF-8 (lossily).
    pub tags: Vec<(String, String)>,
    pub moves: Vec<SanPlus>,
    /// The `%ccsnt` date after each move, where one was given.
    pub stamps: Vec<Option<NaiveDate>>,
    /// The result token at the end of the movetext, if any.
    pub outcome: Option<Outcome>,
    /// `%ccsnt` stamps whose date is not a date (`2026.02.30`): the
    /// half-move (0-based) and the text.
    pub bad_stamps: Vec<(usize, String)>,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    pub fn has_stamps(&self) -> bool {
        self.stamps.iter().any(Option::is_some)
    }
}

/// A PGN file read: its games and what was wrong with it.
#[derive(Debug, Clone, Default)]
pub struct PgnFile {
    pub games: Vec<PgnGame>,
    pub findings: Vec<Finding>,
}

struct Collector;

impl Visitor for Collector {
    type Tags = Vec<(String, String)>;
    type Movetext = PgnGame;
    type Output = PgnGame;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        tags.push((
            clean_owned(String::from_utf8_lossy(name).into_owned()),
            clean_owned(value.decode_utf8_lossy().into_owned()),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        // Room for a long game's moves and stamps, not grown move by move.
        ControlFlow::Continue(PgnGame {
            tags,
            moves: Vec::with_capacity(128),
            stamps: Vec::with_capacity(128),
            ..PgnGame::default()
        })
    }

    fn san(&mut self, game: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        game.moves.push(san_plus);
        game.stamps.push(None);
        ControlFlow::Continue(())
    }

    fn comment(&mut self, game: &mut Self::Movetext, comment: RawComment<'_>) -> ControlFlow<Self::Output> {
        match (stamp(comment.as_bytes()), game.stamps.last_mut()) {
            (Some(Ok(date)), Some(last)) => *last = Some(date),
            (Some(Err(text)), Some(_)) => game.bad_stamps.push((game.moves.len() - 1, clean_owned(text))),
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _game: &mut Self::Movetext) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn outcome(&mut self, game: &mut Self::Movetext, outcome: Outcome) -> ControlFlow<Self::Output> {
        game.outcome = Some(outcome);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: Self::Movetext) -> Self::Output {
        game
    }
}

/// The date of a `[%ccsnt 2019.04.02,21:27]` command in a comment.
pub fn ccsnt(comment: &[u8]) -> Option<NaiveDate> {
    stamp(comment).and_then(Result::ok)
}

/// A comment's `%ccsnt` command: its date, or the text that is not one.
fn stamp(comment: &[u8]) -> Option<Result<NaiveDate, String>> {
    let at = comment.windows(6).position(|w| w == b"%ccsnt")?;
    let after = &comment[at + 6..];
    let text = String::from_utf8_lossy(after);
    let rest = text.trim_start();
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .unwrap_or(rest.len());
    Some(parse_date(&rest[..end]).map_err(|_| {
        let shown: String = rest
            .chars()
            .take_while(|c| !matches!(c, ']' | ',' | ' '))
            .take(40)
            .collect();
        shown
    }))
}

/// The line (1-based) of byte offset `at` in `bytes`.
fn line_of(bytes: &[u8], at: usize) -> usize {
    1 + bytes[..at.min(bytes.len())].iter().filter(|&&b| b == b'\n').count()
}

/// A game's tag values without what reads as an address (docs/format.md,
/// "Names are names"), each with its finding at the first line that writes
/// that tag. A warning: the record itself was read whole, so the game is
/// not put under review for it.
fn without_addresses(game: &mut PgnGame, file: &str, bytes: &[u8], findings: &mut Vec<Finding>) {
    for (name, value) in &mut game.tags {
        if crate::load::names::without_address(value).is_none() {
            continue;
        }
        let open = format!("[{name}");
        let line = String::from_utf8_lossy(bytes)
            .lines()
            .position(|l| l.trim_start().starts_with(&open))
            .map(|n| n + 1);
        let (shown, found) = crate::load::names::shown_text(value, String::new, file, line);
        *value = shown;
        findings.extend(found.map(|f| f.severity(crate::finding::Severity::Warning)));
    }
}

impl PgnFile {
    /// Parses every game of a PGN file. `file` names it in findings.
    pub fn parse(file: &str, bytes: &[u8]) -> PgnFile {
        let mut out = PgnFile::default();
        let bad = |line: Option<usize>, facts: Facts| Finding::new(facts).at(file, line);
        // UTF-16 (with its BOM) and Windows-1251 are read as the tables
        // are; the rest must be UTF-8.
        let utf16 = matches!(encoding_rs::Encoding::for_bom(bytes), Some((e, _)) if e != encoding_rs::UTF_8);
        let decoded;
        let bytes = if utf16 || std::str::from_utf8(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)).is_err() {
            match crate::load::table::decode(bytes) {
                Ok((text, _)) => {
                    decoded = text;
                    decoded.as_bytes()
                }
                Err(facts) => {
                    out.findings.push(bad(None, facts));
                    return out;
                }
            }
        } else {
            bytes
        };
        if let Some(at) = bytes.iter().position(|&b| b == 0) {
            out.findings
                .push(bad(Some(line_of(bytes, at)), PgnFileFacts::PgnHoldsNul.into()));
            return out;
        }
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        let mut reader = Reader::new(bytes);
        let mut collector = Collector;
        loop {
            match reader.read_game(&mut collector) {
                Ok(Some(game)) => {
                    if game.tags.is_empty() && game.moves.is_empty() && game.outcome.is_none() {
                        continue;
                    }
                    let mut game = game;
                    without_addresses(&mut game, file, bytes, &mut out.findings);
                    for (ply, text) in &game.bad_stamps {
                        out.findings.push(bad(
                            None,
                            PgnFileFacts::PgnStampNotADate {
                                move_no: (ply / 2 + 1) as u32,
                                side: if ply % 2 == 0 { Side::White } else { Side::Black },
                                text: text.clone(),
                            }
                            .into(),
                        ));
                    }
                    out.games.push(game);
                }
                Ok(None) => break,
                Err(e) => {
                    out.findings.push(bad(
                        None,
                        PgnFileFacts::PgnUnreadableToEnd { error: e.to_string() }.into(),
                    ));
                    break;
                }
            }
        }
        out
    }

    /// Reads and parses a PGN file from disk.
    ///
    /// # Errors
    /// When the file cannot be read; the facts name the path.
    pub fn from_file(path: &std::path::Path, file: &str) -> Result<PgnFile, Facts> {
        let bytes = crate::load::table::read_regular(path)?;
        Ok(PgnFile::parse(file, &bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tags_moves_stamps_and_result() {
        let pgn = "\u{feff}[White \"A\"]\r\n[Black \"B\"]\r\n[Result \"1-0\"]\r\n\r\n1. e4 {[%ccsnt 2019.04.02,21:27]} e5 {[%ccsnt 2019.04.03]} (1... c5 2. Nf3) 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\r\n";
        let file = PgnFile::parse("g.pgn", pgn.as_bytes());
        assert!(file.findings.is_empty(), "{:?}", file.findings);
        let g = &file.games[0];
        assert_eq!(g.tag("White"), Some("A"));
        assert_eq!(g.moves.len(), 7);
        assert_eq!(g.stamps[0].unwrap().to_string(), "2019-04-02");
        assert_eq!(g.stamps[1].unwrap().to_string(), "2019-04-03");
        assert_eq!(g.stamps[2], None);
        assert!(matches!(g.outcome, Some(Outcome::Known(_))));
    }

    // Dates in stamps are checked as in the move log: an impossible one is
    // bad input, not dropped silently.
    #[test]
    fn impossible_stamp_is_a_finding() {
        let pgn = "[White \"A\"]\n\n1. e4 {[%ccsnt 2026.02.30,10:00]} e5 {[%ccsnt 2026.03.01]} *\n";
        let f = PgnFile::parse("g.pgn", pgn.as_bytes());
        assert_eq!(f.findings.len(), 1, "{:?}", f.findings);
        assert!(
            crate::messages::en(&f.findings[0]).contains("move 1.")
                && crate::messages::en(&f.findings[0]).contains("2026.02.30")
        );
        assert_eq!(
            f.games[0].stamps,
            vec![None, Some(NaiveDate::from_ymd_opt(2026, 3, 1).unwrap())]
        );
    }

    #[test]
    fn windows_1251_and_utf16_pgn_read_their_names() {
        let text = "[White \"Петров, Пётр\"]\r\n[Black \"Б\"]\r\n\r\n1. e4 e5 *\r\n";
        let cp1251 = encoding_rs::WINDOWS_1251.encode(text).0.into_owned();
        let mut le = vec![0xFF, 0xFE];
        le.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
        for bytes in [cp1251, le] {
            let f = PgnFile::parse("g.pgn", &bytes);
            assert!(f.findings.is_empty(), "{:?}", f.findings);
            assert_eq!(f.games[0].tag("White"), Some("Петров, Пётр"));
            assert_eq!(f.games[0].moves.len(), 2);
        }
    }

    #[test]
    fn unclosed_comment_and_nul_are_findings() {
        let f = PgnFile::parse("g.pgn", b"[White \"A\"]\n\n1. e4 { never closed e5 2. Nf3\n");
        assert_eq!(f.findings.len(), 1, "{:?}", f.findings);
        assert!(crate::messages::en(&f.findings[0]).contains("comment"));
        let f = PgnFile::parse("g.pgn", b"[White \"A\"]\n\n1. e4\0 e5\n");
        assert_eq!(f.findings[0].line, Some(3));
        assert!(f.games.is_empty());
    }
}
