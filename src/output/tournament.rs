//! One tournament's turn in the output folder: what the report now there
//! left for this run (read before anything is computed), and the writing
//! of the new one with the tool's own files beside it (the fingerprints,
//! summary.json: src/output/incremental.rs).

use anyhow::Context;
use std::collections::BTreeMap;

use crate::compute::{Before, Published, TournamentReport};
use crate::finding::Severity;
use crate::output::Output;
use crate::output::fingerprint::Fingerprint;
use crate::output::incremental::{FINGERPRINT, PUBLIC_FINGERPRINT, SUMMARY, Settled, Stored, dated};
use crate::output::previous::{Digest, earlier_letters, earlier_outboxes, previous_findings_in};
use crate::render::{IndexLine, Rendered, Since, Templates, render_tournament, render_unavailable};

/// What the report now in the output folder left for tournament `id`:
/// its findings and letters, and what its public files show.
pub fn before(out: &Output, id: &str, as_of: chrono::NaiveDate) -> Before {
    let mut earlier_letters = earlier_letters(&out.arbiter().path().join(id));
    // A letter prepared this night or later is not an earlier one: a
    // second run on the same date writes the night's letters again.
    earlier_letters.letters.retain(|e| e.prepared < as_of);
    Before {
        previous: previous_findings_in(out, id).and_then(|p| p.before(as_of)),
        earlier_letters,
        published: published_before(out, id),
    }
}

/// The report now public for a tournament, as the previous run's
/// `out/arbiter/<t>/report.json` records it.
fn published_before(out: &Output, id: &str) -> Option<Published> {
    let report = format!("{id}/report.json");
    // The digest beside it says the same in a tenth of the bytes.
    let len = out.arbiter().size(&report)?;
    let summary = out.arbiter().read(&format!("{id}/{SUMMARY}"));
    if let Some(p) = summary.and_then(|s| crate::output::previous::published_in_digest(&s, len)) {
        return p;
    }
    let bytes = out.arbiter().read(&report)?;
    // Only `published` is read; the rest of the report is skipped.
    #[derive(serde::Deserialize)]
    struct Head {
        published: Option<Published>,
    }
    serde_json::from_slice::<Head>(&bytes).ok()?.published
}

/// What the report now public rendered of tournament `id`'s games
/// ([`Since`]), as its summary.json stored it — when the public folder is
/// the one written with it (a run stopped between the two swaps, or a
/// stale report, leaves them apart: then everything is rendered); nothing
/// when `force`.
pub fn rendered_before(output: &Output, id: &str, run: Fingerprint, force: bool) -> Since {
    #[derive(serde::Deserialize)]
    struct Head {
        public: Option<String>,
        #[serde(default)]
        rendered: Option<BTreeMap<String, u64>>,
    }
    let read = || -> Option<BTreeMap<String, u64>> {
        let bytes = output.arbiter().read(&format!("{id}/{SUMMARY}"))?;
        let head: Head = serde_json::from_slice(&bytes).ok()?;
        let public = crate::output::incremental::public_fingerprint(output.public(), id);
        (public.is_some() && public == head.public).then_some(head.rendered?)
    };
    Since {
        run: run.0,
        before: if force { None } else { read() }.unwrap_or_default(),
    }
}

/// summary.json: what a rerun reuses, and what the next report compares
/// its findings against.
#[derive(serde::Serialize)]
struct SummaryFile<'a> {
    #[serde(flatten)]
    stored: &'a Stored,
    compare: Digest<'a>,
    /// Each game's fingerprint of what its public files show
    /// (`crate::render::Since`).
    rendered: Option<&'a BTreeMap<String, u64>>,
}

/// Writes tournament `r`'s files (`files`, rendered from it) into both
/// trees, each replaced whole: the public one unless its inputs failed
/// (then the one-line page stands for a tournament never published), the
/// arbiter's one with the letters of earlier reports and, when `fp` (the
/// fingerprint of its inputs, unchanged while they were read) is given,
/// the summary the next run reuses or compares against. A kept file gone
/// from the public folder has every file rendered and written instead.
/// `line` is the tournament's line in the indexes. Returns the leftovers
/// that could not be removed.
///
/// # Errors
/// A template that fails, or any I/O error, naming what was replaced.
pub fn write(
    out: &Output,
    env: &Templates,
    r: &TournamentReport<'_>,
    mut files: Rendered,
    fp: Option<Fingerprint>,
    line: &IndexLine,
) -> anyhow::Result<Vec<String>> {
    let (id, as_of) = (r.tournament.id.as_str(), r.as_of);
    let arbiter_dir = out.arbiter().path().join(id);
    // The letters of earlier reports stay in their outbox folders.
    for (path, bytes) in earlier_outboxes(&arbiter_dir, as_of) {
        files.arbiter.entry(path).or_insert(bytes);
    }
    let settled = fp.filter(|_| r.settled()).map(|fp| Settled {
        inputs: fp.to_string(),
        from: as_of,
    });
    let fp = fp.map(|fp| dated(fp, as_of));
    let (public, arbiter) = (out.public(), out.arbiter());
    let was_public = public.has(id);
    let mut left = Vec::new();
    if r.stale.is_none() {
        left.extend(write_public(out, env, r, &mut files, fp)?);
    } else if !was_public {
        left.extend(public.write_tournament(id, &render_unavailable(env, r)?)?);
    }
    if let Some(fp) = fp {
        add_summary(&mut files, r, line, out, fp, settled)?;
    }
    let written = arbiter.write_tournament(id, &files.arbiter);
    left.extend(written.with_context(|| {
        if r.stale.is_none() || !was_public {
            format!("`{id}`: its public folder was replaced, its arbiter's folder was not")
        } else {
            format!("`{id}`: its arbiter's folder was not replaced")
        }
    })?);
    Ok(left)
}

/// Writes the public folder of a tournament computed by this run, with the
/// fingerprint (`fp`) of its inputs; the leftover that could not be
/// removed.
fn write_public(
    out: &Output,
    env: &Templates,
    r: &TournamentReport<'_>,
    files: &mut Rendered,
    fp: Option<Fingerprint>,
) -> anyhow::Result<Option<String>> {
    let id = r.tournament.id.as_str();
    let public = out.public();
    // The inputs the public folder is made from, in it. (The one-line
    // page of a tournament never published has none: no run over
    // other inputs can have written it.)
    if let Some(fp) = fp {
        files
            .public
            .insert(PUBLIC_FINGERPRINT.to_string(), format!("{fp}\n").into_bytes());
    }
    match public.write_tournament_keeping(id, &files.public, &files.kept) {
        Err(_) if !files.kept.is_empty() => {
            // A kept file gone from the public folder: everything is
            // rendered and written instead.
            let mut all = render_tournament(env, r)?;
            all.public.extend(
                files
                    .public
                    .remove(PUBLIC_FINGERPRINT)
                    .map(|fp| (PUBLIC_FINGERPRINT.to_string(), fp)),
            );
            files.public = all.public;
            files.kept.clear();
            public.write_tournament(id, &files.public)
        }
        other => other,
    }
}

/// Adds to the arbiter's files the stored summary (with the digest the
/// next run compares its findings against) and the fingerprint `fp` of
/// the inputs.
fn add_summary(
    files: &mut Rendered,
    r: &TournamentReport<'_>,
    line: &IndexLine,
    out: &Output,
    fp: Fingerprint,
    settled: Option<Settled>,
) -> anyhow::Result<()> {
    let mut stored = stored(r, line, out);
    stored.settled = settled;
    // With the digest the next run compares its findings against.
    let report_len = files.arbiter.get("report.json").map_or(0, Vec::len);
    // The games' fingerprints vouch for the public folder only when
    // this run wrote it.
    let rendered = r.stale.is_none().then_some(&files.games);
    let json = serde_json::to_vec_pretty(&SummaryFile {
        stored: &stored,
        compare: Digest::new(r, report_len),
        rendered,
    })
    .context("failed to write the stored summary")?;
    files.arbiter.insert(SUMMARY.to_string(), json);
    files
        .arbiter
        .insert(FINGERPRINT.to_string(), format!("{fp}\n").into_bytes());
    Ok(())
}

/// What is stored of a tournament's report for the next run to reuse
/// when its inputs have not changed (src/output/incremental.rs).
fn stored(r: &TournamentReport<'_>, line: &IndexLine, out: &Output) -> Stored {
    let mut counts = [0usize; 3];
    for f in r.all_findings() {
        counts[f.severity.index()] += 1;
    }
    Stored {
        name: line.name.clone(),
        games: line.games,
        finished: line.finished,
        available: line.available,
        stale_since: line.stale_since.clone(),
        stale: r.stale.as_ref().map(|s| s.reason.clone()),
        counts,
        findings: line.counts.clone(),
        language: line.language,
        errors: r
            .all_findings()
            .filter(|f| f.severity == Severity::Error)
            .map(|f| f.code.as_str().to_string())
            .collect(),
        analysed: r.games.len(),
        public: crate::output::incremental::public_fingerprint(out.public(), &r.tournament.id),
        settled: None,
    }
}
