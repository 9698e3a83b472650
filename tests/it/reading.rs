//! What players read and forward (issue 25): pages that read on a phone and
//! to assistive technology, one date for one repeat, Russian text in
//! Russian, and the files people download (text width, BOM, calendars).

use crate::common::*;
use scraper::{ElementRef, Html, Selector};
use std::collections::BTreeMap;
use std::path::Path;

fn sel(s: &str) -> Selector {
    Selector::parse(s).unwrap()
}

/// The sample's public files as of 2026-12-02 (the bulletins in play).
fn sample_public(out: &Path) -> BTreeMap<String, Vec<u8>> {
    report(&sample(), out, "2026-12-02", &[]);
    tree(&out.join("public"))
}

/// The number of columns a row's cells span.
fn span(row: ElementRef, cells: &Selector) -> usize {
    row.select(cells)
        .map(|c| c.value().attr("colspan").map_or(1, |n| n.parse().unwrap()))
        .sum()
}

#[test]
fn every_page_holds_its_content_in_landmarks_with_one_main() {
    let dir = tempfile::tempdir().unwrap();
    let files = sample_public(dir.path());
    let pages: Vec<_> = files.iter().filter(|(p, _)| p.ends_with(".html")).collect();
    assert!(pages.len() > 20, "{}", pages.len());
    for (path, bytes) in pages {
        let html = Html::parse_document(std::str::from_utf8(bytes).unwrap());
        assert_eq!(html.select(&sel("main")).count(), 1, "{path}");
        let body = html.select(&sel("body")).next().unwrap();
        for child in body.children().filter_map(ElementRef::wrap) {
            assert!(
                ["header", "main", "footer"].contains(&child.value().name()),
                "{path}: <{}> outside a landmark",
                child.value().name()
            );
        }
        assert!(html.select(&sel("main h1")).next().is_some(), "{path}");
    }
}

#[test]
fn every_scroll_box_is_a_named_focusable_region() {
    let dir = tempfile::tempdir().unwrap();
    let files = sample_public(dir.path());
    let mut boxes = 0;
    for (path, bytes) in files.iter().filter(|(p, _)| p.ends_with(".html")) {
        let html = Html::parse_document(std::str::from_utf8(bytes).unwrap());
        for b in html.select(&sel("div.scroll")) {
            let v = b.value();
            assert_eq!(v.attr("tabindex"), Some("0"), "{path}");
            assert_eq!(v.attr("role"), Some("region"), "{path}");
            assert!(!v.attr("aria-label").unwrap_or("").is_empty(), "{path}");
            boxes += 1;
        }
        // The crosstable, the clocks and the move log are in such a box.
        for wide in ["table.cross", "table.clocks", "table.log"] {
            for t in html.select(&sel(wide)) {
                let parent = ElementRef::wrap(t.parent().unwrap()).unwrap();
                assert!(parent.value().classes().any(|c| c == "scroll"), "{path}: {wide}");
            }
        }
        // No header cell is empty.
        for th in html.select(&sel("th")) {
            assert!(
                !th.text().collect::<String>().trim().is_empty(),
                "{path}: an empty header cell"
            );
        }
    }
    assert!(boxes > 30, "{boxes}");
}

#[test]
fn a_card_table_read_without_css_has_a_header_over_every_cell() {
    let dir = tempfile::tempdir().unwrap();
    let files = sample_public(dir.path());
    let (head, cells, rows) = (sel("thead th"), sel("td"), sel("tbody tr"));
    let mut seen = 0;
    for (path, bytes) in files.iter().filter(|(p, _)| p.ends_with(".html")) {
        let html = Html::parse_document(std::str::from_utf8(bytes).unwrap());
        for table in html.select(&sel("table.cards")) {
            let headers: Vec<String> = table.select(&head).map(|h| h.text().collect()).collect();
            // The card's summary cell has its own header, in the same place.
            assert_eq!(
                table.select(&head).next().unwrap().value().attr("class"),
                Some("card-head"),
                "{path}"
            );
            for row in table.select(&rows) {
                assert_eq!(span(row, &cells), headers.len(), "{path}: {}", row.html());
                assert_eq!(
                    row.select(&cells).next().unwrap().value().attr("class"),
                    Some("card-head"),
                    "{path}"
                );
                seen += 1;
            }
        }
    }
    assert!(seen > 50, "{seen}");
}
