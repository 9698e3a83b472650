//! What the pages written natively share (src/render/game_page.rs,
//! player_page.rs): HTML escaped as minijinja's auto-escape does, integers
//! as minijinja writes them, and the frame of a page under `games/` or
//! `players/` as templates/game.html and player.html begin it.

use super::views::Head;

/// The bytes minijinja's HTML auto-escape replaces: `&`, `<`, `>`, `"`,
/// `'` and `/` (a table, as most text has none of them).
const ESCAPED_BYTES: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    let bytes = b"<>&\"'/";
    while i < bytes.len() {
        t[bytes[i] as usize] = true;
        i += 1;
    }
    t
};

/// Appends `s` to `out` escaped as minijinja's auto-escape does for HTML.
///
/// A short text (a name, a move) is looked over a byte at a time; a long
/// one (a game's PGN on its page) by two SIMD scans, each for three of the
/// six bytes, their finds merged in order.
pub(super) fn push_escaped(out: &mut String, s: &str) {
    const LONG: usize = 64;
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut escape = |out: &mut String, i: usize| {
        out.push_str(&s[start..i]);
        out.push_str(match bytes[i] {
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'&' => "&amp;",
            b'"' => "&quot;",
            b'\'' => "&#x27;",
            _ => "&#x2f;",
        });
        start = i + 1;
    };
    if bytes.len() < LONG {
        for (i, &b) in bytes.iter().enumerate() {
            if ESCAPED_BYTES[usize::from(b)] {
                escape(out, i);
            }
        }
    } else {
        let mut a = memchr::memchr3_iter(b'<', b'>', b'&', bytes).peekable();
        let mut b = memchr::memchr3_iter(b'"', b'\'', b'/', bytes).peekable();
        // The earlier of the two finds; `None` once both scans are done.
        while let Some(i) = match (a.peek(), b.peek()) {
            (Some(&x), Some(&y)) if y < x => b.next(),
            (Some(_), _) => a.next(),
            (None, _) => b.next(),
        } {
            escape(out, i);
        }
    }
    out.push_str(&s[start..]);
}

/// `s` escaped as minijinja's auto-escape does for HTML.
pub(super) fn escaped(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    push_escaped(&mut out, s);
    out
}

/// `n` in decimal, `-` first when negative, written into `buf` (an i64
/// takes at most 20 bytes): the digits of the pages and of report.json.
pub(super) fn decimal(n: i64, buf: &mut [u8; 20]) -> &[u8] {
    let mut i = buf.len();
    let mut m = n.unsigned_abs();
    loop {
        i -= 1;
        buf[i] = b'0' + (m % 10) as u8;
        m /= 10;
        if m == 0 {
            break;
        }
    }
    if n < 0 {
        i -= 1;
        buf[i] = b'-';
    }
    &buf[i..]
}

/// Appends an integer as minijinja writes it.
pub(super) fn push_int(out: &mut String, n: i64) {
    match crate::digits::small(n) {
        Some(text) => out.push_str(text),
        None => out.push_str(std::str::from_utf8(decimal(n, &mut [0; 20])).unwrap_or_default()),
    }
}

/// Appends `<a href="{dir}{target}{ext}">{text}</a>`, the target and the
/// text escaped (the folder and the extension are the templates' own text).
pub(super) fn push_link(out: &mut String, dir: &str, target: &str, ext: &str, text: &str) {
    out.push_str("<a href=\"");
    out.push_str(dir);
    push_escaped(out, target);
    out.push_str(ext);
    out.push_str("\">");
    push_escaped(out, text);
    out.push_str("</a>");
}

/// A page's start, `<!DOCTYPE html>` through `<title>`.
pub(super) fn page_top(head: &Head) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
        escaped(head.lang)
    )
}

/// From the end of a page's own words in its title to its `<h1>`: the
/// tournament's `name` (escaped), the `style`, and the link back to the
/// bulletin labelled `back` (escaped).
pub(super) fn after_title(name: &str, style: &str, back: &str) -> String {
    format!(
        " · {name}</title>\n<style>{style}</style>\n</head>\n<body>\n<p><a href=\"../index.html\">← {back}</a></p>\n<h1>"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    // The byte-at-a-time and the SIMD paths escape alike, around the length
    // where one gives way to the other, whatever the mix of bytes.
    #[test]
    fn short_and_long_texts_are_escaped_alike() {
        let alphabet = ['<', '>', '&', '"', '\'', '/', 'a', ' ', '1', 'К', '½'];
        let reference = |s: &str| {
            s.chars()
                .map(|c| match c {
                    '<' => "&lt;".to_string(),
                    '>' => "&gt;".to_string(),
                    '&' => "&amp;".to_string(),
                    '"' => "&quot;".to_string(),
                    '\'' => "&#x27;".to_string(),
                    '/' => "&#x2f;".to_string(),
                    c => c.to_string(),
                })
                .collect::<String>()
        };
        let mut rng = crate::testing::Lcg::new(7);
        for len in (0..300).step_by(7) {
            for _ in 0..20 {
                let s: String = (0..len)
                    .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize])
                    .collect();
                assert_eq!(escaped(&s), reference(&s), "{s:?}");
            }
        }
    }

    #[test]
    fn escaping_is_minijinjas() {
        let mut env = minijinja::Environment::new();
        env.add_template("x.html", "{{ s }}").unwrap();
        let long = "1. e4 {[%ccsnt 2026.01.04]} e5 1/2-1/2 <a href=\"x\">'&'</a> Кр ".repeat(5);
        for s in [
            "a&b<c>d\"e'f/g",
            "plain",
            "",
            "Крg1 – ½ · ←",
            "&&//''",
            &long,
            &long[1..],
            "x".repeat(200).as_str(),
        ] {
            let want = env
                .get_template("x.html")
                .unwrap()
                .render(minijinja::context! { s => s })
                .unwrap();
            assert_eq!(escaped(s), want, "{s}");
        }
        for n in [0, 7, -3, 10, 1234567, i64::MIN, i64::MAX] {
            let want = env
                .get_template("x.html")
                .unwrap()
                .render(minijinja::context! { s => n })
                .unwrap();
            let mut got = String::new();
            push_int(&mut got, n);
            assert_eq!(got, want);
        }
    }
}
