//! The tournament's tables read into the model: players, pairings, breaks
//! (51.7) and the arbiter's decisions (51.6, 51.8, 51.9), every name matched
//! against players.csv (exactly, else folded, else "did you mean").

use std::borrow::Cow;

use crate::dates::{parse_date, parse_opt_date};
use crate::finding::{Code, EntryFacts, Finding, TableFacts};
use crate::load::movelog::excerpt;
use crate::load::names::{NameMatch, match_name, resolve, shown_text, without_address};
use crate::load::table::{Fields, Table};
use crate::load::text::clean;

use crate::model::{Break, Decision, DecisionKind, GameResult, Language, Pairing, Player, Withdrawal, is_valid_id};

/// A field as read, its control characters and bidi overrides replaced
/// ([`clean`]).
pub(super) fn field<'a>(row: Fields<'a>, name: &str) -> Cow<'a, str> {
    clean(row.get(name))
}

/// The players' names, when players.csv could be read; and the names
/// already read as a player after folding, noted once however many lines
/// use them.
pub(super) struct Names<'a> {
    pub(super) known: Option<&'a [&'a str]>,
    pub(super) noted: std::cell::RefCell<std::collections::BTreeSet<String>>,
    /// The names of players.csv that held an address, as written → as
    /// loaded ([`shown_name`]): the other tables may write them the same.
    pub(super) renamed: &'a std::collections::BTreeMap<String, String>,
    /// The texts already found to hold an address, by file: one finding
    /// for each, at the first line that writes it.
    pub(super) addressed: std::cell::RefCell<std::collections::BTreeSet<(String, String)>>,
}

impl Names<'_> {
    /// A name as written in `file`, as loaded: the name players.csv gave a
    /// name that held an address, else without what reads as one (the
    /// finding, once per file and text, pushed).
    fn loaded<'w>(&self, written: &'w str, file: &str, line: usize, findings: &mut Vec<Finding>) -> Cow<'w, str> {
        if let Some(name) = self.renamed.get(written) {
            return Cow::Owned(name.clone());
        }
        let (shown, found) = shown_text(written, String::new, file, Some(line));
        let Some(found) = found else {
            return Cow::Borrowed(written);
        };
        if self
            .addressed
            .borrow_mut()
            .insert((file.to_string(), written.to_string()))
        {
            findings.push(found);
        }
        Cow::Owned(shown)
    }

    /// The player `written` means: as written when players.csv could not be
    /// read, else as [`resolve`] finds it (its finding pushed); without
    /// what reads as an address in either case.
    fn player(&self, written: &str, file: &str, line: usize, findings: &mut Vec<Finding>) -> Option<String> {
        let written = &*self.loaded(written, file, line, findings);
        let Some(known) = self.known else {
            return Some(written.to_string());
        };
        let (name, finding) = resolve(written, known.iter().copied(), file, Some(line));
        // One `read-as` note per name variant: the first line that uses it.
        let again = |f: &Finding| f.code == Code::ReadAs && !self.noted.borrow_mut().insert(written.to_string());
        findings.extend(finding.filter(|f| !again(f)));
        name
    }

    /// The player `written` means when it reads as one (exactly or
    /// folded), without a finding: whom a row that cannot be read may
    /// concern.
    fn concerned(&self, written: &str) -> Option<String> {
        let loaded = self.renamed.get(written).cloned().or_else(|| without_address(written));
        let written = loaded.as_deref().unwrap_or(written);
        match match_name(written, self.known?.iter().copied()) {
            NameMatch::Exact(p) | NameMatch::Folded(p) => Some(p),
            NameMatch::Unknown { .. } | NameMatch::Ambiguous(_) => None,
        }
    }
}

/// A name of players.csv as loaded (docs/format.md, "Names are names"):
/// without what reads as an address, with its finding; a name that was
/// nothing but an address is `Player N` (`Игрок N`), N its line.
pub(super) fn shown_name(name: &str, lang: Language, file: &str, line: usize) -> (String, Option<Finding>) {
    shown_text(
        name,
        || crate::tr!(lang, "name-withheld", line = &line),
        file,
        Some(line),
    )
}

/// The players of players.csv; `renamed` gets each name that held an
/// address, as written, with the name it is loaded as.
pub(super) fn read_players(
    t: &Table,
    file: &str,
    lang: Language,
    renamed: &mut std::collections::BTreeMap<String, String>,
    findings: &mut Vec<Finding>,
) -> Vec<Player> {
    let mut players: Vec<Player> = Vec::new();
    for (line, row) in t.iter() {
        let written = &*field(row, "name");
        // A name is a name: an address in it is the arbiter's to move to
        // the email column; until then the name is loaded without it.
        let (name, found) = shown_name(written, lang, file, *line);
        let name = name.as_str();
        if name.is_empty() {
            findings.push(Finding::new(EntryFacts::PlayerWithoutName).at(file, Some(*line)));
        } else if players.iter().any(|p| p.name == name) {
            findings.push(Finding::new(EntryFacts::PlayerTwice { name: excerpt(name) }).at(file, Some(*line)));
        } else {
            if let Some(found) = found {
                renamed.insert(written.to_string(), name.to_string());
                findings.push(found);
            }
            // One address or none: anything else gets no letter and no
            // mailto: link (docs/format.md).
            let email = field(row, "email").trim().to_string();
            let email = if email.is_empty() {
                // One warning for the player, kept unless an `email`
                // decision gives them an address (load_tournament).
                findings.push(
                    Finding::new(TableFacts::EmailMissing {
                        player: name.to_string(),
                    })
                    .severity(crate::finding::Severity::Warning)
                    .at(file, Some(*line)),
                );
                email
            } else if crate::model::is_one_address(&email) {
                email
            } else {
                findings
                    .push(Finding::new(TableFacts::EmailNotOneAddress { text: excerpt(&email) }).at(file, Some(*line)));
                String::new()
            };
            players.push(Player {
                name: name.to_string(),
                email,
            });
        }
    }
    players
}

pub(super) fn read_pairings(t: &Table, file: &str, names: &Names<'_>, findings: &mut Vec<Finding>) -> Vec<Pairing> {
    let mut out: Vec<Pairing> = Vec::new();
    for (line, row) in t.iter() {
        let (game, white, black) = (field(row, "game"), field(row, "white"), field(row, "black"));
        let (game, white, black) = (&*game, &*white, &*black);
        let bad = |facts: EntryFacts| Finding::new(facts).at(file, Some(*line));
        if !is_valid_id(game) {
            findings.push(bad(EntryFacts::NotAGameId { game: excerpt(game) }));
            continue;
        }
        if out.iter().any(|p| p.game == game) {
            findings.push(bad(EntryFacts::GamePairedTwice { game: game.to_string() }));
            continue;
        }
        // A name that matches no player keeps the game in the report, as
        // written, with the error about it on the game.
        let mut resolved = [white, black].map(|name| {
            let mut own = Vec::new();
            let found = names.player(name, file, *line, &mut own);
            findings.extend(own.into_iter().map(|f| f.game(game)));
            found.unwrap_or_else(|| name.to_string())
        });
        if resolved[0] == resolved[1] {
            findings.push(bad(EntryFacts::PairedAgainstThemself { player: excerpt(white) }));
            continue;
        }
        let [w, b] = std::mem::take(&mut resolved);
        out.push(Pairing {
            game: game.to_string(),
            round: names.loaded(&field(row, "round"), file, *line, findings).into_owned(),
            white: w,
            black: b,
            line: *line,
        });
    }
    out.sort_by(|a, b| a.game.cmp(&b.game));
    out
}

pub(super) fn read_breaks(t: &Table, file: &str, names: &Names<'_>, findings: &mut Vec<Finding>) -> Vec<Break> {
    let mut out = Vec::new();
    for (line, row) in t.iter() {
        let Some(player) = names.player(&field(row, "player"), file, *line, findings) else {
            continue;
        };
        // A row that cannot be read concerns its player's games.
        let bad = |facts: EntryFacts| Finding::new(facts).at(file, Some(*line)).named_player(&player);
        let dates = (
            parse_date(&field(row, "from")),
            parse_date(&field(row, "to")),
            parse_opt_date(&field(row, "declared")),
        );
        let (from, to, declared) = match dates {
            (Ok(f), Ok(t), Ok(d)) => (f, t, d),
            (f, t, d) => {
                let e = [f.err(), t.err(), d.err()]
                    .into_iter()
                    .flatten()
                    .next()
                    .map(|e| date_error(&e))
                    .unwrap_or_else(|| EntryFacts::NotADate {
                        text: String::new(),
                        short: String::new(),
                    });
                findings.push(bad(e));
                continue;
            }
        };
        if to < from {
            findings.push(bad(EntryFacts::BreakEndsBeforeStart { from, to }));
            continue;
        }
        // 51.7.7: a break allowed after it began (`yes`, `late`), or an
        // extra break beyond the year's limit (`extra`).
        let (approved, extra) = match field(row, "approved").to_lowercase().as_str() {
            "yes" | "y" | "true" | "да" | "+" | "late" => (true, false),
            "extra" => (true, true),
            "" | "no" | "n" | "false" | "нет" | "-" => (false, false),
            other => {
                findings.push(bad(EntryFacts::BadApproved { text: excerpt(other) }));
                (false, false)
            }
        };
        out.push(Break {
            player,
            from,
            to,
            declared,
            approved,
            extra,
            line: *line,
        });
    }
    out
}

/// The facts of a date that cannot be read: the text as written, whole
/// and shortened.
pub fn date_error(e: &crate::dates::ParseDateError) -> EntryFacts {
    EntryFacts::NotADate {
        text: e.0.clone(),
        short: excerpt(&e.0),
    }
}

pub(super) fn read_decisions(
    t: &Table,
    file: &str,
    names: &Names<'_>,
    pairings: &[Pairing],
    findings: &mut Vec<Finding>,
) -> Vec<Decision> {
    t.iter()
        .filter_map(|(line, row)| read_decision(*line, row, file, names, pairings, findings))
        .collect()
}

/// One row of decisions.csv, or `None` with a `bad-input` finding: the game
/// and the player must be paired, and the result fit the kind.
pub(super) fn read_decision(
    line: usize,
    row: Fields<'_>,
    file: &str,
    names: &Names<'_>,
    pairings: &[Pairing],
    findings: &mut Vec<Finding>,
) -> Option<Decision> {
    let (game, written) = (field(row, "game"), field(row, "player"));
    let game = Some(&*game).filter(|g| !g.is_empty());
    let written = Some(&*written).filter(|p| !p.is_empty());
    let pairing = game.and_then(|g| pairings.iter().find(|p| p.game == g));
    // A row that cannot be read concerns its game, if it names a paired
    // one, else its player's games, if it names a player.
    let concerned = written.and_then(|w| names.concerned(w));
    let bad = |facts: EntryFacts| {
        let f = Finding::new(facts).at(file, Some(line));
        let f = match &concerned {
            Some(p) => f.named_player(p),
            None => f,
        };
        match pairing {
            Some(p) => f.game(&p.game),
            None => f,
        }
    };
    match decision_of(line, row, file, names, pairing, findings) {
        Ok(decision) => decision,
        Err(facts) => {
            findings.push(bad(facts));
            None
        }
    }
}

/// The decision a row of decisions.csv writes, its game's `pairing` found:
/// the facts of what is wrong with it, or `None` when its player is not
/// known (`names.player` has said so in a finding).
fn decision_of(
    line: usize,
    row: Fields<'_>,
    file: &str,
    names: &Names<'_>,
    pairing: Option<&Pairing>,
    findings: &mut Vec<Finding>,
) -> Result<Option<Decision>, EntryFacts> {
    let (game, written) = (field(row, "game"), field(row, "player"));
    let game = Some(&*game).filter(|g| !g.is_empty());
    let written = Some(&*written).filter(|p| !p.is_empty());
    let date = parse_date(&field(row, "date")).map_err(|e| date_error(&e))?;
    let kind = decision_kind(&field(row, "kind"))?;
    let result_text = &*field(row, "result");
    let needs_game = matches!(
        kind,
        DecisionKind::Result | DecisionKind::Overstep | DecisionKind::Claim | DecisionKind::Records
    );
    if needs_game && pairing.is_none() {
        return Err(EntryFacts::DecisionNeedsPairedGame {
            decision: field(row, "kind").to_string(),
            game: excerpt(game.unwrap_or("")),
        });
    }
    // An unknown name is named in a finding by `names.player`.
    let player = match written {
        Some(w) => match names.player(w, file, line, findings) {
            Some(p) => Some(p),
            None => return Ok(None),
        },
        None => None,
    };
    check_player(kind, &field(row, "kind"), player.as_deref(), pairing)?;
    let (result, withdrawal) = ruling(kind, result_text)?;
    let note = field(row, "note").to_string();
    let kind = access_kind(kind, result_text, &note)?;
    Ok(Some(Decision {
        date,
        kind,
        game: game.map(str::to_string),
        player,
        result,
        withdrawal,
        note,
        line,
    }))
}

/// 51.1.2, 51.1.5: an `email` decision's note is the new address (one
/// word with an `@`); a `no-access` decision's result is empty or
/// `correspondence` (the player asked for its lost correspondence).
fn access_kind(kind: DecisionKind, result: &str, note: &str) -> Result<DecisionKind, EntryFacts> {
    match kind {
        DecisionKind::NoAccess { .. } => match result.trim().to_lowercase().as_str() {
            "" => Ok(DecisionKind::NoAccess { correspondence: false }),
            "correspondence" => Ok(DecisionKind::NoAccess { correspondence: true }),
            other => Err(EntryFacts::BadNoAccessResult { text: excerpt(other) }),
        },
        DecisionKind::Email => {
            let address = note.trim();
            if address.contains('@') && !address.contains(char::is_whitespace) {
                Ok(kind)
            } else {
                Err(EntryFacts::EmailDecisionNeedsAddress { text: excerpt(address) })
            }
        }
        _ => Ok(kind),
    }
}

/// An overstep, a claim, a withdrawal, an address or access decision names its player, who must play the
/// decision's game when it has one.
pub(super) fn check_player(
    kind: DecisionKind,
    kind_text: &str,
    player: Option<&str>,
    pairing: Option<&Pairing>,
) -> Result<(), EntryFacts> {
    if matches!(
        kind,
        DecisionKind::Overstep
            | DecisionKind::Claim
            | DecisionKind::Withdrawal
            | DecisionKind::Email
            | DecisionKind::NoAccess { .. }
            | DecisionKind::Access
    ) && player.is_none()
    {
        return Err(EntryFacts::DecisionNeedsPlayer {
            decision: kind_text.to_string(),
        });
    }
    if let (Some(p), Some(pair)) = (player, pairing)
        && pair.white != p
        && pair.black != p
    {
        return Err(EntryFacts::PlayerNotInGame {
            player: excerpt(p),
            game: pair.game.clone(),
        });
    }
    Ok(())
}

/// The `kind` column of decisions.csv, in any case.
pub(super) fn decision_kind(text: &str) -> Result<DecisionKind, EntryFacts> {
    match text.to_lowercase().as_str() {
        "result" => Ok(DecisionKind::Result),
        "overstep" => Ok(DecisionKind::Overstep),
        "withdrawal" => Ok(DecisionKind::Withdrawal),
        "claim" => Ok(DecisionKind::Claim),
        "records" => Ok(DecisionKind::Records),
        "email" => Ok(DecisionKind::Email),
        "no-access" => Ok(DecisionKind::NoAccess { correspondence: false }),
        "access" => Ok(DecisionKind::Access),
        other => Err(EntryFacts::UnknownDecisionKind { text: excerpt(other) }),
    }
}

/// The `result` column for the kind: a game result for `result`, forfeit,
/// adjudicate or annul for `withdrawal` (51.8.1), nothing for the others.
pub(super) fn ruling(kind: DecisionKind, text: &str) -> Result<(Option<GameResult>, Option<Withdrawal>), EntryFacts> {
    match kind {
        DecisionKind::Result => match GameResult::parse(text) {
            Some(r) => Ok((Some(r), None)),
            None => Err(EntryFacts::NotAResult { text: excerpt(text) }),
        },
        DecisionKind::Withdrawal => match text.to_lowercase().as_str() {
            "forfeit" => Ok((None, Some(Withdrawal::Forfeit))),
            "adjudicate" => Ok((None, Some(Withdrawal::Adjudicate))),
            "annul" => Ok((None, Some(Withdrawal::Annul))),
            other => Err(EntryFacts::BadWithdrawalResult { text: excerpt(other) }),
        },
        _ => Ok((None, None)),
    }
}
