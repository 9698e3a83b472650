//! Snapshots (insta) of the sample's rendered files as of 2026-12-02. When a
//! template or a rule changes them, review the diff by eye
//! (`cargo insta review`, or INSTA_UPDATE=always and `git diff`).

use crate::common::*;

fn rendered() -> std::collections::BTreeMap<String, Vec<u8>> {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    report(&sample(), &out, "2026-12-02", &[]);
    tree(&out)
}

#[test]
fn sample_pages() {
    let files = rendered();
    for name in [
        "index.html",
        "ec2026-sf3/index.html",
        "ec2026-sf3/bulletin.txt",
        "ec2026-sf3/arbiter.txt",
        "ec2026-sf3/games/g01.html",
        "ec2026-sf3/games/g02.html",
        "ec2026-sf3/ec2026-sf3.pgn",
        "cup2025-ru/index.html",
        "cup2025-ru/bulletin.txt",
        "cup2025-ru/arbiter.txt",
    ] {
        // The snapshots keep their names from before the two trees.
        let tree = if name.ends_with("arbiter.txt") {
            "arbiter"
        } else {
            "public"
        };
        let text = String::from_utf8(files[&format!("{tree}/{name}")].clone()).unwrap();
        insta::assert_snapshot!(name.replace('/', "__"), text);
    }
}
