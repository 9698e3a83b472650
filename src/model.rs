//! Plain data: tournaments, players, pairings, breaks, decisions, move-log
//! rows and results, as read from the files docs/format.md describes. No I/O, no rules.

use chrono::NaiveDate;
use serde::Serialize;
use std::fmt;
use std::path::PathBuf;

/// Who sent a message, or whose clock it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }

    /// 0 for White, 1 for Black: an index into `[T; 2]` per-side arrays.
    pub fn index(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }

    pub fn parse(text: &str) -> Option<Side> {
        let t = text.trim();
        let is = |word: &str| t.eq_ignore_ascii_case(word);
        if is("white") || is("w") {
            Some(Side::White)
        } else if is("black") || is("b") {
            Some(Side::Black)
        } else {
            None
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The `flag` column of a move log (docs/format.md, "The move log").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Flag {
    /// An ordinary move (empty flag).
    Ordinary,
    Accepted,
    Variant,
    Illegible,
    Impossible,
    Ambiguous,
    NoMove,
    WrongRepeat,
    Request,
    Repeat,
    Lost,
    Resign,
    Draw,
    Record,
    Adjudication,
}

impl Flag {
    pub const ALL: [Flag; 15] = [
        Flag::Ordinary,
        Flag::Accepted,
        Flag::Variant,
        Flag::Illegible,
        Flag::Impossible,
        Flag::Ambiguous,
        Flag::NoMove,
        Flag::WrongRepeat,
        Flag::Request,
        Flag::Repeat,
        Flag::Lost,
        Flag::Resign,
        Flag::Draw,
        Flag::Record,
        Flag::Adjudication,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Flag::Ordinary => "",
            Flag::Accepted => "accepted",
            Flag::Variant => "variant",
            Flag::Illegible => "illegible",
            Flag::Impossible => "impossible",
            Flag::Ambiguous => "ambiguous",
            Flag::NoMove => "no-move",
            Flag::WrongRepeat => "wrong-repeat",
            Flag::Request => "request",
            Flag::Repeat => "repeat",
            Flag::Lost => "lost",
            Flag::Resign => "resign",
            Flag::Draw => "draw",
            Flag::Record => "record",
            Flag::Adjudication => "adjudication",
        }
    }

    pub fn parse(text: &str) -> Option<Flag> {
        // Most rows have no flag: an ordinary move.
        if text.is_empty() {
            return Some(Flag::Ordinary);
        }
        let t = text.trim();
        Flag::ALL.into_iter().find(|f| f.as_str().eq_ignore_ascii_case(t))
    }

    /// Rows whose move enters the game (51.3.1; docs/rules.md, "Moves").
    pub fn enters_game(self) -> bool {
        matches!(self, Flag::Ordinary | Flag::Accepted | Flag::Variant)
    }

    /// A faulty message: 2 penalty days (51.4.7).
    pub fn is_faulty(self) -> bool {
        matches!(
            self,
            Flag::Illegible | Flag::Impossible | Flag::Ambiguous | Flag::NoMove | Flag::WrongRepeat
        )
    }
}

/// One row of `games/<game>.csv`: one message a player sent (docs/format.md, "The move log").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// 1-based line in the file (the header is line 1).
    pub line: usize,
    pub no: u32,
    pub side: Side,
    /// The move as written.
    pub mv: String,
    pub received: Option<NaiveDate>,
    pub sent: Option<NaiveDate>,
    pub flag: Flag,
    pub note: String,
    /// The last row that only says "received, thinking" (docs/format.md, "The move log").
    pub pending: bool,
    /// The totals of days used that the message states for White and for
    /// Black (51.2.1; the optional `stated_white`, `stated_black` columns).
    pub stated: [Option<i64>; 2],
}

impl Row {
    /// Whether this row's move entered the game (51.3.1): an ordinary,
    /// accepted or variant row that is not the pending "thinking" row.
    pub fn enters_game(&self) -> bool {
        self.flag.enters_game() && !self.pending
    }
}

/// A game's result, as written in decisions.csv and a PGN's Result tag
/// (docs/format.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum GameResult {
    #[serde(rename = "1-0")]
    WhiteWins,
    #[serde(rename = "0-1")]
    BlackWins,
    #[serde(rename = "1/2-1/2")]
    Draw,
    /// `+/-`: White wins by forfeit.
    #[serde(rename = "+/-")]
    WhiteForfeit,
    /// `-/+`: Black wins by forfeit.
    #[serde(rename = "-/+")]
    BlackForfeit,
    /// `-/-`: both lose (51.9.3).
    #[serde(rename = "-/-")]
    BothLose,
    #[serde(rename = "*")]
    Unfinished,
}

impl GameResult {
    pub fn parse(text: &str) -> Option<GameResult> {
        Some(match text.trim() {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" | "½-½" => GameResult::Draw,
            "+/-" => GameResult::WhiteForfeit,
            "-/+" => GameResult::BlackForfeit,
            "-/-" => GameResult::BothLose,
            "*" => GameResult::Unfinished,
            _ => return None,
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::WhiteForfeit => "+/-",
            GameResult::BlackForfeit => "-/+",
            GameResult::BothLose => "-/-",
            GameResult::Unfinished => "*",
        }
    }

    pub fn is_finished(self) -> bool {
        self != GameResult::Unfinished
    }

    /// The result when `side` loses (and the partner wins), on the board.
    pub fn loss_for(side: Side) -> GameResult {
        match side {
            Side::White => GameResult::BlackWins,
            Side::Black => GameResult::WhiteWins,
        }
    }

    /// The result when `side` loses by forfeit.
    pub fn forfeit_for(side: Side) -> GameResult {
        match side {
            Side::White => GameResult::BlackForfeit,
            Side::Black => GameResult::WhiteForfeit,
        }
    }

    /// Points scored by `side` in doubled units (2 = a win, 1 = a draw), or
    /// `None` while unfinished. Doubling keeps the arithmetic exact.
    pub fn half_points(self, side: Side) -> Option<u32> {
        let white = match self {
            GameResult::WhiteWins | GameResult::WhiteForfeit => (2, 0),
            GameResult::BlackWins | GameResult::BlackForfeit => (0, 2),
            GameResult::Draw => (1, 1),
            GameResult::BothLose => (0, 0),
            GameResult::Unfinished => return None,
        };
        Some(if side == Side::White { white.0 } else { white.1 })
    }

    /// The result the PGN Result tag can carry (forfeits are written as the
    /// won/lost result they score as).
    pub fn pgn_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins | GameResult::WhiteForfeit => "1-0",
            GameResult::BlackWins | GameResult::BlackForfeit => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::BothLose | GameResult::Unfinished => "*",
        }
    }
}

/// The tie-breaks (docs/rules.md, "Standings").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Tiebreak {
    Sb,
    Wins,
    Direct,
}

/// The language of a tournament's pages, findings and letters: a file of
/// languages/ (src/language.rs).
pub use crate::language::Language;

/// The notation of the next message (51.2.4): numeric by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Notation {
    /// Article 53's numeric notation (`5254` = e2e4).
    #[default]
    Numeric,
    San,
    /// SAN with the Russian piece letters Кр Ф Л С К and castling `О-О`.
    Russian,
}

/// The time control `M/D`: `moves` moves in `days` days, cumulative (51.4.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TimeControl {
    pub moves: u32,
    pub days: u32,
}

impl TimeControl {
    pub fn parse(text: &str) -> Option<TimeControl> {
        let (m, d) = text.trim().split_once('/')?;
        let tc = TimeControl {
            moves: m.trim().parse().ok()?,
            days: d.trim().parse().ok()?,
        };
        (tc.moves > 0 && tc.days > 0).then_some(tc)
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.moves, self.days)
    }
}

/// tournament.toml, validated (docs/format.md, "tournament.toml").
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    pub name: String,
    pub start: NaiveDate,
    pub end: Option<NaiveDate>,
    pub arbiter: String,
    pub arbiter_email: String,
    pub time_control: TimeControl,
    pub break_days_per_year: u32,
    pub tiebreaks: Vec<Tiebreak>,
    pub language: Language,
    pub notation: Notation,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub name: String,
    pub email: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    pub game: String,
    pub round: String,
    pub white: String,
    pub black: String,
    pub line: usize,
}

/// A player's break, both days included (51.7.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Break {
    pub player: String,
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub declared: Option<NaiveDate>,
    /// Allowed by the arbiter though announced late (`yes`, `late`) or
    /// granted beyond the year's limit (`extra`, 51.7.7): no break-notice.
    pub approved: bool,
    /// `approved = extra`: granted beyond the year's limit (51.7.7), not
    /// counted toward `break_days_per_year`.
    pub extra: bool,
    pub line: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DecisionKind {
    Result,
    Overstep,
    Withdrawal,
    Claim,
    /// The arbiter holds a side's game record (both sides' when no player
    /// is named), kept outside games/: a game finished before the switch to
    /// the tool, a record on paper (51.9.1).
    Records,
    /// 51.1.2: the player's address from the decision's date on (`note`).
    Email,
    /// 51.1.5, 51.1.6: the player reported its email lost or its equipment
    /// broken; with `correspondence`, it asked the arbiter for the lost
    /// correspondence.
    NoAccess {
        correspondence: bool,
    },
    /// The player's access to its email restored.
    Access,
}

/// What a withdrawal does to the player's games (51.8.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Withdrawal {
    Forfeit,
    Adjudicate,
    Annul,
}

/// One arbiter's ruling of decisions.csv (docs/format.md, "decisions.csv"; 51.6.6, 51.8.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    pub date: NaiveDate,
    pub kind: DecisionKind,
    pub game: Option<String>,
    pub player: Option<String>,
    pub result: Option<GameResult>,
    pub withdrawal: Option<Withdrawal>,
    pub note: String,
    pub line: usize,
}

/// A file found on disk for a game, not read yet (the per-game stage reads it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameFiles {
    pub log: Option<PathBuf>,
    pub pgn: Option<PathBuf>,
}

/// A tournament's folder read, but its games not yet analysed.
#[derive(Debug, Clone)]
pub struct Tournament {
    pub id: String,
    pub dir: PathBuf,
    pub settings: Settings,
    pub players: Vec<Player>,
    pub pairings: Vec<Pairing>,
    pub breaks: Vec<Break>,
    pub decisions: Vec<Decision>,
    /// Files per game id, for every id in pairings.csv.
    pub files: std::collections::BTreeMap<String, GameFiles>,
}

impl Tournament {
    /// The player's address in players.csv (the starting documents, 51.1.2).
    pub fn email(&self, player: &str) -> Option<&str> {
        self.players.iter().find(|p| p.name == player).map(|p| p.email.as_str())
    }

    /// The player's addresses in the order they came into force: the one of
    /// players.csv (no date), then each `email` decision's with its date
    /// (51.1.2), in date order (decisions.csv order on a tie).
    pub fn addresses(&self, player: &str) -> Vec<(Option<NaiveDate>, &str)> {
        let mut changes: Vec<&Decision> = self
            .decisions
            .iter()
            .filter(|d| d.kind == DecisionKind::Email && d.player.as_deref() == Some(player))
            .filter(|d| !d.note.trim().is_empty())
            .collect();
        changes.sort_by_key(|d| (d.date, d.line));
        self.email(player)
            .map(|e| (None, e))
            .into_iter()
            .chain(changes.into_iter().map(|d| (Some(d.date), d.note.trim())))
            .collect()
    }

    /// The player's address in force on `date`: the last `email` decision
    /// dated on or before it, else the one of players.csv (51.1.2).
    pub fn email_on(&self, player: &str, date: NaiveDate) -> Option<&str> {
        self.addresses(player)
            .into_iter()
            .rev()
            .find(|(from, _)| from.is_none_or(|f| f <= date))
            .map(|(_, e)| e)
    }

    pub fn breaks_of<'a>(&'a self, player: &'a str) -> impl Iterator<Item = &'a Break> + 'a {
        self.breaks.iter().filter(move |b| b.player == player)
    }
}

/// Whether `text` is one email address: an RFC 5322 addr-spec (checked by
/// the `email_address` crate) with a domain of at least two labels, and
/// nothing else — no second address, no display name or `<>`, no domain
/// literal, no space. ASCII only, as RFC 5322 has it: an address in other
/// letters (RFC 6532, `иван@почта.рф`) needs mail servers that say they
/// take it, which a letter cannot know. One rule for every email cell
/// (players.csv, `arbiter_email`) and for every letter's To and From.
pub fn is_one_address(text: &str) -> bool {
    let options = email_address::Options {
        minimum_sub_domains: 2,
        allow_domain_literal: false,
        allow_display_text: false,
        ..email_address::Options::default()
    };
    text.is_ascii()
        && !text.chars().any(|c| c.is_whitespace() || c.is_control())
        && email_address::EmailAddress::parse_with_options(text, options).is_ok()
}

/// Whether a file or folder stem is an allowed id (docs/format.md, "The folder"): letters, digits,
/// `-`, `_`, `.`, and not `.` or `..` or hidden.
pub fn is_valid_id(id: &str) -> bool {
    !id.is_empty()
        && !id.starts_with('.')
        && id.len() <= 128
        && id.chars().all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'))
}
