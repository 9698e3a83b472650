//! Reading a game's PGN record (docs/format.md, "The PGN record") with pgn-reader. The visitor only
//! collects tags, SAN moves, `[%ccsnt …]` stamps and the result; legality is
//! checked later, in the parallel per-game stage.

use crate::messages::{Msg, msg};
use chrono::NaiveDate;
use pgn_reader::{Outcome, RawComment, RawTag, Reader, SanPlus, Skip, Visitor};
use std::cell::RefCell;
use std::io::{self, Cursor, Read};
use std::ops::ControlFlow;
use std::rc::Rc;

use crate::dates::{parse_date, parse_date_bytes};
use crate::finding::{Code, Finding};
use crate::load::text::clean_owned;
use crate::model::Language;

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
    let in_date = |b: &u8| b.is_ascii_digit() || matches!(b, b'.' | b'-');
    // The comment as nearly every PGN writes it, `[%ccsnt 2019.04.02,21:27]`,
    // read at its fixed places: a third of what the search costs (callgrind).
    // A date that reads is ten digits and separators starting with a digit,
    // so this is what the searches find when the next byte is no more of
    // the date; anything else goes on to them.
    if let Some(rest) = comment.strip_prefix(b"[%ccsnt ")
        && let Some((date, next)) = rest.split_first_chunk::<10>()
        && !next.first().is_some_and(in_date)
        && let Some(d) = parse_date_bytes(date)
    {
        return Some(Ok(d));
    }
    searched_stamp(comment)
}

/// [`stamp`] without its look at the fixed places: the command searched for.
fn searched_stamp(comment: &[u8]) -> Option<Result<NaiveDate, String>> {
    let in_date = |b: &u8| b.is_ascii_digit() || matches!(b, b'.' | b'-');
    // Found in the bytes, so that a comment without a stamp costs no copy.
    let at = find(comment, b"%ccsnt")?;
    let after = &comment[at + 6..];
    // The common stamp, `%ccsnt 2019.04.02,21:27`, read from the bytes: its
    // date is ASCII after ASCII blanks, and reads as the text below reads
    // it. Anything else, and a date that is not one, is read as text.
    let start = after
        .iter()
        .position(|b| !matches!(b, b' ' | b'\t'..=b'\r'))
        .unwrap_or(after.len());
    let date = &after[start..];
    let end = date.iter().position(|b| !in_date(b)).unwrap_or(date.len());
    if date.first().is_some_and(u8::is_ascii_digit)
        && let Some(d) = parse_date_bytes(&date[..end])
    {
        return Some(Ok(d));
    }
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

/// Where `needle` first stands in `hay`. Each of its first byte is looked
/// at, not each window of its length: cheaper in a comment that holds it
/// once, with the stamp's time after it.
fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let (&first, _) = needle.split_first()?;
    let mut from = 0;
    while let Some(i) = hay[from..].iter().position(|&b| b == first) {
        let at = from + i;
        if hay[at..].starts_with(needle) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// The bytes a kept [`Reader`] reads: each file's, put in by
/// [`with_reader`].
#[derive(Clone, Default)]
struct Feed(Rc<RefCell<Cursor<Vec<u8>>>>);

impl Read for Feed {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.borrow_mut().read(buf)
    }
}

thread_local! {
    /// This thread's PGN reader and its feed, kept from file to file (as
    /// the table reader keeps csv's parser): a new `Reader` zeroes a 16 KB
    /// buffer, which cost more than reading a game's record (callgrind).
    static READER: RefCell<Option<(Reader<Feed>, Feed)>> = const { RefCell::new(None) };
}

/// Runs `read` with a reader of `bytes`: this thread's kept one, given
/// `bytes` to read, or a new one. It is kept again only when `read` says it
/// read to the end (`true`), which leaves its buffer empty and nothing
/// pending; after an error it is dropped.
fn with_reader(bytes: &[u8], read: impl FnOnce(&mut Reader<Feed>) -> bool) {
    let (mut reader, feed) = READER.take().unwrap_or_else(|| {
        let feed = Feed::default();
        (Reader::new(feed.clone()), feed)
    });
    {
        let mut input = feed.0.borrow_mut();
        input.get_mut().clear();
        input.get_mut().extend_from_slice(bytes);
        input.set_position(0);
    }
    if read(&mut reader) {
        // A big file's copy is not kept for the rest of the run.
        let mut input = feed.0.borrow_mut();
        input.get_mut().clear();
        input.get_mut().shrink_to(1 << 16);
        drop(input);
        READER.set(Some((reader, feed)));
    }
}

/// The line (1-based) of byte offset `at` in `bytes`.
fn line_of(bytes: &[u8], at: usize) -> usize {
    1 + bytes[..at.min(bytes.len())].iter().filter(|&&b| b == b'\n').count()
}

impl PgnFile {
    /// Parses every game of a PGN file, with English findings. `file` names
    /// it in findings.
    pub fn parse(file: &str, bytes: &[u8]) -> PgnFile {
        PgnFile::parse_in(file, bytes, Language::En)
    }

    /// Parses every game of a PGN file, with findings in `lang`.
    pub fn parse_in(file: &str, bytes: &[u8], lang: Language) -> PgnFile {
        let mut out = PgnFile::default();
        let bad = |line: Option<usize>, msg: String| Finding::new(Code::BadInput, msg).at(file, line);
        // UTF-16 (with its BOM) and Windows-1251 are read as the tables
        // are; the rest must be UTF-8.
        let utf16 = matches!(encoding_rs::Encoding::for_bom(bytes), Some((e, _)) if e != encoding_rs::UTF_8);
        let decoded;
        let bytes = if utf16 || std::str::from_utf8(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)).is_err() {
            match crate::load::table::decode(bytes, lang) {
                Ok((text, _)) => {
                    decoded = text;
                    decoded.as_bytes()
                }
                Err(msg) => {
                    out.findings.push(bad(None, msg));
                    return out;
                }
            }
        } else {
            bytes
        };
        // memchr's SIMD scan, not a byte at a time (~3 instructions a byte
        // of every PGN, callgrind).
        if let Some(at) = memchr::memchr(0, bytes) {
            out.findings
                .push(bad(Some(line_of(bytes, at)), msg(lang, Msg::PgnHoldsNul, &[])));
            return out;
        }
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        with_reader(bytes, |reader| {
            let mut collector = Collector;
            loop {
                match reader.read_game(&mut collector) {
                    Ok(Some(game)) => {
                        if game.tags.is_empty() && game.moves.is_empty() && game.outcome.is_none() {
                            continue;
                        }
                        for (ply, text) in &game.bad_stamps {
                            out.findings.push(bad(
                                None,
                                msg(
                                    lang,
                                    Msg::PgnStampNotADate,
                                    &[&(ply / 2 + 1), &if ply % 2 == 0 { "." } else { "..." }, &text],
                                ),
                            ));
                        }
                        out.games.push(game);
                    }
                    Ok(None) => break true,
                    Err(e) => {
                        out.findings.push(bad(None, msg(lang, Msg::PgnUnreadableToEnd, &[&e])));
                        break false;
                    }
                }
            }
        });
        out
    }

    /// Reads and parses a PGN file from disk.
    ///
    /// # Errors
    /// When the file cannot be read; the error names the path.
    pub fn from_file(path: &std::path::Path, file: &str) -> anyhow::Result<PgnFile> {
        PgnFile::from_file_in(path, file, Language::En)
    }

    /// As [`PgnFile::from_file`], with findings in `lang`.
    ///
    /// # Errors
    /// When the file cannot be read; the error names the path.
    pub fn from_file_in(path: &std::path::Path, file: &str, lang: Language) -> anyhow::Result<PgnFile> {
        let bytes = crate::load::table::read_regular(path, lang)?;
        Ok(PgnFile::parse_in(file, &bytes, lang))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_is_the_first_window_that_is_the_needle() {
        for hay in [
            "",
            "%",
            "%ccsn",
            "%ccsnt",
            "%%ccsnt",
            "[%clk 1:00] [%ccsnt 2019.04.02]",
            "%ccsn%ccsnt%ccsnt",
            "x%ccsntx",
        ] {
            let hay = hay.as_bytes();
            assert_eq!(
                find(hay, b"%ccsnt"),
                hay.windows(6).position(|w| w == b"%ccsnt"),
                "{hay:?}"
            );
        }
    }

    // The thread's kept reader reads every file as a new reader does,
    // after whatever it read before: a file it read to its end, one it
    // could not, one cut off in a tag or a comment, or none.
    #[test]
    fn a_kept_reader_reads_each_file_as_a_new_one() {
        let long_tag = format!("[White \"{}\"]\n\n1. e4 *\n", "x".repeat(70_000));
        let files: Vec<Vec<u8>> = vec![
            b"[White \"A\"]\n\n1. e4 {[%ccsnt 2019.04.02]} e5 1-0\n\n[White \"B\"]\n\n1. d4 *\n".to_vec(),
            b"[White \"A".to_vec(),
            b"[White \"A\"]\n\n1. e4 {[%ccsnt 2019.04".to_vec(),
            long_tag.into_bytes(),
            Vec::new(),
            b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *".to_vec(),
            b"\xff\xfe[\x00".to_vec(),
            b"}}}{{{ ))(( 1-0 0-1 [[ ]]".to_vec(),
        ];
        let new = |bytes: Vec<u8>| {
            std::thread::spawn(move || format!("{:?}", PgnFile::parse("g.pgn", &bytes)))
                .join()
                .unwrap()
        };
        for _ in 0..2 {
            for bytes in &files {
                assert_eq!(
                    format!("{:?}", PgnFile::parse("g.pgn", bytes)),
                    new(bytes.clone()),
                    "{:?}",
                    String::from_utf8_lossy(&bytes[..bytes.len().min(60)])
                );
            }
        }
    }

    // The fixed places of `stamp` read what the search reads: comments that
    // start as the usual stamp, followed by random dates, near-dates and
    // stray bytes.
    #[test]
    fn stamp_at_fixed_places_is_the_stamp_searched() {
        let mut rng = crate::testing::Lcg::new(0x5eed);
        let mut next = |n: usize| rng.below(n as u64) as usize;
        let mut fast = 0;
        for _ in 0..50_000 {
            let mut c = b"[%ccsnt ".to_vec();
            let (y, m, d) = (2000 + next(40), next(14), next(33));
            let date = match next(4) {
                0 => format!("{y:04}.{m:02}.{d:02}"),
                1 => format!("{y:04}-{m:02}-{d:02}"),
                2 => format!("{d:02}.{m:02}.{y:04}"),
                _ => format!("{y}.{m}.{d}"),
            };
            c.extend_from_slice(date.as_bytes());
            for _ in 0..next(4) {
                let at = next(c.len() - 1) + 1;
                c[at] = b"0123456789.-, ]x\xd0"[next(17)];
            }
            c.extend_from_slice([&b"]"[..], b",21:27]", b"1]", b".]", b"", b" \xd0\x96"][next(6)]);
            assert_eq!(stamp(&c), searched_stamp(&c), "{:?}", String::from_utf8_lossy(&c));
            fast += usize::from(matches!(stamp(&c), Some(Ok(_))));
        }
        assert!(fast > 5_000, "{fast}");
    }

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
        assert!(f.findings[0].message.contains("move 1.") && f.findings[0].message.contains("2026.02.30"));
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
        assert!(f.findings[0].message.contains("comment"));
        let f = PgnFile::parse("g.pgn", b"[White \"A\"]\n\n1. e4\0 e5\n");
        assert_eq!(f.findings[0].line, Some(3));
        assert!(f.games.is_empty());
    }
}
