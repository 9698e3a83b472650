//! A newcomer's path from the README alone: `ccbulletin new` makes a
//! 7-player double round robin from a players list saved by Excel; two
//! move logs are added; the nightly run is `ccbulletin report` and nothing
//! else (the folders and the theme from ccbulletin.toml, a theme with a
//! logo in static/); the public tree is served over HTTP by a real server
//! (nginx with docs/output.md's block where nginx is installed, else
//! python3's http.server with that block's types), and each kind of file comes with
//! its type; the logo loads on a public and on an arbiter's page.

use crate::common::*;
use scraper::{Html, Selector};
use std::io::{BufRead, Read, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};

const PLAYERS: [&str; 7] = [
    "Иванов, Иван",
    "Petrov, Petr",
    "Sidorova, Anna",
    "Kuznetsov, Oleg",
    "Smirnova, Olga",
    "Popov, Ivan",
    "Lebedeva, Maria",
];

/// A web server over `dir`: nginx with the block docs/output.md gives,
/// where nginx is installed; else python3's http.server, its types taken
/// from that block (the extension → type map and `charset_types`), names
/// beginning with a dot refused as its `location ~ /\.` does (its port is
/// the first line it prints).
struct Server {
    child: Child,
    port: u16,
    /// nginx's folder of its configuration, logs and temporary files.
    prefix: Option<std::path::PathBuf>,
}

const SERVER: &str = r#"
import functools, http.server, os, re, sys
doc = open(sys.argv[2], encoding="utf-8").read()
block = re.search(r"```nginx\n(.*?)```", doc, re.S).group(1)
types = {}
for line in re.search(r"types \{(.*?)\}", block, re.S).group(1).splitlines():
    parts = line.strip().rstrip(";").split()
    for ext in parts[1:]:
        types["." + ext] = parts[0]
charset = set(re.search(r"charset_types ([^;]*);", block).group(1).split()) | {"text/html"}
assert re.search(r"charset utf-8;", block)
class H(http.server.SimpleHTTPRequestHandler):
    def guess_type(self, path):
        t = types.get(os.path.splitext(path)[1].lower(), "application/octet-stream")
        return t + "; charset=utf-8" if t in charset else t
    def send_head(self):
        if any(p.startswith(".") for p in self.path.split("?")[0].split("/")):
            self.send_error(404)
            return None
        return super().send_head()
    def log_message(self, *args):
        pass
srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(H, directory=sys.argv[1]))
print(srv.server_address[1], flush=True)
srv.serve_forever()
"#;

/// nginx, where it is installed: its path.
fn nginx() -> Option<std::path::PathBuf> {
    std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .chain(["/usr/sbin".into(), "/usr/local/sbin".into()])
        .map(|d| d.join("nginx"))
        .find(|p| p.is_file())
}

/// The nginx block of docs/output.md, as written there.
fn nginx_block() -> String {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/output.md")).unwrap();
    let at = doc.find("```nginx\n").expect("docs/output.md has an nginx block") + 9;
    doc[at..at + doc[at..].find("```").unwrap()].to_string()
}

impl Server {
    /// nginx with the docs' block where nginx is installed, else python3.
    fn start(dir: &Path) -> Server {
        match nginx() {
            Some(nginx) => Server::nginx(&nginx, dir),
            None => Server::python(dir),
        }
    }

    /// nginx in the foreground, one process, everything under a temporary
    /// prefix; the server block holds docs/output.md's nginx block verbatim.
    fn nginx(nginx: &Path, dir: &Path) -> Server {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let prefix = tempfile::tempdir().unwrap().keep();
        let p = prefix.display();
        let conf = format!(
            "daemon off;\nmaster_process off;\nworker_processes 1;\npid {p}/nginx.pid;\nerror_log {p}/error.log;\n\
             events {{ worker_connections 64; }}\n\
             http {{\n  access_log off;\n  client_body_temp_path {p}/body;\n  proxy_temp_path {p}/proxy;\n\
             fastcgi_temp_path {p}/fastcgi;\n  uwsgi_temp_path {p}/uwsgi;\n  scgi_temp_path {p}/scgi;\n\
             server {{\n    listen 127.0.0.1:{port};\n    root {};\n{}\n  }}\n}}\n",
            dir.display(),
            nginx_block()
        );
        std::fs::write(prefix.join("nginx.conf"), conf).unwrap();
        let mut child = Command::new(nginx)
            .arg("-p")
            .arg(&prefix)
            .arg("-c")
            .arg(prefix.join("nginx.conf"))
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("nginx starts");
        for _ in 0..200 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                eprintln!("newcomer: {} served by {}", dir.display(), nginx.display());
                return Server {
                    child,
                    port,
                    prefix: Some(prefix),
                };
            }
            std::thread::sleep(std::time::Duration::from_millis(25));
        }
        let _ = child.kill();
        let _ = child.wait();
        panic!(
            "nginx did not listen: {}",
            std::fs::read_to_string(prefix.join("error.log")).unwrap_or_default()
        );
    }

    fn python(dir: &Path) -> Server {
        let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/output.md");
        let mut child = Command::new("python3")
            .args(["-c", SERVER])
            .arg(dir)
            .arg(doc)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("python3 runs (it serves the tree)");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("the server's port: {line:?}"));
        eprintln!("newcomer: {} served by python3's http.server", dir.display());
        Server {
            child,
            port,
            prefix: None,
        }
    }

    /// GET `path`: the status, the Content-Type and the body.
    fn get(&self, path: &str) -> (u16, String, Vec<u8>) {
        let mut s = std::net::TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        write!(s, "GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n").unwrap();
        let mut bytes = Vec::new();
        s.read_to_end(&mut bytes).unwrap();
        let end = bytes.windows(4).position(|w| w == b"\r\n\r\n").expect("headers end");
        let head = String::from_utf8_lossy(&bytes[..end]).into_owned();
        let status = head.split(' ').nth(1).unwrap().parse().unwrap();
        let ctype = head
            .lines()
            .find_map(|l| {
                l.split_once(':')
                    .filter(|(k, _)| k.eq_ignore_ascii_case("content-type"))
            })
            .map(|(_, v)| v.trim().to_string())
            .unwrap_or_default();
        (status, ctype, bytes[end + 4..].to_vec())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(p) = &self.prefix {
            let _ = std::fs::remove_dir_all(p);
        }
    }
}

/// The `src` of the page's logo, resolved against the page's path.
fn logo_of(page: &str, html: &[u8]) -> String {
    let doc = Html::parse_document(std::str::from_utf8(html).unwrap());
    let src = doc
        .select(&Selector::parse("header img").unwrap())
        .next()
        .unwrap_or_else(|| panic!("{page}: no logo in the header"))
        .value()
        .attr("src")
        .unwrap()
        .to_string();
    let mut parts: Vec<&str> = page.split('/').collect();
    parts.pop();
    for seg in src.split('/') {
        match seg {
            ".." => {
                parts.pop();
            }
            "." => {}
            s => parts.push(s),
        }
    }
    parts.join("/")
}

#[test]
fn from_new_to_a_served_bulletin_with_only_ccbulletin_report() {
    let dir = tempfile::tempdir().unwrap();
    let w = dir.path();
    let (t, start) = new_club_from_an_excel_list(w);
    two_move_logs(&t, start);
    let logo = theme_with_a_logo(w);
    // The nightly run: `ccbulletin report`, nothing else.
    let run = bin().current_dir(w).arg("report").output().unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(matches!(run.status.code(), Some(0 | 1)), "{stderr}");
    assert!(
        stderr.contains("settings read from") && stderr.contains("ccbulletin.toml"),
        "{stderr}"
    );
    let out = w.join("out");
    assert!(out.join("public/club/index.html").is_file(), "{stderr}");
    // `new` wrote every game's log with its header: the first night lists
    // no missing log (51.1.4), only games without a move yet.
    let json = crate::common::report_json(&out, "club");
    let missing: Vec<_> = crate::common::all_findings(&json)
        .into_iter()
        .filter(|f| f["code"] == "missing-log")
        .collect();
    assert!(missing.is_empty(), "{missing:?}");
    // Under --quiet the settings line is not said.
    let quiet = bin().current_dir(w).args(["report", "--quiet"]).output().unwrap();
    assert!(!String::from_utf8_lossy(&quiet.stderr).contains("settings read from"));

    let public = Server::start(&out.join("public"));
    served_with_their_types(&public, &out);
    logo_loads_on_every_kind_of_page(&public, &out, logo);
}

/// `ccbulletin new` on a players list as Russian Excel saves it: a double
/// round robin of 42 games, started 20 days ago; it never overwrites. The
/// tournament's folder and start.
fn new_club_from_an_excel_list(w: &Path) -> (std::path::PathBuf, chrono::NaiveDate) {
    // The players list as Russian Excel saves it: BOM, `;`, CRLF.
    let mut list = String::from("\u{feff}ФИО;Почта\r\n");
    for (i, p) in PLAYERS.iter().enumerate() {
        list.push_str(&format!("\"{p}\";player{i}@example.org\r\n"));
    }
    std::fs::write(w.join("entrants.csv"), list).unwrap();
    let today = chrono::Local::now().date_naive();
    let start = today - chrono::Days::new(20);
    let new = bin()
        .current_dir(w)
        .args(["new", "tournaments/club", "--players", "entrants.csv", "--double"])
        .args(["--start", &start.to_string(), "--name", "Club championship"])
        .output()
        .unwrap();
    assert!(new.status.success(), "{}", String::from_utf8_lossy(&new.stderr));
    let t = w.join("tournaments/club");
    for f in [
        "tournament.toml",
        "players.csv",
        "pairings.csv",
        "breaks.csv",
        "decisions.csv",
    ] {
        assert!(t.join(f).is_file(), "{f}");
    }
    assert!(t.join("games").is_dir());
    assert_eq!(
        std::fs::read_to_string(t.join("games/g42.csv")).unwrap(),
        "no,side,move,received,sent,flag,note\n"
    );
    // 7 players: the table of 8, 8 the bye; twice: 42 games in 14 rounds.
    let pairings = std::fs::read_to_string(t.join("pairings.csv")).unwrap();
    let rows: Vec<&str> = pairings.lines().skip(1).collect();
    assert_eq!(rows.len(), 42, "{pairings}");
    assert!(
        rows[0].starts_with("g01,1,\"Petrov, Petr\",\"Lebedeva, Maria\""),
        "{pairings}"
    );
    assert!(rows[41].starts_with("g42,14,"), "{pairings}");
    // Never overwrites.
    let again = bin()
        .current_dir(w)
        .args(["new", "tournaments/club", "A", "B"])
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(t.join("pairings.csv")).unwrap(), pairings);

    (t, start)
}

/// Two move logs, for the first two games of round 1.
fn two_move_logs(t: &Path, start: chrono::NaiveDate) {
    let day = |n: u64| (start + chrono::Days::new(n)).to_string();
    let g01 = format!(
        "no,side,move,received,sent,flag,note\n1,white,e4,,{},,\n1,black,e5,{},{},,\n2,white,Nf3,{},{},,\n",
        day(1),
        day(3),
        day(4),
        day(6),
        day(7)
    );
    let g02 = format!(
        "no,side,move,received,sent,flag,note\n1,white,d4,,{},,\n1,black,Nf6,{},{},,\n",
        day(2),
        day(4),
        day(5)
    );
    std::fs::write(t.join("games/g01.csv"), g01).unwrap();
    std::fs::write(t.join("games/g02.csv"), g02).unwrap();
}

/// A theme with a logo, named in ccbulletin.toml: the default templates,
/// the header filled. The logo.
fn theme_with_a_logo(w: &Path) -> &'static str {
    let theme = w.join("theme");
    assert!(bin().args(["templates"]).arg(&theme).output().unwrap().status.success());
    let base = std::fs::read_to_string(theme.join("base.html")).unwrap();
    let base = base.replace(
        "<header>",
        "<header><img src=\"{{ root|safe }}static/logo.svg\" alt=\"Club\" height=\"40\">",
    );
    std::fs::write(theme.join("base.html"), base).unwrap();
    std::fs::create_dir_all(theme.join("static")).unwrap();
    let logo = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"40\"><circle cx=\"20\" cy=\"20\" r=\"18\"/></svg>\n";
    std::fs::write(theme.join("static/logo.svg"), logo).unwrap();
    std::fs::write(w.join("ccbulletin.toml"), "templates = \"theme\"\njobs = 1\n").unwrap();

    logo
}

/// The public tree over HTTP, each kind of file with its type; the tool's
/// own file never served.
fn served_with_their_types(public: &Server, out: &Path) {
    let player = std::fs::read_dir(out.join("public/club/players"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .find(|n| n.ends_with(".ics"))
        .expect("a player's calendar");
    let expect = [
        ("/index.html", "text/html; charset=utf-8"),
        ("/style.css", "text/css; charset=utf-8"),
        ("/club/index.html", "text/html; charset=utf-8"),
        ("/club/games/g01.html", "text/html; charset=utf-8"),
        ("/club/games/g01.txt", "text/plain; charset=utf-8"),
        ("/club/bulletin.txt", "text/plain; charset=utf-8"),
        ("/club/club.pgn", "application/vnd.chess-pgn; charset=utf-8"),
        (&format!("/club/players/{player}"), "text/calendar; charset=utf-8"),
        ("/static/logo.svg", "image/svg+xml"),
    ];
    for (path, ctype) in expect {
        let (status, got, body) = public.get(path);
        assert_eq!((status, got.as_str()), (200, ctype), "{path}");
        assert_eq!(
            body,
            std::fs::read(out.join("public").join(&path[1..])).unwrap(),
            "{path}"
        );
    }
    // The calendar is one a calendar program reads.
    let (_, _, ics) = public.get(&format!("/club/players/{player}"));
    let cal: icalendar::Calendar = String::from_utf8(ics).unwrap().parse().unwrap();
    assert!(!cal.components.is_empty());
    // The tool's own file is there on disk but never served.
    assert!(out.join("public/club/.fingerprint").is_file());
    assert_eq!(public.get("/club/.fingerprint").0, 404);
}

/// The logo loads on a public page and on an arbiter's page.
fn logo_loads_on_every_kind_of_page(public: &Server, out: &Path, logo: &str) {
    let (_, _, bulletin) = public.get("/club/index.html");
    let src = logo_of("/club/index.html", &bulletin);
    assert_eq!(src, "/static/logo.svg");
    let (status, ctype, body) = public.get(&src);
    assert_eq!(
        (status, ctype.as_str(), body.as_slice()),
        (200, "image/svg+xml", logo.as_bytes())
    );
    let (_, _, game) = public.get("/club/games/g01.html");
    assert_eq!(public.get(&logo_of("/club/games/g01.html", &game)).0, 200);
    let arbiter = Server::start(&out.join("arbiter"));
    for page in ["/index.html", "/club/arbiter.html"] {
        let (status, _, html) = arbiter.get(page);
        assert_eq!(status, 200, "{page}");
        let src = logo_of(page, &html);
        let (status, ctype, body) = arbiter.get(&src);
        assert_eq!(
            (status, ctype.as_str(), body.as_slice()),
            (200, "image/svg+xml", logo.as_bytes()),
            "{page}: {src}"
        );
    }
}

/// A theme's static/ follows the theme in both trees: copied with its
/// subfolders, kept (same inode and time) while unchanged, removed when it
/// leaves the theme; a text file holding an address stays out of the
/// public tree, with a warning naming it.
#[test]
fn a_themes_static_files_follow_the_theme_in_both_trees() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().unwrap();
    let theme = dir.path().join("theme");
    let files: [(&str, &[u8]); 3] = [
        ("static/logo.svg", b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"),
        ("static/fonts/pt.woff2", b"wOF2\x00\x01\xff\xfe"),
        ("static/contact.txt", b"Write to arbiter@example.org\n"),
    ];
    for (rel, bytes) in files {
        write(&theme.join(rel), bytes);
    }
    let out = dir.path().join("out");
    let run = |as_of: &str| {
        let r = report(&sample(), &out, as_of, &["--templates", theme.to_str().unwrap()]);
        assert!(matches!(r.status.code(), Some(0 | 1)));
        String::from_utf8_lossy(&r.stderr).into_owned()
    };
    let stderr = run("2026-12-02");
    for tree in ["public", "arbiter"] {
        for (rel, bytes) in &files[..2] {
            assert_eq!(std::fs::read(out.join(tree).join(rel)).unwrap(), *bytes, "{tree}/{rel}");
        }
    }
    assert!(out.join("arbiter/static/contact.txt").is_file());
    assert!(!out.join("public/static/contact.txt").exists());
    assert!(stderr.contains("contact.txt` holds an email address"), "{stderr}");
    assert!(
        !stderr.contains("matches no template"),
        "static/ is not a stray template: {stderr}"
    );
    let logo = std::fs::metadata(out.join("public/static/logo.svg")).unwrap();
    // The next night: the logo is the same file; the font left the theme.
    std::fs::remove_file(theme.join("static/fonts/pt.woff2")).unwrap();
    run("2026-12-03");
    let again = std::fs::metadata(out.join("public/static/logo.svg")).unwrap();
    assert_eq!((again.ino(), again.mtime_nsec()), (logo.ino(), logo.mtime_nsec()));
    for tree in ["public", "arbiter"] {
        assert!(!out.join(tree).join("static/fonts").exists(), "{tree}");
        assert!(out.join(tree).join("static/logo.svg").is_file(), "{tree}");
    }
    // A run without the theme leaves no theme's file behind.
    let r = report(&sample(), &out, "2026-12-03", &[]);
    assert!(matches!(r.status.code(), Some(0 | 1)));
    for tree in ["public", "arbiter"] {
        assert!(!out.join(tree).join("static/logo.svg").exists(), "{tree}");
    }
}

/// ccbulletin.toml: its folders are used, a flag wins over it, a key it
/// does not know stops the run (exit 2, nothing written) naming the key.
#[test]
fn the_settings_file_is_read_and_a_flag_wins_over_it() {
    let dir = tempfile::tempdir().unwrap();
    let w = dir.path();
    copy_sample(&w.join("t"));
    std::fs::write(w.join("ccbulletin.toml"), "tournaments = \"t\"\nout = \"o\"\n").unwrap();
    let run = |args: &[&str]| bin().current_dir(w).args(args).output().unwrap();
    let r = run(&["report", "--as-of", "2026-12-02"]);
    assert_eq!(r.status.code(), Some(1), "{}", String::from_utf8_lossy(&r.stderr));
    assert!(w.join("o/public/ec2026-sf3/index.html").is_file());
    let r = run(&["report", "--as-of", "2026-12-02", "--out", "flag"]);
    assert_eq!(r.status.code(), Some(1));
    assert!(w.join("flag/public/ec2026-sf3/index.html").is_file());
    std::fs::write(w.join("ccbulletin.toml"), "tournaments = \"t\"\ntemplate = \"theme\"\n").unwrap();
    let r = run(&["report", "--as-of", "2026-12-02", "--out", "never"]);
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert_eq!(r.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("ccbulletin.toml") && stderr.contains("line 2") && stderr.contains("`template`"),
        "{stderr}"
    );
    assert!(!w.join("never").exists());
}
