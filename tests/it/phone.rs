//! Phone first: the bulletin, a game page and a player page do not scroll
//! sideways at 390 px, measured in headless Chromium by tools/phone-check.sh,
//! and axe-core finds no WCAG A/AA violation on any kind of page.
//! Chromium is not part of a plain clone's toolchain, so the test is ignored
//! by default: `cargo test --test phone -- --ignored` (the script installs
//! Chromium when it is missing).

#[test]
#[ignore = "needs headless Chromium (tools/phone-check.sh installs it): cargo test --test phone -- --ignored"]
fn no_page_scrolls_sideways_at_390_px() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::process::Command::new("bash")
        .arg(root.join("tools/phone-check.sh"))
        .env("CCB_BIN", env!("CARGO_BIN_EXE_ccbulletin"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    // Every page was measured: the bulletins, a game page, player pages.
    let measured = stdout.lines().filter(|l| l.contains("scrollWidth")).count();
    assert!(measured >= 5, "{stdout}");
    assert!(stdout.contains("/games/") && stdout.contains("/players/"), "{stdout}");
    // axe-core ran on the same report: every kind of page, English and
    // Russian, at both widths, and found nothing.
    let axe: Vec<&str> = stdout.lines().filter(|l| l.starts_with("axe-check:")).collect();
    assert!(
        axe.len() >= 20 && axe.iter().all(|l| l.ends_with(": 0 violations")),
        "{stdout}"
    );
    assert!(
        ["390 px", "1280 px", "cup2025-ru/games/", "ec2026-sf3/players/"]
            .iter()
            .all(|w| axe.iter().any(|l| l.contains(w))),
        "{stdout}"
    );
}
