//! The address filter every public file and every public value passes:
//! an address in any script (IDN, full-width at signs), whole or cut, is
//! hidden before anything is cut to a column; so is one written out to
//! dodge a filter (`smirnov [at] yandex.ru`, `kozlov%40gmail.com`,
//! `&#64;`), split by spaces or a line break around its at sign, with a
//! quoted local part (`"john doe"@example.com`), an address literal
//! (`user@[192.168.0.1]`) or a host without a dot (`root@localhost`).

/// The at signs an address may be written with: ASCII and its full-width
/// and small forms.
pub(super) const AT_SIGNS: [char; 3] = ['@', '\u{FF20}', '\u{FE6B}'];

#[cfg(test)]
pub(super) fn is_at(c: char) -> bool {
    AT_SIGNS.contains(&c)
}

/// The dots of a domain name: ASCII and those IDNA reads as dots.
pub(super) fn is_dot(c: char) -> bool {
    matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}')
}

pub(super) fn is_local(c: char) -> bool {
    c.is_alphanumeric() || "._%+-'".contains(c)
}

pub(super) fn is_domain(c: char) -> bool {
    c.is_alphanumeric() || c == '-' || is_dot(c)
}

/// Replaces anything that looks like an email address, in any script
/// (`иван@почта.рф` as much as `a.b@c.org`), what is left of one cut
/// short (`p.petrov@gmail.…`, `ivan.petrov@gmail`), and one written out
/// ([`redact_spelled`]): public files never hold one, whatever a name or a
/// template says.
pub fn redact_emails(text: &str) -> std::borrow::Cow<'_, str> {
    if holds_format(text) {
        let joined = drop_format_beside_at(text);
        if let std::borrow::Cow::Owned(t) = joined {
            return std::borrow::Cow::Owned(redact_emails(&t).into_owned());
        }
    }
    match redact_at_signs(text) {
        std::borrow::Cow::Borrowed(t) => redact_spelled(t),
        std::borrow::Cow::Owned(t) => std::borrow::Cow::Owned(redact_spelled(&t).into_owned()),
    }
}

/// An invisible format character (soft hyphen, zero-width space and
/// joiners, word joiner, bidi marks, BOM): written beside an at sign, it
/// hides an address from a filter but not from a reader.
fn is_format(c: char) -> bool {
    matches!(c, '\u{AD}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}

/// Whether `text` holds a character [`is_format`] accepts, by bytes: each
/// of them begins with 0xC2, 0xE1, 0xE2 or 0xEF in UTF-8, so a page is
/// passed by two scans instead of decoding every character.
fn holds_format(text: &str) -> bool {
    let bytes = text.as_bytes();
    let at = |i: usize| text[i..].chars().next().is_some_and(is_format);
    memchr::memchr3_iter(0xC2, 0xE1, 0xE2, bytes).any(at) || memchr::memchr_iter(0xEF, bytes).any(at)
}

/// `text` without the format characters that stand next to an at sign
/// (or next to others that do), so that the address they split is seen.
fn drop_format_beside_at(text: &str) -> std::borrow::Cow<'_, str> {
    let chars: Vec<char> = text.chars().collect();
    let at = |c: char| AT_SIGNS.contains(&c);
    let beside = |i: usize| {
        let after = chars[i..].iter().find(|&&c| !is_format(c)).is_some_and(|&c| at(c));
        let before = chars[..i]
            .iter()
            .rev()
            .find(|&&c| !is_format(c))
            .is_some_and(|&c| at(c));
        after || before
    };
    let drop: Vec<bool> = (0..chars.len()).map(|i| is_format(chars[i]) && beside(i)).collect();
    if !drop.contains(&true) {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(chars.iter().zip(drop).filter(|(_, d)| !d).map(|(c, _)| *c).collect())
}

/// The calendars' event ids (`<16 hex digits>@ccbulletin`, RFC 5545's
/// UID): the tool's own, never an address.
fn is_own_uid(local: &str, domain: &str) -> bool {
    domain == "ccbulletin" && local.len() == 16 && local.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Where a quoted local part (`"john doe"`, or `&quot;john doe&quot;` as
/// HTML escapes it) that ends just before `at` begins, within `from..`.
fn quoted_start(text: &str, from: usize, at: usize) -> Option<usize> {
    let before = &text[from..at];
    let close = ["\"", "&quot;", "&#34;"].into_iter().find(|q| before.ends_with(q))?;
    let inner = &before[..before.len() - close.len()];
    let open = inner.rfind(close)?;
    let quoted = &inner[open + close.len()..];
    (quoted.len() <= 64 && !quoted.contains(['\n', '\r'])).then_some(from + open)
}

/// The length of an address literal (`[192.168.0.1]`, `[IPv6:…]`) at the
/// start of `rest`, brackets included.
fn literal_len(rest: &str) -> Option<usize> {
    let inner = rest.strip_prefix('[')?;
    let close = inner.find(']')?;
    let body = &inner[..close];
    let ok = !body.is_empty()
        && body.len() <= 64
        && body
            .strip_prefix("IPv6:")
            .unwrap_or(body)
            .bytes()
            .all(|b| b.is_ascii_hexdigit() || b == b'.' || b == b':');
    ok.then_some(close + 2)
}

/// [`redact_emails`] for the addresses written with an at sign and nothing
/// between it and its parts.
fn redact_at_signs(text: &str) -> std::borrow::Cow<'_, str> {
    // A short text (a move, a name) is looked over byte by byte: cheaper
    // than setting up the scan.
    if text.len() < 32 && !text.bytes().any(|b| b == b'@' || b == 0xEF) {
        return std::borrow::Cow::Borrowed(text);
    }
    // Byte offsets throughout: only the text around each `@` is looked at,
    // so a page whose one `@` is a CSS `@media` costs a scan, not a copy.
    let Some(first) = find_at(text, 0) else {
        return std::borrow::Cow::Borrowed(text);
    };
    let mut out = String::new(); // made on the first address found
    let mut copied = 0; // first byte not yet copied
    let mut next = Some(first);
    while let Some(at) = next {
        let after = at + text[at..].chars().next().map_or(1, char::len_utf8);
        let l = local_start(text, copied, at);
        let right = domain_after(text, after);
        let domain = right.domain;
        // A host without a dot (`root@localhost`) or cut where a dot would
        // follow (`ivan.petrov@gmail`) is an address too.
        let named = domain.chars().any(char::is_alphanumeric);
        let resume = if l < at && (named || right.cut) && !is_own_uid(&text[l..at], domain) {
            if out.is_empty() {
                out.reserve(text.len());
            }
            out.push_str(&text[copied..l]);
            out.push_str("[address hidden]");
            // A cut address loses its ellipsis too.
            copied = if right.ellipsis {
                right.end + '…'.len_utf8()
            } else {
                after + domain.len()
            };
            copied
        } else {
            after
        };
        next = find_at(text, resume);
    }
    if copied == 0 {
        // Nothing was hidden.
        return std::borrow::Cow::Borrowed(text);
    }
    out.push_str(&text[copied..]);
    std::borrow::Cow::Owned(out)
}

/// The first at sign from byte `from` on. One scan finds every kind: `@`,
/// or the byte 0xEF that begins both of the other two (U+FF20, U+FE6B),
/// then checked whole.
#[inline]
fn find_at(text: &str, from: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = from;
    while let Some(k) = memchr::memchr2(b'@', 0xEF, &bytes[at..]) {
        let k = at + k;
        if bytes[k] == b'@' || text[k..].starts_with(AT_SIGNS[1]) || text[k..].starts_with(AT_SIGNS[2]) {
            return Some(k);
        }
        at = k + 1;
    }
    None
}

/// Where the local part before the at sign at `at` begins (`at` when it
/// has none), looking no further back than `copied`.
#[inline]
fn local_start(text: &str, copied: usize, at: usize) -> usize {
    if let Some(q) = quoted_start(text, copied, at) {
        q
    } else {
        text[copied..at]
            .char_indices()
            .rev()
            .take_while(|&(_, c)| is_local(c))
            .last()
            .map_or(at, |(k, _)| copied + k)
    }
}

/// What follows an at sign: its domain and how it ends.
struct Right<'a> {
    /// The domain kept as part of the address.
    domain: &'a str,
    /// The end of the run of domain characters (or of the literal).
    end: usize,
    /// Whether an ellipsis follows the run.
    ellipsis: bool,
    /// Whether the address is cut short: an ellipsis after it, or the
    /// dots of one ending it.
    cut: bool,
}

/// The domain that begins at byte `after` (just past an at sign).
#[inline]
fn domain_after(text: &str, after: usize) -> Right<'_> {
    let literal = literal_len(&text[after..]);
    let r = literal.map_or_else(
        || {
            text[after..]
                .char_indices()
                .find(|&(_, c)| !is_domain(c))
                .map_or(text.len(), |(k, _)| after + k)
        },
        |n| after + n,
    );
    let run = &text[after..r];
    let ellipsis = text[r..].starts_with('…');
    // Cut short: an ellipsis after it, or the dots of one ending it.
    let cut = ellipsis || run.ends_with("..");
    // Without a cut, a dot or hyphen that ends the run ends the sentence
    // (the first character after the `@` always stays).
    let domain = if cut || literal.is_some() {
        run
    } else {
        let kept = run.trim_end_matches(|c| is_dot(c) || c == '-');
        if kept.is_empty() {
            &run[..run.chars().next().map_or(0, char::len_utf8)]
        } else {
            kept
        }
    };
    Right {
        domain,
        end: r,
        ellipsis,
        cut,
    }
}

/// The at signs written out: `[at]`, `(at)`, `{at}`, `<at>` (any case),
/// `%40`, and the character references `&#64;` and `&#x40;` (also as HTML
/// escapes them again: `&amp;#64;`). Returns the marker's end when one
/// ends at `end` (the byte after `]`, `)`, `}`, `>`, `0` or `;`), with its
/// start.
fn spelled_at(text: &str, end: usize) -> Option<usize> {
    let before = &text.as_bytes()[..end];
    // Every marker has `t`, `4` or `0` before its last byte: most of the
    // `>` and `;` of a page are refused here.
    if !before
        .len()
        .checked_sub(2)
        .is_some_and(|i| matches!(before[i], b't' | b'T' | b'4' | b'0'))
    {
        return None;
    }
    let ends_with = |m: &[u8]| before.len() >= m.len() && before[before.len() - m.len()..].eq_ignore_ascii_case(m);
    for m in [&b"[at]"[..], b"(at)", b"{at}", b"<at>", b"&lt;at&gt;", b"%40"] {
        if ends_with(m) {
            return Some(end - m.len());
        }
    }
    for m in [&b"#64;"[..], b"#x40;"] {
        if ends_with(m) {
            let start = end - m.len();
            for amp in [&b"&amp;"[..], b"&"] {
                if text.as_bytes()[..start].ends_with(amp) {
                    return Some(start - amp.len());
                }
            }
        }
    }
    None
}

/// Whether `bytes` hold anything [`redact_spelled`] reads as an at sign: an
/// `@` (or a fullwidth one), `%40`, `&#64;`, `&#x40;`, or `at` closed by a
/// bracket (`[at]`, `(at)`, `{at}`, `<at>`, `&lt;at&gt;`). Most of a page
/// holds none, and is passed by this one scan.
fn may_hold_at_sign(bytes: &[u8]) -> bool {
    let after = |i: usize, m: &[u8]| bytes.get(i..).is_some_and(|b| b.starts_with(m));
    memchr::memchr3_iter(b'@', b'%', b'#', bytes).any(|i| match bytes[i] {
        b'@' => true,
        b'%' => after(i + 1, b"40"),
        _ => after(i + 1, b"64;") || after(i + 1, b"x40;") || after(i + 1, b"X40;"),
    }) || memchr::memchr(0xEF, bytes).is_some()
        || {
            // `at` closed by a bracket, in any case: `at` by one search,
            // the rare capitals by their letter.
            static AT: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
                std::sync::LazyLock::new(|| memchr::memmem::Finder::new("at"));
            let closed = |i: usize| matches!(bytes.get(i), Some(b']' | b')' | b'}' | b'>')) || after(i, b"&gt;");
            AT.find_iter(bytes).any(|i| closed(i + 2))
                || memchr::memchr2_iter(b'A', b'T', bytes).any(|i| match bytes[i] {
                    b'A' => matches!(bytes.get(i + 1), Some(b't' | b'T')) && closed(i + 2),
                    _ => i > 0 && bytes[i - 1] == b'a' && closed(i + 1),
                })
        }
}

/// Spaces and line breaks around a written-out at sign (and what a line
/// break becomes in a file): at most a few.
fn skip_space(text: &str, from: usize, back: bool) -> usize {
    let mut k = from;
    for _ in 0..4 {
        let c = if back {
            text[..k].chars().next_back()
        } else {
            text[k..].chars().next()
        };
        match c {
            Some(c) if c.is_whitespace() || c == '\u{2424}' || c == '\u{240A}' || c == '\u{FFFD}' => {
                k = if back { k - c.len_utf8() } else { k + c.len_utf8() };
            }
            _ => break,
        }
    }
    for br in ["<br>", "<br/>", "<br />"] {
        if back && text[..k].ends_with(br) {
            return skip_space(text, k - br.len(), true);
        }
        if !back && text[k..].starts_with(br) {
            return skip_space(text, k + br.len(), false);
        }
    }
    k
}

/// A domain written after an at sign from `from`: labels of letters,
/// digits and hyphens, joined by dots, by dots written out (`dot`, `[dot]`,
/// `(dot)`, spaced or not), or, where `spaced_tld`, by a space before a
/// last label that is a country's two small letters or a common generic
/// one (`yandex ru`, `gmail com`; "the club" stays). Returns its end
/// and how many labels it has; an address literal is one of two labels.
fn spelled_domain(text: &str, from: usize, spaced_tld: bool) -> (usize, usize) {
    if let Some(n) = literal_len(&text[from..]) {
        return (from + n, 2);
    }
    let label = |k: usize| {
        text[k..]
            .char_indices()
            .find(|&(_, c)| !(c.is_alphanumeric() || c == '-'))
            .map_or(text.len(), |(n, _)| k + n)
    };
    let mut end = label(from);
    if end == from {
        return (from, 0);
    }
    let mut labels = 1;
    loop {
        let rest = &text[end..];
        let sep = ["[dot]", "(dot)", " [dot] ", " (dot) ", " dot "]
            .iter()
            .find(|s| rest.len() >= s.len() && rest.as_bytes()[..s.len()].eq_ignore_ascii_case(s.as_bytes()))
            .map(|s| s.len())
            .or_else(|| rest.chars().next().filter(|&c| is_dot(c)).map(char::len_utf8));
        let next = match sep {
            Some(n) => end + n,
            None if spaced_tld && rest.starts_with(' ') => {
                let k = end + 1;
                let e = label(k);
                let word = &text[k..e];
                let tld = (word.len() == 2 && word.bytes().all(|b| b.is_ascii_lowercase()))
                    || ["com", "org", "net", "edu", "gov", "info"].contains(&word);
                if tld {
                    return (e, labels + 1);
                }
                return (end, labels);
            }
            None => return (end, labels),
        };
        let e = label(next);
        if e == next {
            return (end, labels);
        }
        end = e;
        labels += 1;
    }
}

/// Hides the addresses written out, or split around their at sign by
/// spaces or a line break: `smirnov [at] yandex.ru`, `smirnov (at) yandex
/// ru`, `kozlov%40gmail.com`, `ivan&#64;mail.ru`, `ivan @ mail.ru`. An at
/// sign written out needs a local part and a domain beside it (`%40` and
/// `&#64;` a one-label one; `[at]` and `(at)` a dotted one, so that "meet
/// (at) noon" stays); a spaced at sign needs a dotted domain with a
/// top-level label of letters, so that "e4 @ 12" stays.
pub(super) fn redact_spelled(text: &str) -> std::borrow::Cow<'_, str> {
    let bytes = text.as_bytes();
    if !may_hold_at_sign(bytes) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::new();
    let mut copied = 0;
    let mut k = 0;
    while k < bytes.len() {
        let b = bytes[k];
        let marker = match b {
            b']' | b')' | b'}' | b'>' | b';' | b'0' => spelled_at(text, k + 1).map(|s| (s, k + 1, true)),
            b'@' => Some((k, k + 1, false)),
            0xEF if text[k..].starts_with(AT_SIGNS[1]) || text[k..].starts_with(AT_SIGNS[2]) => Some((k, k + 3, false)),
            _ => None,
        };
        let Some((ms, me, written)) = marker else {
            k += 1;
            continue;
        };
        if ms < copied {
            k += 1;
            continue;
        }
        let ls = skip_space(text, ms, true).max(copied);
        let rs = skip_space(text, me, false);
        let spaced = ls < ms || rs > me;
        let l = if let Some(q) = quoted_start(text, copied, ls) {
            q
        } else {
            text[copied..ls]
                .char_indices()
                .rev()
                .take_while(|&(_, c)| is_local(c))
                .last()
                .map_or(ls, |(n, _)| copied + n)
        };
        // `%40` and `&#64;` are at signs whatever follows.
        let short = written && matches!(b, b';' | b'0') && !text[ms..me].ends_with("&gt;");
        let (r, labels) = spelled_domain(text, rs, written && !short);
        let tld = text[rs..r]
            .rsplit(|c: char| is_dot(c) || c == ' ' || c == ']' || c == ')')
            .next()
            .is_some_and(|t| t.chars().count() >= 2 && t.chars().all(char::is_alphabetic));
        let enough = if written {
            labels >= if short { 1 } else { 2 }
        } else {
            spaced && labels >= 2 && (tld || text[rs..].starts_with('['))
        };
        if l < ls && enough {
            out.push_str(&text[copied..l]);
            out.push_str("[address hidden]");
            copied = r;
            k = r;
        } else {
            k = me;
        }
    }
    if copied == 0 {
        return std::borrow::Cow::Borrowed(text);
    }
    out.push_str(&text[copied..]);
    std::borrow::Cow::Owned(out)
}

/// [`redact_emails`] into an owned string: for the values of public views
/// (before any column cuts them) and the last pass over every public file.
pub(super) fn public(text: &str) -> String {
    redact_emails(text).into_owned()
}

/// [`public`] for a text already owned: kept as it is when it holds no
/// address (no copy of a whole page).
pub(super) fn public_owned(text: String) -> String {
    match redact_emails(&text) {
        std::borrow::Cow::Borrowed(_) => text,
        std::borrow::Cow::Owned(hidden) => hidden,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn holds_format_agrees_with_every_character() {
        for c in (0..0x3_0000).filter_map(char::from_u32) {
            let text = format!("a{c}b");
            assert_eq!(
                super::holds_format(&text),
                text.chars().any(super::is_format),
                "{:X}",
                c as u32
            );
        }
    }

    use super::super::text::pad;
    use super::*;

    /// The first, char-by-char form of [`redact_at_signs`]: the fast one must
    /// give the same text for any input without quotes or brackets (the
    /// quoted local parts and address literals are the fast one's alone).
    fn redact_emails_reference(text: &str) -> std::borrow::Cow<'_, str> {
        if !text.chars().any(is_at) {
            return std::borrow::Cow::Borrowed(text);
        }
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        let byte = |k: usize| chars.get(k).map_or(text.len(), |c| c.0);
        let mut out = String::with_capacity(text.len());
        let mut copied = 0; // first char not yet copied
        let mut i = 0;
        while i < chars.len() {
            if !is_at(chars[i].1) {
                i += 1;
                continue;
            }
            let at = i;
            let mut l = at;
            while l > copied && is_local(chars[l - 1].1) {
                l -= 1;
            }
            let mut r = at + 1;
            while r < chars.len() && is_domain(chars[r].1) {
                r += 1;
            }
            // Cut short: an ellipsis after it, or the dots of one ending it.
            let cut =
                chars.get(r).is_some_and(|c| c.1 == '…') || (r >= at + 3 && chars[r - 2..r].iter().all(|c| c.1 == '.'));
            // Without a cut, a dot or hyphen that ends the run ends the sentence.
            let mut end = r;
            if !cut {
                while end > at + 1 && (is_dot(chars[end - 1].1) || chars[end - 1].1 == '-') {
                    end -= 1;
                }
            }
            let domain = &chars[at + 1..end];
            let named = domain.iter().any(|c| c.1.is_alphanumeric());
            if l < at && (named || cut) && !is_own_uid(&text[byte(l)..byte(at)], &text[byte(at + 1)..byte(end)]) {
                out.push_str(&text[byte(copied)..byte(l)]);
                out.push_str("[address hidden]");
                // A cut address loses its ellipsis too.
                let stop = if chars.get(r).is_some_and(|c| c.1 == '…') {
                    r + 1
                } else {
                    end
                };
                copied = stop;
                i = stop;
            } else {
                i = at + 1;
            }
        }
        out.push_str(&text[byte(copied)..]);
        std::borrow::Cow::Owned(out)
    }

    #[test]
    fn the_fast_redaction_gives_the_reference_text() {
        let parts = [
            "a", "Zz", "я", "中", "1", "@", "＠", "﹫", ".", "。", "．", "-", "…", " ", "_", "+", "'", "%", "<", "com",
            "рф",
        ];
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut hidden = 0;
        for _ in 0..20_000 {
            let mut text = String::new();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            for k in 0..(seed % 24) {
                text.push_str(parts[((seed >> (k * 2 % 50)) as usize + k as usize * 7) % parts.len()]);
            }
            let fast = redact_at_signs(&text);
            assert_eq!(fast, redact_emails_reference(&text), "{text:?}");
            // A second pass changes nothing: the built-in game page is
            // filtered once, the template's output twice (src/render/mod.rs).
            assert_eq!(redact_at_signs(&fast), fast, "{text:?}");
            hidden += usize::from(fast.contains("[address hidden]"));
        }
        assert!(hidden > 100, "only {hidden} of the strings held an address");
        let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/templates/style.css")).unwrap();
        assert_eq!(redact_at_signs(&page), redact_emails_reference(&page));
        assert_eq!(redact_emails(&page), page, "the style sheet's @media rules stay");
    }

    #[test]
    fn addresses_are_hidden_and_other_text_kept() {
        assert_eq!(
            redact_emails("Ivan <ivan.petrov+cc@mail.example.org>, 2 moves"),
            "Ivan <[address hidden]>, 2 moves"
        );
        assert_eq!(
            redact_emails("a@b.cd x@y z@ @q.rs"),
            "[address hidden] [address hidden] z@ @q.rs"
        );
        assert_eq!(redact_emails("Крg1 — ok"), "Крg1 — ok");
        assert_eq!(redact_emails("mailto:a_b@c-d.museum?"), "mailto:[address hidden]?");
    }

    #[test]
    fn addresses_in_any_script_and_cut_ones_are_hidden() {
        for (text, want) in [
            ("Иван (иван@почта.рф)", "Иван ([address hidden])"),
            ("petrov@почта.рф.", "[address hidden]."),
            ("王@例子.中国", "[address hidden]"),
            ("ivan＠mail.example.org", "[address hidden]"),
            ("a@b\u{3002}com", "[address hidden]"),
            ("Petrov p.petrov@gmail.…", "Petrov [address hidden]"),
            ("p.petrov@gm…  1½", "[address hidden]  1½"),
            ("p.petrov@…", "[address hidden]"),
            ("p.petrov@gmail...", "[address hidden]"),
            ("x@y z@ @q.rs", "[address hidden] z@ @q.rs"),
        ] {
            assert_eq!(redact_emails(text), want, "{text}");
        }
    }

    #[test]
    fn addresses_written_out_split_quoted_or_without_a_dot_are_hidden() {
        for (text, want) in [
            ("Ivan ivan.petrov@gmail, 2 moves", "Ivan [address hidden], 2 moves"),
            ("smirnov [at] yandex.ru", "[address hidden]"),
            (
                "Smirnov (smirnov (AT) yandex ru) wins",
                "Smirnov ([address hidden]) wins",
            ),
            ("smirnov(at)yandex(dot)ru", "[address hidden]"),
            ("kozlov%40gmail.com", "[address hidden]"),
            ("ivan&#64;mail.ru", "[address hidden]"),
            ("ivan&#x40;mail.ru", "[address hidden]"),
            ("ivan&amp;#64;mail.ru", "[address hidden]"),
            ("ivan @ mail.ru", "[address hidden]"),
            ("ivan\n@mail.ru!", "[address hidden]!"),
            ("ivan@\nmail.ru", "[address hidden]"),
            ("ivan <br>@ mail.ru", "[address hidden]"),
            ("\"john doe\"@example.com", "[address hidden]"),
            ("<a>&quot;john doe&quot;@example.com</a>", "<a>[address hidden]</a>"),
            ("to root@localhost.", "to [address hidden]."),
            ("user@[192.168.0.1] x", "[address hidden] x"),
            ("u@[IPv6:2001:db8::1]", "[address hidden]"),
            ("иван@почта.рф", "[address hidden]"),
            ("иван [at] почта.рф", "[address hidden]"),
        ] {
            assert_eq!(redact_emails(text), want, "{text:?}");
            assert_eq!(redact_emails(want), want, "twice: {text:?}");
        }
    }

    #[test]
    fn ordinary_text_is_kept() {
        for text in [
            "We met at home at 5 pm, at last.",
            "Meet (at) noon, see [at] the club",
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0",
            "02.02.2025 – 2025-02-03, 14:00",
            "e4 @ 12 days; 100% 40 moves",
            "a &amp; b; &#169; 2026; x%41y",
            "@media (max-width: 40rem) { body { padding: .5rem; } }",
            "0123456789abcdef@ccbulletin",
            "z@ @q.rs",
        ] {
            assert_eq!(redact_emails(text), text);
        }
    }

    #[test]
    fn a_name_is_hidden_before_its_column_cuts_it() {
        let name = public("p.petrov@gmail.com");
        let cell = pad(&name, 12, false);
        assert_eq!(cell.chars().count(), 12);
        assert!(cell.starts_with("[address") && !cell.contains("petrov") && !cell.contains('@'));
    }

    // The prefilter passes every written form of an at sign, and refuses a
    // page with none.
    #[test]
    fn the_prefilter_passes_every_at_sign_and_refuses_a_plain_page() {
        for form in [
            "a@b",
            "a ＠ b",
            "x%40y",
            "x&#64;y",
            "x&#x40;y",
            "x [at] y",
            "x (AT) y",
            "x {at} y",
            "x <at> y",
            "x &lt;at&gt; y",
        ] {
            assert!(may_hold_at_sign(form.as_bytes()), "{form}");
        }
        let page =
            "<tr class=\"row\"><td>12.</td><td>Nf3</td><td class=\"date\">2026-01-15</td><td>what (at noon)</td></tr>";
        assert!(!may_hold_at_sign(page.as_bytes()));
    }

    // docs/format.md: invisible characters beside the at sign hide nothing from
    // a reader.
    #[test]
    fn an_address_split_by_invisible_characters_beside_its_at_sign_is_hidden() {
        for s in [
            "Ivan a\u{200b}@example.org x",
            "Ivan a@\u{200b}example.org x",
            "Ivan a\u{2060}@\u{feff}example.org x",
            "Ivan a\u{ad}@example.org x",
            "Ivan a\u{200d}\u{200c}@example.org x",
        ] {
            assert_eq!(redact_emails(s), "Ivan [address hidden] x", "{s:?}");
        }
        // An invisible character away from an at sign stays.
        assert_eq!(redact_emails("Ivan\u{200d} @media"), "Ivan\u{200d} @media");
    }
}
