//! The `ccbulletin` command: parses the command line and calls the library.

use clap::{Parser, Subcommand};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// mimalloc for the whole program: a report allocates and frees millions of
/// small strings from two threads, where glibc's allocator spent about a
/// tenth of the run (README, "Speed"). Counted while a page renders, so that
/// a runaway template ends the run (docs/output.md, "Templates and the stylesheet").
#[global_allocator]
static ALLOCATOR: ccbulletin::render::Budgeted<mimalloc::MiMalloc> = ccbulletin::render::Budgeted(mimalloc::MiMalloc);

/// mimalloc's `mi_option_purge_delay` (the 16th of `mi_option_t` in the
/// mimalloc 3 that `libmimalloc-sys` builds): how long freed memory is kept
/// before it goes back to the system; -1 keeps it for the run.
const MI_OPTION_PURGE_DELAY: std::ffi::c_int = 15;

unsafe extern "C" {
    /// From the mimalloc library that the `mimalloc` crate links in.
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
}

/// Keeps the memory a render frees for the next render rather than giving
/// it back to the system after 10 ms: every page handed back was zeroed
/// again (a 2 MB transparent huge page at a time) when the next pages
/// needed it. Peak memory does not grow, as the next render reuses it
/// (README, "Speed").
fn keep_freed_memory() {
    // SAFETY: sets one of mimalloc's options, which it allows at any time;
    // the option is a valid one (above), and an integer is its value.
    unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, -1) }
}

/// Recomputes the clocks of email chess tournaments under Article 51 and
/// renders their bulletins and the arbiter's report.
#[derive(Parser)]
#[command(version, about, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// The options of `report`, taken when no command is named.
    #[command(flatten)]
    report: ReportArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Report on every tournament of a folder (the default command).
    Report(ReportArgs),
    /// Make a tournament's folder DIR from a list of players: tournament.toml,
    /// players.csv, pairings.csv from the FIDE Berger tables, empty
    /// breaks.csv and decisions.csv, games/. Never overwrites anything.
    New(NewArgs),
    /// Write the default templates into DIR, to edit and pass as --templates:
    /// the files NAME… only (all when none is named). Keep only the files you
    /// change: a file there pins its page to this version's template.
    Templates {
        /// Where to write them.
        dir: PathBuf,
        /// The templates to write (base.html, index.html, …); all when none.
        names: Vec<String>,
        /// Overwrite files there that differ from the defaults (edited ones).
        #[arg(long)]
        force: bool,
    },
}

#[derive(clap::Args)]
struct NewArgs {
    /// The tournament's folder, made here (its name is the tournament's id).
    dir: PathBuf,
    /// The players' names in the order of the draw, when --players is not given.
    names: Vec<String>,
    /// A players list (name,email; as a spreadsheet saves it), in the order of
    /// the draw.
    #[arg(long, conflicts_with = "names")]
    players: Option<PathBuf>,
    /// A double round robin: each pair plays twice, once with each colour.
    #[arg(long)]
    double: bool,
    /// The tournament's name (default: the folder's name).
    #[arg(long)]
    name: Option<String>,
    /// The official start, YYYY-MM-DD (default: today).
    #[arg(long, value_parser = parse_as_of)]
    start: Option<chrono::NaiveDate>,
    /// The language of its pages (a file of languages/).
    #[arg(long, default_value = "en", value_parser = language_arg())]
    language: ccbulletin::model::Language,
}

#[derive(clap::Args)]
struct ReportArgs {
    /// The folder of tournaments, one folder each with a tournament.toml
    /// (default: ccbulletin.toml's `tournaments`, else tournaments).
    #[arg(long)]
    tournaments: Option<PathBuf>,
    /// Where the reports go: OUT/public (to publish) and OUT/arbiter (private),
    /// replaced tournament by tournament, atomically. Must not overlap
    /// --tournaments (default: ccbulletin.toml's `out`, else out).
    #[arg(long)]
    out: Option<PathBuf>,
    /// The report's date, YYYY-MM-DD (default: today).
    #[arg(long, value_parser = parse_as_of)]
    as_of: Option<chrono::NaiveDate>,
    /// A folder of templates that override the embedded ones, file by file,
    /// and whose static/ is copied into both trees (default:
    /// ccbulletin.toml's `templates`).
    #[arg(long)]
    templates: Option<PathBuf>,
    /// Worker threads, 1 to 256 (default: ccbulletin.toml's `jobs`, else all
    /// cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: Option<u16>,
    /// Write every tournament's files, even those whose inputs, templates,
    /// as-of date and tool are as they were at their last report (which are
    /// otherwise left as they are).
    #[arg(long)]
    force: bool,
    /// No progress bar, no summary line and no line naming the settings file
    /// read, on stderr.
    #[arg(long, short)]
    quiet: bool,
}

fn parse_as_of(s: &str) -> Result<chrono::NaiveDate, String> {
    ccbulletin::dates::parse_date(s).map_err(|e| e.to_string())
}

/// `--language`: the code of a language, its possible values listed in
/// the help.
fn language_arg() -> impl clap::builder::TypedValueParser<Value = ccbulletin::model::Language> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(ccbulletin::model::Language::codes())
        .map(|code| code.parse().expect("a possible value is a language's code"))
}

fn main() -> ExitCode {
    keep_freed_memory();
    let cli = Cli::parse();
    let args = match cli.command {
        Some(Command::Templates { dir, names, force }) => return write_templates(&dir, &names, force),
        Some(Command::New(args)) => return new_tournament(args),
        Some(Command::Report(args)) => args,
        None => cli.report,
    };
    // ccbulletin.toml in the working folder; a flag wins over it.
    let cwd = std::env::current_dir().unwrap_or_default();
    let file = match ccbulletin::config::read(&cwd) {
        Ok(f) => f,
        Err(e) => {
            say(format_args!("error: {e:#}"));
            return ExitCode::from(2);
        }
    };
    let (settings, file) = match file {
        Some((path, s)) => (s, Some(path)),
        None => (ccbulletin::config::RunSettings::default(), None),
    };
    if let Some(path) = &file
        && !args.quiet
    {
        say(format_args!("ccbulletin: settings read from {}", path.display()));
    }
    let opts = ccbulletin::report::Options {
        tournaments: args
            .tournaments
            .or(settings.tournaments)
            .unwrap_or_else(|| "tournaments".into()),
        out: args.out.or(settings.out).unwrap_or_else(|| "out".into()),
        as_of: args.as_of.unwrap_or_else(|| chrono::Local::now().date_naive()),
        templates: args.templates.or(settings.templates),
        jobs: args.jobs.or(settings.jobs).map(usize::from),
        force: args.force,
    };
    let bar = progress_bar(args.quiet);
    let progress = |done: usize, total: usize| {
        if let Some(bar) = &bar
            && total >= 20
        {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        }
    };
    let result = ccbulletin::report::run_with_progress(&opts, &progress);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    match result {
        Ok(s) => {
            print_summary(&s, &opts.out, args.quiet);
            if s.errors > 0 {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(e) => {
            say(format_args!("error: {e:#}"));
            ExitCode::from(2)
        }
    }
}

/// Writes one line on stderr. A stderr that is closed, a pipe whose reader
/// is gone or a full disk loses the line but never changes the exit status
/// (`eprintln!` would panic, and the run would exit 101 after the report
/// was written).
fn say(line: std::fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// `ccbulletin new DIR`: makes the tournament's folder and lists its files.
fn new_tournament(args: NewArgs) -> ExitCode {
    let players = match &args.players {
        Some(path) => {
            let read = std::fs::read(path)
                .map_err(anyhow::Error::from)
                .and_then(|bytes| ccbulletin::new::players_from_csv(&path.display().to_string(), &bytes));
            match read {
                Ok(p) => p,
                Err(e) => {
                    say(format_args!("error: `{}`: {e:#}", path.display()));
                    return ExitCode::from(2);
                }
            }
        }
        None => args
            .names
            .iter()
            .map(|n| (n.trim().to_string(), String::new()))
            .collect(),
    };
    let t = ccbulletin::new::NewTournament {
        dir: args.dir,
        players,
        double: args.double,
        name: args.name,
        start: args.start.unwrap_or_else(|| chrono::Local::now().date_naive()),
        language: args.language,
    };
    match ccbulletin::new::create(&t) {
        Ok(written) => {
            let mut out = std::io::stdout().lock();
            for p in &written {
                if writeln!(out, "{}", p.display()).is_err() {
                    break;
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            say(format_args!("error: {e:#}"));
            ExitCode::from(2)
        }
    }
}

/// `ccbulletin templates DIR [NAME…]`: writes the default templates named
/// (all when none) and lists them; a name that is no template exits 2 with
/// the list of names.
fn write_templates(dir: &std::path::Path, names: &[String], force: bool) -> ExitCode {
    let known: Vec<&str> = ccbulletin::render::TEMPLATES.iter().map(|(n, _)| *n).collect();
    let unknown: Vec<&str> = names
        .iter()
        .map(String::as_str)
        .filter(|n| !known.contains(n))
        .collect();
    if !unknown.is_empty() {
        say(format_args!(
            "error: no template named {}: the templates are {}",
            unknown.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", "),
            known.join(", ")
        ));
        return ExitCode::from(2);
    }
    match ccbulletin::report::write_templates(dir, names, force) {
        Ok(done) => {
            let mut out = std::io::stdout().lock();
            for p in &done.written {
                // A closed or full stdout loses the list, never the exit status.
                if writeln!(out, "{}", p.display()).is_err() {
                    break;
                }
            }
            for p in &done.not_files {
                say(format_args!(
                    "warning: `{}` is not a regular file (a FIFO, a device, a folder or a link): not opened, not written",
                    p.display()
                ));
            }
            if done.not_files.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(e) => {
            say(format_args!("error: {e:#}"));
            ExitCode::from(2)
        }
    }
}

/// A progress bar on stderr when it is a terminal and not `--quiet`; it is
/// shown only when the run is long.
fn progress_bar(quiet: bool) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    (!quiet && std::io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new(0);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} tournaments {elapsed}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    })
}

/// The run's notes and summary line (not with `--quiet`), then the errors
/// per code, on stderr.
fn print_summary(s: &ccbulletin::report::Summary, out: &std::path::Path, quiet: bool) {
    for note in &s.notes {
        say(format_args!("warning: {note}"));
    }
    if !quiet {
        use ccbulletin::render::labels::count;
        let en = ccbulletin::model::Language::En;
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        say(format_args!(
            "ccbulletin: {}, {}, {}, {}, {}, {:.2} s \
             (thread time: load {} ms, games {} ms, render {} ms, write {} ms), {} reused → {}",
            count(s.tournaments as i64, "tournament", en),
            count(s.games as i64, "game", en),
            plural(s.errors, "error"),
            plural(s.warnings, "warning"),
            plural(s.infos, "note"),
            s.millis as f64 / 1000.0,
            s.stages.load,
            s.stages.games,
            s.stages.render,
            s.stages.write,
            s.reused,
            out.display()
        ));
    }
    // Last, even with --quiet, so that a cron mail says what is wrong.
    for st in &s.stale {
        let public = out.join("public").join(&st.id);
        match st.since {
            Some(since) => say(format_args!(
                "ccbulletin: the public bulletin of {} is stale: {}; {} still shows the report of {since}",
                st.id,
                st.reason,
                public.display()
            )),
            None => say(format_args!(
                "ccbulletin: {} has no public bulletin: {}; {} says the report is not available",
                st.id,
                st.reason,
                public.display()
            )),
        }
    }
    for (code, (n, where_)) in &s.errors_by_code {
        let names: Vec<&str> = where_.iter().map(String::as_str).collect();
        say(format_args!(
            "ccbulletin: {n} {code} error{} in {}",
            if *n == 1 { "" } else { "s" },
            names.join(", ")
        ));
    }
}

#[cfg(test)]
mod tests {
    unsafe extern "C" {
        fn mi_option_get(option: std::ffi::c_int) -> std::ffi::c_long;
    }

    /// `MI_OPTION_PURGE_DELAY` is the option mimalloc reads from
    /// `MIMALLOC_PURGE_DELAY` when it starts: this test run again with that
    /// variable set finds its value under that number.
    #[test]
    fn the_option_kept_is_the_purge_delay() {
        // SAFETY: reads one of mimalloc's options, by a valid number.
        let read = || unsafe { mi_option_get(super::MI_OPTION_PURGE_DELAY) };
        if std::env::var("MIMALLOC_PURGE_DELAY").as_deref() == Ok("4321") {
            assert_eq!(read(), 4321);
            return;
        }
        let child = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "tests::the_option_kept_is_the_purge_delay"])
            .env("MIMALLOC_PURGE_DELAY", "4321")
            .output()
            .unwrap();
        let out = String::from_utf8_lossy(&child.stdout);
        assert!(child.status.success() && out.contains("1 passed"), "{out}");
        super::keep_freed_memory();
        assert_eq!(read(), -1);
    }
}
