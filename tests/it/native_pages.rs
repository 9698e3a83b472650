//! The built-in game page, player page, next message, bulletin and
//! arbiter's list are written natively (src/render/game_page.rs,
//! player_page.rs, next_text.rs, index_page.rs, bulletin_text.rs,
//! arbiter_page.rs, arbiter_text.rs); these tests prove their bytes equal
//! what minijinja renders from templates/game.html, player.html, next.txt,
//! index.html, bulletin.txt, arbiter.html and arbiter.txt. Each folder is
//! reported twice: once as it is, once with a `--templates` folder holding
//! unmodified copies of the seven (which makes minijinja render them), and
//! every games/*.html, games/*.txt, players/*.html, each tournament's
//! index.html and bulletin.txt and its arbiter's arbiter.html and
//! arbiter.txt is compared byte for byte (the game page holds the next
//! message's copy block).

use crate::common::{WORKED_LOG, report, sample, tree, write};
use std::collections::BTreeMap;
use std::path::Path;

/// The game and player pages, the next messages, the bulletins and the
/// arbiter's lists (keys under `arbiter/`) of a report of `input`: native,
/// and from the templates.
fn both(input: &Path, as_of: &str) -> (BTreeMap<String, Vec<u8>>, BTreeMap<String, Vec<u8>>) {
    both_after(None, input, as_of)
}

/// As [`both`], each run after a report of the folder `before` as of its
/// date into the same output, which the bulletin's changes are since.
fn both_after(
    before: Option<(&Path, &str)>,
    input: &Path,
    as_of: &str,
) -> (BTreeMap<String, Vec<u8>>, BTreeMap<String, Vec<u8>>) {
    let dir = tempfile::tempdir().unwrap();
    let templates = dir.path().join("templates");
    for (name, text) in [
        ("game.html", include_str!("../../templates/game.html")),
        ("player.html", include_str!("../../templates/player.html")),
        ("next.txt", include_str!("../../templates/next.txt")),
        ("index.html", include_str!("../../templates/index.html")),
        ("bulletin.txt", include_str!("../../templates/bulletin.txt")),
        ("arbiter.html", include_str!("../../templates/arbiter.html")),
        ("arbiter.txt", include_str!("../../templates/arbiter.txt")),
    ] {
        write(&templates.join(name), text);
    }
    let pages = |out: &Path, extra: &[&str]| {
        let runs = before.into_iter().chain([(input, as_of)]);
        for (input, as_of) in runs {
            let run = report(input, out, as_of, extra);
            assert!(
                run.status.code().is_some_and(|c| c <= 1),
                "{}",
                String::from_utf8_lossy(&run.stderr)
            );
        }
        let arbiter = tree(&out.join("arbiter"))
            .into_iter()
            .filter(|(k, _)| k.ends_with("/arbiter.html") || k.ends_with("/arbiter.txt"))
            .map(|(k, b)| (format!("arbiter/{k}"), b));
        tree(&out.join("public"))
            .into_iter()
            .filter(|(k, _)| {
                (k.contains("/games/") && (k.ends_with(".html") || k.ends_with(".txt")))
                    || (k.contains("/players/") && k.ends_with(".html"))
                    || (k.matches('/').count() == 1 && (k.ends_with("/index.html") || k.ends_with("/bulletin.txt")))
            })
            .chain(arbiter)
            .collect::<BTreeMap<_, _>>()
    };
    let native = pages(&dir.path().join("native"), &[]);
    let template = pages(
        &dir.path().join("template"),
        &["--templates", templates.to_str().unwrap()],
    );
    (native, template)
}

fn assert_same(native: &BTreeMap<String, Vec<u8>>, template: &BTreeMap<String, Vec<u8>>) {
    assert_eq!(native.keys().collect::<Vec<_>>(), template.keys().collect::<Vec<_>>());
    for (name, bytes) in native {
        let want = &template[name];
        if bytes != want {
            let (a, b) = (String::from_utf8_lossy(bytes), String::from_utf8_lossy(want));
            let at = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
            panic!(
                "{name} differs at byte {at}:\nnative:   {:?}\ntemplate: {:?}",
                &a[at.saturating_sub(60).min(a.len())..(at + 60).min(a.len())],
                &b[at.saturating_sub(60).min(b.len())..(at + 60).min(b.len())]
            );
        }
    }
}

#[test]
fn the_sample_game_and_player_pages_are_the_templates_bytes() {
    assert_report_json_same(&sample(), "2026-12-02", Some((&sample(), "2026-10-01")));
    let (native, template) = both(&sample(), "2026-12-02");
    // Both sample tournaments, the Russian and the English one, their
    // games and their players; the English one has games in play, so next
    // messages (the Russian one's are in the varied folder).
    for t in ["cup2025-ru/", "ec2026-sf3/"] {
        for kind in ["/games/", "/players/"] {
            assert!(native.keys().any(|k| k.starts_with(t) && k.contains(kind)), "{t}{kind}");
        }
        for file in ["index.html", "bulletin.txt", "arbiter.html", "arbiter.txt"] {
            let key = match file.starts_with("arbiter") {
                true => format!("arbiter/{t}{file}"),
                false => format!("{t}{file}"),
            };
            assert!(native.contains_key(&key), "{key}");
        }
    }
    assert!(
        native
            .keys()
            .any(|k| k.starts_with("ec2026-sf3/games/") && k.ends_with(".txt"))
    );
    assert_same(&native, &template);
}

/// Rows of every kind, a control reached, names and notes with every
/// character the escaping changes and an address, games in play, finished,
/// adjudicated without records (provisional) and under review, games moved
/// since the previous report, in both languages (the Russian tournament
/// without an end date).
#[test]
fn varied_game_and_player_pages_are_the_templates_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let (root, earlier) = (dir.path().join("t"), dir.path().join("earlier"));
    varied(&earlier, false);
    varied(&root, true);
    let (native, template) = both_after(Some((&earlier, "2026-03-01")), &root, "2026-05-02");
    assert!(native.len() >= 14, "{:?}", native.keys());
    for t in ["en/games/", "ru/games/"] {
        assert!(
            native.keys().any(|k| k.starts_with(t) && k.ends_with(".txt")),
            "{t}*.txt"
        );
    }
    // A Russian count of days is "дн." after any number ("74 дня", "75 дней").
    for (k, b) in native
        .iter()
        .filter(|(k, _)| k.starts_with("ru/games/") && k.ends_with(".txt"))
    {
        let text = String::from_utf8_lossy(b);
        assert!(text.contains(" дн.\n") && !text.contains("дней"), "{k}: {text}");
    }
    let all: String = native.values().map(|b| String::from_utf8_lossy(b)).collect();
    for seen in [
        "&#x27;",
        "&amp;",
        "&lt;",
        "&quot;",
        "&#x2f;",
        "class=\"review\"",
        "colspan=\"10\"",
        "<table class=\"breaks\">",
        "<ul class=\"findings\">",
        "hide-narrow",
        "<pre class=\"next\">",
    ] {
        assert!(all.contains(seen), "no page shows {seen}");
    }
    // The bulletins' branches: a game in trouble, one moved since the
    // previous report, a provisional score, a game under review, a
    // tournament with an end date and one without.
    let file = |k: &str| String::from_utf8_lossy(&native[k]).into_owned();
    for lang in ["en", "ru"] {
        let (html, text) = (
            file(&format!("{lang}/index.html")),
            file(&format!("{lang}/bulletin.txt")),
        );
        for seen in [
            "class=\"game trouble",
            " moved\" id=\"game-m\"",
            "<p class=\"note\"><span class=\"flag moved\">",
            "<span class=\"prov\" title=",
            "<td colspan=\"2\" class=\"review\"",
            "<span class=\"flag over\">",
            "&lt;Sons&gt;",
        ] {
            assert!(html.contains(seen), "{lang}/index.html shows no {seen}");
        }
        for seen in ["\nm +", "\n+ ", " !! ", " *"] {
            assert!(text.contains(seen), "{lang}/bulletin.txt shows no {seen:?}");
        }
        assert_eq!(html.contains("<span>End: "), lang == "en");
        // The arbiter's list: the changes since the earlier report, the
        // sections, the players' addresses, the days overdue.
        let (html, text) = (
            file(&format!("arbiter/{lang}/arbiter.html")),
            file(&format!("arbiter/{lang}/arbiter.txt")),
        );
        for seen in [
            "<h3 id=\"new\">",
            "<h3 id=\"resolved\">",
            "<h2 id=\"overdue\">",
            "<a href=\"mailto:w@example.org\">",
            "<strong class=\"overdue\">",
            "&lt;Sons&gt;",
        ] {
            assert!(html.contains(seen), "arbiter/{lang}/arbiter.html shows no {seen}");
        }
        for seen in ["\n-- ", "\n== ", "    * ", " <w@example.org>"] {
            assert!(text.contains(seen), "arbiter/{lang}/arbiter.txt shows no {seen:?}");
        }
    }
    // A tournament that failed after its first report, and one that never
    // had one: the arbiter's list begins with why.
    for t in ["broken", "never"] {
        let html = file(&format!("arbiter/{t}/arbiter.html"));
        assert!(html.contains("<p class=\"stale\">"), "{t}: {html}");
        assert_eq!(html.contains("</strong>.</p>"), t == "broken", "{t}: {html}");
        assert!(file(&format!("arbiter/{t}/arbiter.txt")).contains("\n!! "));
    }
    assert_same(&native, &template);
    let json = assert_report_json_same(&root, "2026-05-02", Some((&earlier, "2026-03-01")));
    // Every key a row may leave out is there somewhere, and escaped text.
    for seen in [
        "\"received\":",
        "\"note\":",
        "\"pending\":true",
        "_assumed\":true",
        "\"break_days\":",
        "\"exempt\":",
        "\"penalty\":",
        "\\\"",
    ] {
        assert!(json.contains(seen), "no report.json holds {seen}");
    }
}

/// report.json as src/render/json.rs writes it and as serde_json writes
/// the reference, for every tournament of `input` as of `as_of`: each
/// after a report of `before` (its `changes`), and each again as a report
/// whose public files were kept (`published` and `stale`).
fn assert_report_json_same(input: &Path, as_of: &str, before: Option<(&Path, &str)>) -> String {
    use ccbulletin::compute::{Published, Stale, compute_one};
    use ccbulletin::render::{report_json, report_json_serde};
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    if let Some((input, as_of)) = before {
        report(input, &out, as_of, &[]);
    }
    let as_of = as_of.parse().unwrap();
    let catalog = ccbulletin::load::load(input, as_of).unwrap();
    let (mut changes, mut all) = (0, String::new());
    for loaded in &catalog.tournaments {
        let mut r = compute_one(loaded, as_of);
        r.previous = ccbulletin::output::previous::previous_findings(&out, &loaded.tournament.id);
        changes += usize::from(r.previous.is_some());
        let id = &loaded.tournament.id;
        let json = report_json(&r).unwrap();
        assert_eq!(json, report_json_serde(&r).unwrap(), "{id}");
        all.push_str(&String::from_utf8_lossy(&json));
        r.stale = Some(Stale {
            reason: "players.csv: \"bad\"\tline\u{1}".into(),
            published: Some(Published {
                as_of,
                name: "Before \\ <then>".into(),
                games: 3,
                finished: 1,
            }),
        });
        assert_eq!(report_json(&r).unwrap(), report_json_serde(&r).unwrap(), "{id}, stale");
    }
    assert!(!catalog.tournaments.is_empty());
    assert_eq!(changes > 0, before.is_some());
    all
}

/// The varied tournaments into `root`; `later` with game h's later moves
/// and the games m and p, which an earlier report has not seen, and with
/// the pairings of the tournament `broken` failing (those of `never`
/// always do).
fn varied(root: &Path, later: bool) {
    for (id, lang, fails) in [("broken", "en", later), ("never", "ru", true)] {
        let t = root.join(id);
        write(
            &t.join("tournament.toml"),
            format!("name = \"{id}\"\nstart = 2026-01-15\narbiter = \"A\"\nlanguage = \"{lang}\"\n"),
        );
        write(&t.join("players.csv"), "name,email\nA,a@example.org\nB,b@example.org\n");
        let pairings = match fails {
            true => "nothing,here\n1,2\n",
            false => "game,round,white,black\nx,1,A,B\n",
        };
        write(&t.join("pairings.csv"), pairings);
    }
    let white = "O'Brien & <Sons> \"/\" ivan@mail.example.org";
    let black = "Петров, Пётр";
    for (id, lang) in [("en", "en"), ("ru", "ru")] {
        let t = root.join(id);
        let end = if lang == "en" { "end = 2026-12-31\n" } else { "" };
        write(
            &t.join("tournament.toml"),
            format!(
                "name = \"Cup <'{id}'> & \\\"/\\\"\"\nstart = 2026-01-15\n{end}arbiter = \"A\"\narbiter_email = \"a@example.org\"\ntime_control = \"2/10\"\nlanguage = \"{lang}\"\n"
            ),
        );
        write(
            &t.join("players.csv"),
            format!("name,email\n\"{white}\",w@example.org\n\"{black}\",b@example.org\n\"C\",c@example.org\n"),
        );
        write(
            &t.join("pairings.csv"),
            format!(
                "game,round,white,black\ng,1,\"{white}\",\"{black}\"\nh,2,\"{black}\",\"{white}\"\nk,\"1/2 <&>\",C,\"{white}\"\nm,3,C,\"{black}\"\np,4,\"{white}\",C\n"
            ),
        );
        write(
            &t.join("games/g.csv"),
            // Later, White has received Black's last move and thinks.
            format!(
                "no,side,move,received,sent,flag,note\n{WORKED_LOG}{}",
                if later { "9,white,,2026-03-06,,,\n" } else { "" }
            ),
        );
        // A lost letter, a repeat, a numeric move, a missing date and a
        // move waiting for an answer.
        let h = "no,side,move,received,sent,flag,note\n\
             1,white,5254,,2026-01-16,,\n\
             1,black,e5,2026-01-17,2026-01-19,,\n\
             2,white,Nf3,2026-01-20,2026-01-22,,\n\
             2,black,Nc6,2026-01-23,,,\n\
             2,black,Nc6,2026-02-20,2026-02-21,lost,\n\
             3,white,Bb5,2026-02-22,2026-02-25,,\n\
             3,black,a6,2026-02-26,2026-02-27,,\n\
             4,white,Ba4,2026-02-28,,,\n";
        let rows = if later { 9 } else { 5 };
        write(
            &t.join("games/h.csv"),
            h.lines().take(rows).map(|l| format!("{l}\n")).collect::<String>(),
        );
        // Breaks for one player (a table of them) and none for the others.
        write(
            &t.join("breaks.csv"),
            format!(
                "player,from,to,declared,approved\n\"{black}\",2026-03-01,2026-03-10,2026-02-20,\n\"{black}\",2026-04-01,2026-04-03,,\n"
            ),
        );
        // Records with an error: under review, no clocks.
        write(
            &t.join("games/k.csv"),
            "no,side,move,received,sent,flag,note\n\
             1,white,e4,,2026-01-16,,\n\
             1,black,Ke2,2026-01-17,2026-01-19,,\n",
        );
        if later {
            // A finished game.
            write(
                &t.join("games/m.csv"),
                "no,side,move,received,sent,flag,note\n\
                 1,white,f3,,2026-01-16,,\n\
                 1,black,e5,2026-01-17,2026-01-18,,\n\
                 2,white,g4,2026-01-19,2026-01-20,,\n\
                 2,black,Qh4#,2026-01-21,2026-01-22,,\n",
            );
            // Adjudicated with no records: a provisional score (51.9.2).
            write(
                &t.join("decisions.csv"),
                "date,kind,game,player,result,note\n2026-04-01,result,p,,1-0,adjudicated\n",
            );
        }
    }
}

/// `CCB_FEDERATION` names a generated federation (`cargo run --release
/// --example synth -- OUT`, then `OUT`): every one of its game and
/// player pages.
#[test]
#[ignore = "needs CCB_FEDERATION: a federation made by examples/synth.rs"]
fn a_federations_game_and_player_pages_are_the_templates_bytes() {
    let dir = std::env::var_os("CCB_FEDERATION").expect("set CCB_FEDERATION to a folder of tournaments");
    assert!(!assert_report_json_same(Path::new(&dir), "2026-12-02", None).is_empty());
    let (native, template) = both(Path::new(&dir), "2026-12-02");
    assert!(!native.is_empty());
    assert_same(&native, &template);
}
