//! report.json (its fields in docs/format.md) through its own wire types:
//! plain serde structs made for the file and filled from the domain types,
//! as ripgrep's printer has `jsont`. A field renamed in the game stage
//! fails to compile here instead of changing the published contract; the
//! names the wire writes are checked against docs/format.md by a test.

use chrono::NaiveDate;
use serde::Serialize;

use crate::compute::{Published, TournamentReport};
use crate::finding::{Code, Facts, Finding, Severity};
use crate::game::result::ResultSource;
use crate::game::{Clocks, GameReport, RowReport, facts};
use crate::history::Changes;
use crate::messages::said;
use crate::model::{GameResult, Language, Side};
use crate::standings::Standing;

/// report.json's fields, in their order.
#[derive(Serialize)]
struct ReportJson<'a> {
    tournament: &'a str,
    name: &'a str,
    as_of: NaiveDate,
    start: NaiveDate,
    end: Option<NaiveDate>,
    time_control: String,
    games: Vec<GameWire<'a>>,
    standings: &'a [Standing],
    findings: Vec<FindingWire<'a>>,
    /// Since the previous report; null on the first.
    changes: Option<ChangesWire<'a>>,
    /// The report the public files show (docs/output.md).
    published: Option<Published>,
    /// Why the public files were not replaced, when they were not.
    stale: Option<&'a str>,
}

impl<'a> ReportJson<'a> {
    fn new(r: &'a TournamentReport<'_>, changes: Option<&'a Changes>) -> ReportJson<'a> {
        let s = &r.tournament.settings;
        let lang = s.language;
        ReportJson {
            tournament: &r.tournament.id,
            name: &s.name,
            as_of: r.as_of,
            start: s.start,
            end: s.end,
            time_control: s.time_control.to_string(),
            games: r.games.iter().map(|g| GameWire::new(g, lang)).collect(),
            standings: &r.standings,
            findings: FindingWire::all(&r.findings, lang),
            changes: changes.map(|c| ChangesWire::new(c, lang)),
            published: r.published(),
            stale: r.stale.as_ref().map(|s| s.reason.as_str()),
        }
    }
}

/// report.json: everything computed, followed by a newline.
///
/// # Errors
/// Only if serialisation fails, which plain data does not.
pub fn report_json(r: &TournamentReport<'_>) -> anyhow::Result<Vec<u8>> {
    let changes = r.changes();
    // Made at about its size (some 170 bytes a row), not grown from 128
    // bytes: each growth took new memory, which this machine zeroes slowly.
    let rows: usize = r.games.iter().map(|g| g.rows.len()).sum();
    let mut buf = Vec::with_capacity(192 * rows + 2048 * r.games.len() + 4096);
    serde_json::to_writer(&mut buf, &ReportJson::new(r, changes.as_ref()))?;
    buf.push(b'\n');
    Ok(buf)
}

/// A game in report.json (`games[]`).
#[derive(Serialize)]
pub struct GameWire<'a> {
    id: &'a str,
    round: &'a str,
    white: &'a str,
    black: &'a str,
    result: GameResult,
    result_source: ResultSource,
    finished_on: Option<NaiveDate>,
    provisional: bool,
    to_move: Option<Side>,
    owing: Option<Side>,
    in_play: bool,
    clock: &'a Clocks,
    rows: &'a [RowReport],
    last_move: Option<NaiveDate>,
    has_log: bool,
    has_pgn: bool,
    records_held: &'a [Side],
    interrupted: bool,
    awaiting_adjudication: bool,
    annulled: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    sealed_move: Option<&'a str>,
    fen: &'a str,
    findings: Vec<FindingWire<'a>>,
    facts: &'a facts::Facts,
}

impl<'a> GameWire<'a> {
    /// A game as report.json writes it, its findings worded in `lang`.
    pub fn new(g: &'a GameReport, lang: Language) -> GameWire<'a> {
        GameWire {
            id: &g.id,
            round: &g.round,
            white: &g.white,
            black: &g.black,
            result: g.result,
            result_source: g.result_source,
            finished_on: g.finished_on,
            provisional: g.provisional,
            to_move: g.to_move,
            owing: g.owing,
            in_play: g.in_play,
            clock: &g.clock,
            rows: &g.rows,
            last_move: g.last_move,
            has_log: g.has_log,
            has_pgn: g.has_pgn,
            records_held: &g.records_held,
            interrupted: g.interrupted,
            awaiting_adjudication: g.awaiting_adjudication,
            annulled: g.annulled,
            sealed_move: g.sealed_move.as_deref(),
            fen: &g.fen,
            findings: FindingWire::all(&g.findings, lang),
            facts: &g.facts,
        }
    }
}

/// What changed since the previous report (`changes`).
#[derive(Serialize)]
struct ChangesWire<'a> {
    since: NaiveDate,
    new: Vec<FindingWire<'a>>,
    resolved: Vec<FindingWire<'a>>,
    now_due: Vec<FindingWire<'a>>,
}

impl<'a> ChangesWire<'a> {
    fn new(c: &'a Changes, lang: Language) -> ChangesWire<'a> {
        ChangesWire {
            since: c.since,
            new: FindingWire::all(&c.new, lang),
            resolved: FindingWire::all(&c.resolved, lang),
            now_due: FindingWire::all(&c.now_due, lang),
        }
    }
}

/// A finding in report.json and in summary.json's digest: its fields, its
/// sentence in the tournament's language (`message`) and its facts.
#[derive(Serialize)]
pub struct FindingWire<'a> {
    code: Code,
    rule: &'a str,
    game: Option<&'a str>,
    player: Option<&'a str>,
    side: Option<Side>,
    #[serde(rename = "move")]
    move_no: Option<u32>,
    date: Option<NaiveDate>,
    due: Option<NaiveDate>,
    severity: Severity,
    message: String,
    file: Option<&'a str>,
    line: Option<usize>,
    facts: &'a Facts,
}

impl<'a> FindingWire<'a> {
    /// A finding as the files write it, its `message` worded in `lang`.
    pub fn new(f: &'a Finding, lang: Language) -> FindingWire<'a> {
        FindingWire {
            code: f.code,
            rule: f.rule,
            game: f.game.as_deref(),
            player: f.player.as_deref(),
            side: f.side,
            move_no: f.move_no,
            date: f.date,
            due: f.due,
            severity: f.severity,
            message: said(lang, f),
            file: f.file.as_deref(),
            line: f.line,
            facts: &f.facts,
        }
    }

    fn all(fs: &'a [Finding], lang: Language) -> Vec<FindingWire<'a>> {
        fs.iter().map(|f| FindingWire::new(f, lang)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::Previous;
    use std::collections::BTreeSet;
    use std::path::Path;

    /// docs/format.md's report.json section, up to the next `## `.
    fn documented() -> &'static str {
        let doc = include_str!("../../docs/format.md");
        let start = doc
            .find("## report.json")
            .expect("docs/format.md has a report.json section");
        let rest = &doc[start + 3..];
        &rest[..rest.find("\n## ").unwrap_or(rest.len())]
    }

    /// The names in backquotes in `text`, each cut at its first `.`, `[`
    /// or `*` (`clock.*.move_by` is `clock`, `findings[]` is `findings`).
    fn names(text: &str) -> BTreeSet<String> {
        text.split('`')
            .skip(1)
            .step_by(2)
            .map(|n| n.split(['.', '[', '*']).next().unwrap_or("").to_string())
            .filter(|n| !n.is_empty())
            .collect()
    }

    /// The first cells of the section's table: those of `games[].` for a
    /// game's fields, the others (`games[]` among them) for the report's.
    fn table_names(games: bool) -> BTreeSet<String> {
        documented()
            .lines()
            .filter_map(|l| l.strip_prefix("| "))
            .filter_map(|l| l.split(" |").next())
            .filter(|cell| cell.starts_with('`') && cell.starts_with("`games[].") == games)
            .map(|cell| cell.replace("games[].", ""))
            .flat_map(|cell| names(&cell))
            .collect()
    }

    /// The keys a wire value writes.
    fn keys(v: impl Serialize) -> BTreeSet<String> {
        match serde_json::to_value(v).unwrap() {
            serde_json::Value::Object(m) => m.keys().cloned().collect(),
            other => panic!("not an object: {other}"),
        }
    }

    /// The sample round robin as of 2026-12-02: games with rows and
    /// findings, standings, tournament-wide findings.
    fn sample() -> crate::load::Loaded {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tournaments");
        let as_of = NaiveDate::from_ymd_opt(2026, 12, 2).unwrap();
        crate::load::load_tournament(&root, &root.join("ec2026-sf3"), "ec2026-sf3", as_of)
    }

    #[test]
    fn wire_field_names_are_the_documented_ones() {
        let loaded = sample();
        let mut r = crate::compute::compute_one(&loaded, NaiveDate::from_ymd_opt(2026, 12, 2).unwrap());
        r.previous = Some(Previous {
            as_of: NaiveDate::from_ymd_opt(2026, 11, 1).unwrap(),
            findings: vec![],
            games: Default::default(),
            base: None,
        });
        let changes = r.changes();
        let report = ReportJson::new(&r, changes.as_ref());

        let mut top = table_names(false);
        // `changes` has its own paragraph below the table.
        assert!(documented().contains("\n`changes` says what changed"));
        top.insert("changes".into());
        assert_eq!(keys(&report), top, "report.json's own fields");

        let game = r.games.iter().find(|g| g.sealed_move.is_none()).unwrap();
        let mut written = keys(GameWire::new(game, Language::En));
        // Written only when there is one (documented as "left out").
        written.insert("sealed_move".into());
        assert_eq!(written, table_names(true), "a game's fields");

        let sentence = documented()
            .split("A finding has ")
            .nth(1)
            .and_then(|s| s.split(';').next())
            .expect("docs/format.md lists a finding's fields");
        // Without the parenthesis that lists the severities.
        let sentence: String = sentence
            .split('(')
            .map(|p| p.split_once(')').map_or(p, |(_, rest)| rest))
            .collect();
        let f = r.games.iter().flat_map(|g| &g.findings).next().unwrap();
        assert_eq!(
            keys(FindingWire::new(f, Language::En)),
            names(&sentence),
            "a finding's fields"
        );

        let c = ChangesWire::new(changes.as_ref().unwrap(), Language::En);
        let changes_doc = documented().split("\n`changes` says").nth(1).unwrap();
        let changes_doc = changes_doc.split("A finding is the same").next().unwrap();
        let said = names(changes_doc);
        for k in keys(&c) {
            assert!(said.contains(&k), "changes.{k} is not in docs/format.md");
        }
    }
}
