//! Moves as players write them (51.2.4, 51.3.6): SAN (`Nf3`, `exd5`, `O-O`,
//! `e8=Q`), long algebraic (`Ng1-f3`, `e7xd8=Q`), UCI (`g1f3`), ICCF numeric
//! notation (`7163`, castling as the king's move `5171`, a fifth digit 1–4
//! promoting to queen, rook, bishop, knight), castling with zeros (`0-0`) and
//! Russian piece letters (Кр, Ф, Л, С, К). Check, capture and other signs are
//! ignored (51.3.6): a move is its piece, its squares and its promotion.
//! A move that is not legal as written is read again with its look-alike
//! letters (Cyrillic `е4`, `О-О`, Latin `Kf6` for the Russian К, knight):
//! one legal move so found is taken, and the reading is reported.

use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, File, Move, Position, Rank, Role, Square};
use std::fmt;

use crate::model::Notation;

/// A text that is no move in any accepted notation, whatever the
/// position (as shakmaty's `ParseSanError`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct ParseMoveError;

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a move in any accepted notation")
    }
}

impl std::error::Error for ParseMoveError {}

/// A well-written move that does not fit the position (as shakmaty's
/// `SanError`). Ordered by gravity: an ambiguous reading outweighs an
/// illegal one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum MoveError {
    /// No legal move fits it (51.3.1).
    Illegal,
    /// More than one legal move fits it.
    Ambiguous,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveError::Illegal => "not a legal move in this position",
            MoveError::Ambiguous => "fits more than one legal move",
        })
    }
}

impl std::error::Error for MoveError {}

/// Why a written move is not a move in the position: its text, or the
/// position. Ordered by gravity: a position error outweighs a syntax one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum NotationError {
    Syntax(ParseMoveError),
    Position(MoveError),
}

impl NotationError {
    pub const ILLEGAL: NotationError = NotationError::Position(MoveError::Illegal);
    pub const AMBIGUOUS: NotationError = NotationError::Position(MoveError::Ambiguous);
}

impl From<ParseMoveError> for NotationError {
    fn from(e: ParseMoveError) -> NotationError {
        NotationError::Syntax(e)
    }
}

impl From<MoveError> for NotationError {
    fn from(e: MoveError) -> NotationError {
        NotationError::Position(e)
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Syntax(e) => e.fmt(f),
            NotationError::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for NotationError {}

/// What a written move says, before it meets a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pattern {
    Castle {
        long: bool,
    },
    Piece {
        role: Option<Role>,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        to: Square,
        promotion: Option<Role>,
    },
}

/// The signs 51.3.6 ignores (check, mate, capture, comments), and the
/// separators of long algebraic notation.
fn ignored(c: char) -> bool {
    matches!(
        c,
        '+' | '#' | '!' | '?' | 'x' | 'X' | ':' | '-' | '=' | ' ' | '×' | 'х' | '(' | ')' | '.' | '/'
    )
}

/// Replaces Russian piece letters (Кр Ф Л С К, and castling with the
/// Cyrillic О: Russian notation as written, 51.2.4) and drops the signs
/// 51.3.6 ignores, `e.p.` among them.
fn normalize(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    let mut rest = t;
    while let Some(c) = rest.chars().next() {
        rest = &rest[c.len_utf8()..];
        let letter = match c {
            'e' if rest.starts_with(".p.") => {
                rest = &rest[".p.".len()..];
                continue;
            }
            'е' if rest.starts_with(".п.") => {
                rest = &rest[".п.".len()..];
                continue;
            }
            'К' if rest.starts_with(['р', 'Р']) => {
                rest = &rest['р'.len_utf8()..];
                'K'
            }
            'К' => 'N',
            'Ф' => 'Q',
            'Л' => 'R',
            'С' => 'B',
            'О' => 'O',
            c if ignored(c) => continue,
            c => c,
        };
        out.push(letter);
    }
    out
}

fn role_of(c: u8) -> Option<Role> {
    match c {
        b'K' => Some(Role::King),
        b'Q' => Some(Role::Queen),
        b'R' => Some(Role::Rook),
        b'B' => Some(Role::Bishop),
        b'N' => Some(Role::Knight),
        b'P' => Some(Role::Pawn),
        _ => None,
    }
}

fn parse_pattern(text: &str) -> Result<Pattern, ParseMoveError> {
    let s = normalize(text.trim());
    if !s.is_ascii() {
        return Err(ParseMoveError);
    }
    parse_letters(s.as_bytes())
}

/// A move from its letters, the signs dropped and the Russian piece letters
/// replaced (ASCII).
fn parse_letters(b: &[u8]) -> Result<Pattern, ParseMoveError> {
    match b {
        b"OO" | b"00" | b"oo" => return Ok(Pattern::Castle { long: false }),
        b"OOO" | b"000" | b"ooo" => return Ok(Pattern::Castle { long: true }),
        [] => return Err(ParseMoveError),
        _ => {}
    }
    // ICCF numeric notation (Article 53): file digit, rank digit, twice.
    if (b.len() == 4 || b.len() == 5) && b.iter().all(u8::is_ascii_digit) {
        let digit = |i: usize| u32::from(b[i] - b'0');
        if (0..4).any(|i| !(1..=8).contains(&digit(i))) {
            return Err(ParseMoveError);
        }
        let promotion = match b.get(4).map(|c| c - b'0') {
            None => None,
            Some(1) => Some(Role::Queen),
            Some(2) => Some(Role::Rook),
            Some(3) => Some(Role::Bishop),
            Some(4) => Some(Role::Knight),
            Some(_) => return Err(ParseMoveError),
        };
        return Ok(Pattern::Piece {
            role: None,
            from_file: Some(File::new(digit(0) - 1)),
            from_rank: Some(Rank::new(digit(1) - 1)),
            to: Square::from_coords(File::new(digit(2) - 1), Rank::new(digit(3) - 1)),
            promotion,
        });
    }
    let (role, mut rest) = match b.split_first() {
        Some((&c, rest)) if role_of(c).is_some() => (role_of(c), rest),
        _ => (None, b),
    };
    // A promotion piece after the target square (`e8Q`, `e7d8q`).
    let promotion = match rest {
        [.., d, c] if rest.len() >= 3 && b"QRBNqrbn".contains(c) && d.is_ascii_digit() => {
            let p = role_of(c.to_ascii_uppercase());
            rest = &rest[..rest.len() - 1];
            p
        }
        _ => None,
    };
    let file = |c: u8| (b'a'..=b'h').contains(&c).then(|| File::new(u32::from(c - b'a')));
    let rank = |c: u8| (b'1'..=b'8').contains(&c).then(|| Rank::new(u32::from(c - b'1')));
    let [from @ .., f, r] = rest else {
        return Err(ParseMoveError);
    };
    let to = match (file(*f), rank(*r)) {
        (Some(f), Some(r)) => Square::from_coords(f, r),
        _ => return Err(ParseMoveError),
    };
    let (from_file, from_rank) = match from {
        [] => (None, None),
        [c] if file(*c).is_some() => (file(*c), None),
        [c] if rank(*c).is_some() => (None, rank(*c)),
        [f, r] => match (file(*f), rank(*r)) {
            (Some(f), Some(r)) => (Some(f), Some(r)),
            _ => return Err(ParseMoveError),
        },
        _ => return Err(ParseMoveError),
    };
    Ok(Pattern::Piece {
        role,
        from_file,
        from_rank,
        to,
        promotion,
    })
}

/// Where a move's king lands when castling, else its target square.
fn target(m: &Move) -> Square {
    // As `m.to_uci(CastlingMode::Standard)` names it, without building the
    // `UciMove`: this runs for every candidate of every move.
    match *m {
        Move::Castle { king, rook } => Square::from_coords(
            shakmaty::CastlingSide::from_king_side(king < rook).king_to_file(),
            king.rank(),
        ),
        _ => m.to(),
    }
}

/// A move read from its text: the move, and the look-alike reading it took
/// when it was not legal as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    pub mv: Move,
    /// The move in SAN (without its check sign), told apart from the moves
    /// it was read among: [`San::from_move`] without generating them again.
    pub san: San,
    /// The text as read (`e4` for a Cyrillic `е4`, `Nf6` for a Latin `Kf6`
    /// meaning the Russian К), when a look-alike reading was used.
    pub read_as: Option<String>,
}

/// A move that could not be read: why, and the look-alike readings tried.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unread {
    pub error: NotationError,
    /// The look-alike readings tried besides the text as written.
    pub tried: Vec<String>,
}

/// The letters a letter may have been typed for: Cyrillic letters that look
/// like Latin ones (files `а` `с` `е` `һ`, castling `о` `О`, `В` for B, `К`
/// for K), and Latin letters meaning Russian pieces (`K` for К, knight; `C`
/// for С, bishop).
fn look_alikes(c: char) -> &'static [char] {
    match c {
        'а' => &['a'],
        'с' => &['c'],
        'е' => &['e'],
        'һ' => &['h'],
        'о' => &['o'],
        'О' => &['O'],
        'В' => &['B'],
        'К' => &['K'],
        'K' => &['N'],
        'C' => &['B'],
        _ => &[],
    }
}

/// Every look-alike reading of `text` (not `text` itself), in a fixed
/// order; at most the first 8 letters with look-alikes are varied.
fn readings(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() > 24 {
        return Vec::new();
    }
    let varied: Vec<usize> = (0..chars.len())
        .filter(|&i| !look_alikes(chars[i]).is_empty())
        .take(8)
        .collect();
    let mut out: Vec<Vec<char>> = vec![chars.clone()];
    for &i in &varied {
        let mut next = Vec::new();
        for r in &out {
            next.push(r.clone());
            for &alt in look_alikes(chars[i]) {
                let mut v = r.clone();
                v[i] = alt;
                next.push(v);
            }
        }
        out = next;
    }
    out.into_iter().skip(1).map(|v| v.into_iter().collect()).collect()
}

/// Reads a written move against a position (51.2.4): first as written, in
/// every notation; only when that gives no legal move, in every look-alike
/// reading of its letters. One legal move so found is taken, with the
/// reading; two different ones are ambiguous.
///
/// # Errors
/// As [`parse_move`], with the readings tried. The error is the gravest
/// of all readings' (ambiguous, then illegal, then syntax).
pub fn read_move(pos: &Chess, text: &str) -> Result<Reading, Unread> {
    let first = match parse_written(pos, text) {
        Ok((mv, san)) => return Ok(Reading { mv, san, read_as: None }),
        Err(e) => e,
    };
    let tried = readings(text);
    let mut found: Vec<(Move, San, &str)> = Vec::new();
    let mut error = first;
    for r in &tried {
        match parse_written(pos, r) {
            Ok((m, san)) if !found.iter().any(|(f, ..)| *f == m) => found.push((m, san, r)),
            Ok(_) => {}
            Err(e) => error = graver(error, e),
        }
    }
    match found.as_slice() {
        [(mv, san, r)] => Ok(Reading {
            mv: *mv,
            san: *san,
            read_as: Some(r.to_string()),
        }),
        [] => Err(Unread { error, tried }),
        _ => Err(Unread {
            error: NotationError::AMBIGUOUS,
            tried: found.iter().map(|(.., r)| r.to_string()).collect(),
        }),
    }
}

/// The graver of two errors: ambiguous, then illegal, then syntax (the
/// order `NotationError` derives); the first on a tie.
fn graver(a: NotationError, b: NotationError) -> NotationError {
    if b > a { b } else { a }
}

/// Reads a written move against a position, as written and then in its
/// look-alike readings ([`read_move`]).
///
/// # Errors
/// [`NotationError::Syntax`] when the text is no move at all;
/// [`NotationError::Position`] with [`MoveError::Illegal`] when no legal
/// move fits, with [`MoveError::Ambiguous`] when several do.
pub fn parse_move(pos: &Chess, text: &str) -> Result<Move, NotationError> {
    read_move(pos, text).map(|r| r.mv).map_err(|u| u.error)
}

/// Reads a move exactly as written: Latin piece letters as SAN's, Cyrillic
/// ones as Russian. The move, and its SAN.
fn parse_written(pos: &Chess, text: &str) -> Result<(Move, San), NotationError> {
    let pattern = parse_pattern(text)?;
    Ok(matching(pos, pattern)?)
}

/// The one legal move a pattern fits in the position, and its SAN. The
/// candidates are all the legal moves of the move's piece to its square,
/// which are the moves SAN tells it apart from ([`San::from_move`]).
fn matching(pos: &Chess, pattern: Pattern) -> Result<(Move, San), MoveError> {
    let legal = candidates(pos, pattern);
    let mut found = legal.iter().filter(|m| fits(pattern, m));
    match (found.next(), found.next()) {
        (Some(m), None) => Ok((*m, San::disambiguate(*m, &legal))),
        (Some(_), Some(_)) => Err(MoveError::Ambiguous),
        (None, _) => {
            // A pawn reaching the last rank with no promotion piece named
            // fits each of the four promotions: ambiguous, not impossible.
            if let Pattern::Piece {
                role,
                from_file,
                from_rank,
                to,
                promotion: None,
            } = pattern
            {
                let queen = Pattern::Piece {
                    role,
                    from_file,
                    from_rank,
                    to,
                    promotion: Some(Role::Queen),
                };
                if legal.iter().any(|m| fits(queen, m)) {
                    return Err(MoveError::Ambiguous);
                }
            }
            Err(MoveError::Illegal)
        }
    }
}

/// The legal moves a pattern can mean: only those of its piece to its
/// square (and the castling moves, for a king), which is much cheaper than
/// every legal move.
fn candidates(pos: &Chess, pattern: Pattern) -> shakmaty::MoveList {
    use shakmaty::CastlingSide;
    match pattern {
        Pattern::Castle { long } => pos.castling_moves(if long {
            CastlingSide::QueenSide
        } else {
            CastlingSide::KingSide
        }),
        Pattern::Piece {
            role,
            from_file,
            from_rank,
            to,
            ..
        } => {
            let role = match (role, from_file, from_rank) {
                (Some(r), _, _) => Some(r),
                (None, Some(f), Some(r)) => pos.board().role_at(Square::from_coords(f, r)),
                (None, _, _) => Some(Role::Pawn),
            };
            let Some(role) = role else {
                return shakmaty::MoveList::new();
            };
            // A castling move fits only a king's move to its square on the
            // c- or g-file ([`target`]), and SAN never tells a king's move
            // apart from one: the others need not look for them.
            let castling_square = matches!(to.file(), File::C | File::G) && to.rank() == pos.turn().backrank();
            if role != Role::King || !castling_square {
                // Returned as it comes, not through a local: a `MoveList`
                // is 2 KB, and a local would be copied on the way out.
                return pos.san_candidates(role, to);
            }
            let mut moves = pos.san_candidates(role, to);
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                moves.extend(pos.castling_moves(side));
            }
            moves
        }
    }
}

/// Whether a legal move fits what was written.
fn fits(pattern: Pattern, m: &Move) -> bool {
    match pattern {
        Pattern::Castle { long } => match m {
            Move::Castle { king, rook } => (rook.file() < king.file()) == long,
            _ => false,
        },
        Pattern::Piece {
            role,
            from_file,
            from_rank,
            to,
            promotion,
        } => {
            let from = match m.from() {
                Some(f) => f,
                None => return false,
            };
            let full_from = from_file.is_some() && from_rank.is_some();
            // With the whole from-square given (UCI, numeric, long
            // algebraic) the piece letter may be left out; otherwise no
            // letter means a pawn, as in SAN.
            let role_ok = match role {
                Some(r) => m.role() == r,
                None => full_from || m.role() == Role::Pawn,
            };
            role_ok
                && target(m) == to
                && from_file.is_none_or(|f| from.file() == f)
                && from_rank.is_none_or(|r| from.rank() == r)
                && m.promotion() == promotion
        }
    }
}

/// The move in SAN with its check or mate sign, as the bulletin shows it.
pub fn to_san(pos: &Chess, m: Move) -> String {
    let mut after = pos.clone();
    san_and_play(&mut after, m)
}

/// The move in SAN with its check or mate sign, played on `pos`.
pub fn san_and_play(pos: &mut Chess, m: Move) -> String {
    play_san(pos, m, San::from_move(pos, m))
}

/// [`san_and_play`] with the move's SAN already known ([`Reading::san`]).
pub fn play_san(pos: &mut Chess, m: Move, san: San) -> String {
    let mut text = san.to_string();
    pos.play_unchecked(m);
    if pos.is_check() {
        text.push(if pos.legal_moves().is_empty() { '#' } else { '+' });
    }
    text
}

/// The move in ICCF numeric notation (`5254`, castling `5171`): UCI's
/// squares as digits, the promotion piece as ICCF numbers it.
pub fn to_numeric(m: &Move) -> String {
    let Some(from) = m.from() else {
        return to_uci(m);
    };
    let digit = |n: u32| char::from(b'1' + n as u8);
    let mut s: String = [from, target(m)]
        .into_iter()
        .flat_map(|sq| [digit(u32::from(sq.file())), digit(u32::from(sq.rank()))])
        .collect();
    if let Some(p) = m.promotion() {
        s.push(match p {
            Role::Queen => '1',
            Role::Rook => '2',
            Role::Bishop => '3',
            _ => '4',
        });
    }
    s
}

/// The move in UCI (`e2e4`, castling `e1g1`, `e7e8q`).
pub fn to_uci(m: &Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

/// A move in SAN written in Russian notation (51.2.4): the piece letters
/// Кр Ф Л С К for K Q R B N, and castling with the Cyrillic О (`О-О`).
pub fn russian(san: &str) -> String {
    with_letters(san, &["Кр", "Ф", "Л", "С", "К", "О"])
}

/// A move in SAN with other letters for the pieces K Q R B N and for
/// castling's O, in that order.
pub fn with_letters<S: AsRef<str>>(san: &str, letters: &[S; 6]) -> String {
    let mut out = String::with_capacity(san.len() * 2);
    for c in san.chars() {
        match "KQRBNO".find(c) {
            Some(i) => out.push_str(letters[i].as_ref()),
            None => out.push(c),
        }
    }
    out
}

/// A played move as the next message writes it, in the tournament's
/// notation (51.2.4; numeric is Article 53's).
pub fn in_notation(m: &super::PlayedMove, notation: Notation) -> std::borrow::Cow<'_, str> {
    match notation {
        Notation::Numeric => std::borrow::Cow::Borrowed(&m.numeric),
        Notation::San => std::borrow::Cow::Borrowed(&m.san),
        Notation::Russian => std::borrow::Cow::Owned(russian(&m.san)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_notation_is_uci_in_digits() {
        let mut pos = Chess::default();
        let mut seen = 0;
        // Every legal move along a game with castling and a promotion.
        for uci in [
            "e2e4", "d7d5", "e4d5", "g8f6", "g1f3", "c7c6", "f1c4", "c6c5", "e1g1", "b7b5", "d5d6", "b5c4", "d6e7",
            "d8d7", "e7f8q",
        ] {
            for m in pos.legal_moves() {
                let formatted = m.to_uci(CastlingMode::Standard).to_string();
                // Squares as digits (a–h → 1–8), the promotion piece as ICCF numbers it.
                let numeric: String = formatted
                    .char_indices()
                    .map(|(i, c)| match (i, c) {
                        (4, 'q') => '1',
                        (4, 'r') => '2',
                        (4, 'b') => '3',
                        (4, _) => '4',
                        (_, 'a'..='h') => char::from(b'1' + (c as u8 - b'a')),
                        _ => c,
                    })
                    .collect();
                assert_eq!(to_numeric(&m), numeric);
                seen += 1;
            }
            let m = uci.parse::<shakmaty::uci::UciMove>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
        }
        assert!(seen > 300, "{seen}");
    }
    use shakmaty::fen::Fen;

    #[derive(serde::Deserialize)]
    struct Case {
        fen: String,
        written: String,
        uci: String,
    }

    fn position(fen: &str) -> Chess {
        if fen == "startpos" {
            return Chess::default();
        }
        Fen::from_ascii(fen.as_bytes())
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    // 51.2.4, 51.3.6: every notation of tests/notation.csv reads as the move
    // it names (or as the error it names).
    #[test]
    fn notation_table() {
        let table = include_str!("../../tests/data/notation.csv");
        let mut n = 0;
        for case in csv::Reader::from_reader(table.as_bytes()).deserialize::<Case>() {
            let case = case.unwrap();
            let pos = position(&case.fen);
            let got = match parse_move(&pos, &case.written) {
                Ok(m) => m.to_uci(CastlingMode::Standard).to_string(),
                Err(NotationError::Syntax(ParseMoveError)) => "syntax".into(),
                Err(NotationError::Position(MoveError::Illegal)) => "illegal".into(),
                Err(NotationError::Position(MoveError::Ambiguous)) => "ambiguous".into(),
            };
            assert_eq!(got, case.uci, "`{}` in {}", case.written, case.fen);
            n += 1;
        }
        assert!(n >= 30, "only {n} cases");
    }

    #[test]
    fn san_has_check_and_mate_signs() {
        let mut pos = Chess::default();
        let mut sans = Vec::new();
        for mv in ["f3", "e5", "g4", "Qh4"] {
            let m = parse_move(&pos, mv).unwrap();
            assert_eq!(
                to_san(&pos, m),
                shakmaty::san::SanPlus::from_move(pos.clone(), m).to_string()
            );
            sans.push(san_and_play(&mut pos, m));
        }
        assert_eq!(sans, vec!["f3", "e5", "g4", "Qh4#"]);
    }

    // 51.2.4: a look-alike reading is used only when the text as written
    // gives no legal move, and says what it read.
    #[test]
    fn look_alike_readings_say_what_was_read() {
        let pos = Chess::default();
        assert_eq!(read_move(&pos, "e4").unwrap().read_as, None);
        assert_eq!(read_move(&pos, "е4").unwrap().read_as.as_deref(), Some("e4"));
        let knight = position("4k3/8/8/8/6N1/8/8/4K3 w - - 0 1");
        assert_eq!(read_move(&knight, "Kf6").unwrap().read_as.as_deref(), Some("Nf6"));
        assert_eq!(read_move(&knight, "Kf2").unwrap().read_as, None, "as written wins");
        let both = position("k7/8/8/8/8/8/3K4/1N6 w - - 0 1");
        let u = read_move(&both, "Кс3").unwrap_err();
        assert_eq!(u.error, NotationError::AMBIGUOUS);
        assert_eq!(u.tried, vec!["Кc3", "Kc3"]);
        let u = read_move(&knight, "Kf5").unwrap_err();
        assert_eq!((u.error, u.tried), (NotationError::ILLEGAL, vec!["Nf5".to_string()]));
        assert!(read_move(&pos, &"е".repeat(1 << 16)).is_err());
    }

    // A move read tells its SAN apart from the moves it was read among, as
    // shakmaty does from the position's moves: along a game with castling,
    // promotions and an ambiguous knight and rook, every legal move, read
    // in numeric notation, in UCI and in SAN.
    #[test]
    fn reading_san_is_from_move() {
        let mut pos = position("r3k2r/1P4P1/8/8/8/2N3N1/8/R3K2R w KQkq - 0 1");
        let mut seen = 0;
        for uci in ["c3e4", "a8a7", "g3f5", "a7b7", "e1g1"] {
            for m in pos.legal_moves() {
                let san = San::from_move(&pos, m);
                for text in [to_numeric(&m), to_uci(&m), san.to_string()] {
                    let r = read_move(&pos, &text).unwrap();
                    assert_eq!((r.mv, r.san), (m, san), "{text}");
                    seen += 1;
                }
            }
            let m = uci.parse::<shakmaty::uci::UciMove>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
        }
        assert!(seen > 300, "{seen}");
    }

    #[test]
    fn numeric_round_trip() {
        let pos = Chess::default();
        for m in pos.legal_moves() {
            assert_eq!(parse_move(&pos, &to_numeric(&m)), Ok(m));
        }
    }

    // 51.2.4: castling in Russian notation is written with the Cyrillic О;
    // it is read as written, not as a look-alike.
    #[test]
    fn russian_castling_is_read_as_written() {
        let pos = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let short = read_move(&pos, "О-О").unwrap();
        assert_eq!((short.read_as, to_san(&pos, short.mv).as_str()), (None, "O-O"));
        let long = read_move(&pos, "О-О-О").unwrap();
        assert_eq!((long.read_as, to_san(&pos, long.mv).as_str()), (None, "O-O-O"));
    }

    // 51.2.4: the next message in Russian notation.
    #[test]
    fn russian_writes_russian_piece_letters_and_cyrillic_castling() {
        for (san, ru) in [
            ("Nf3", "Кf3"),
            ("Kg1", "Крg1"),
            ("Qxd8+", "Фxd8+"),
            ("Rae1", "Лae1"),
            ("Bb5", "Сb5"),
            ("O-O-O", "О-О-О"),
            ("e8=Q#", "e8=Ф#"),
            ("exd5", "exd5"),
        ] {
            assert_eq!(russian(san), ru);
            // What it writes reads back as the same move.
            let back = normalize(ru);
            assert_eq!(back, normalize(san), "{san}");
        }
    }

    // 51.3.6 and 51.2.4: the signs dropped, the Russian letters read.
    #[test]
    fn normalize_drops_signs_and_reads_russian_letters() {
        for (written, read) in [
            ("exd6 e.p.", "ed6"),
            ("exd6е.п.", "ed6"),
            ("Крg1", "Kg1"),
            ("КРg1", "Kg1"),
            ("Кf3", "Nf3"),
            ("Фd1×d8+", "Qd1d8"),
            ("Лa1-a8#", "Ra1a8"),
            ("Сc4!?", "Bc4"),
            ("О-О-О", "OOO"),
            ("e8=Q", "e8Q"),
        ] {
            assert_eq!(normalize(written), read, "{written}");
        }
    }
}
