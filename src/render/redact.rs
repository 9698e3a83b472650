//! The address filter every public file and every public value passes:
//! an address in any script (IDN, full-width at signs), whole or cut, is
//! hidden before anything is cut to a column.

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
/// (`иван@почта.рф` as much as `a.b@c.org`), and what is left of one cut
/// short (`p.petrov@gmail.…`): public files never hold one, whatever a name
/// or a template says.
pub fn redact_emails(text: &str) -> std::borrow::Cow<'_, str> {
    // A short text (a move, a name) is looked over byte by byte: cheaper
    // than setting up the scan.
    if text.len() < 32 && !text.bytes().any(|b| b == b'@' || b == 0xEF) {
        return std::borrow::Cow::Borrowed(text);
    }
    // Byte offsets throughout: only the text around each `@` is looked at,
    // so a page whose one `@` is a CSS `@media` costs a scan, not a copy.
    // One scan finds every kind of at sign: `@`, or the byte 0xEF that
    // begins both of the other two (U+FF20, U+FE6B), then checked whole.
    let find_at = |from: usize| {
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
    };
    let Some(first) = find_at(0) else {
        return std::borrow::Cow::Borrowed(text);
    };
    let mut out = String::new(); // made on the first address found
    let mut copied = 0; // first byte not yet copied
    let mut next = Some(first);
    while let Some(at) = next {
        let after = at + text[at..].chars().next().map_or(1, char::len_utf8);
        let l = text[copied..at]
            .char_indices()
            .rev()
            .take_while(|&(_, c)| is_local(c))
            .last()
            .map_or(at, |(k, _)| copied + k);
        let r = text[after..]
            .char_indices()
            .find(|&(_, c)| !is_domain(c))
            .map_or(text.len(), |(k, _)| after + k);
        let run = &text[after..r];
        let ellipsis = text[r..].starts_with('…');
        // Cut short: an ellipsis after it, or the dots of one ending it.
        let cut = ellipsis || run.ends_with("..");
        // Without a cut, a dot or hyphen that ends the run ends the sentence
        // (the first character after the `@` always stays).
        let domain = if cut {
            run
        } else {
            let kept = run.trim_end_matches(|c| is_dot(c) || c == '-');
            if kept.is_empty() {
                &run[..run.chars().next().map_or(0, char::len_utf8)]
            } else {
                kept
            }
        };
        let has_tld = domain.char_indices().skip(1).any(|(k, c)| {
            is_dot(c)
                && domain[k + c.len_utf8()..]
                    .chars()
                    .take_while(|c| c.is_alphabetic())
                    .count()
                    >= 2
        });
        let resume = if l < at && (has_tld || cut) {
            if out.is_empty() {
                out.reserve(text.len());
            }
            out.push_str(&text[copied..l]);
            out.push_str("[address hidden]");
            // A cut address loses its ellipsis too.
            copied = if ellipsis {
                r + '…'.len_utf8()
            } else {
                after + domain.len()
            };
            copied
        } else {
            after
        };
        next = find_at(resume);
    }
    if copied == 0 {
        // Nothing was hidden.
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
    use super::super::text::pad;
    use super::*;

    /// The first, char-by-char form of [`redact_emails`]: the fast one must
    /// give the same text for any input.
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
            let has_tld = domain.iter().enumerate().any(|(k, c)| {
                is_dot(c.1) && k > 0 && domain[k + 1..].iter().take_while(|c| c.1.is_alphabetic()).count() >= 2
            });
            if l < at && (has_tld || cut) {
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
            let fast = redact_emails(&text);
            assert_eq!(fast, redact_emails_reference(&text), "{text:?}");
            // A second pass changes nothing: the built-in game page is
            // filtered once, the template's output twice (src/render/mod.rs).
            assert_eq!(redact_emails(&fast), fast, "{text:?}");
            hidden += usize::from(fast.contains("[address hidden]"));
        }
        assert!(hidden > 100, "only {hidden} of the strings held an address");
        let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/templates/style.css")).unwrap();
        assert_eq!(redact_emails(&page), redact_emails_reference(&page));
    }

    #[test]
    fn addresses_are_hidden_and_other_text_kept() {
        assert_eq!(
            redact_emails("Ivan <ivan.petrov+cc@mail.example.org>, 2 moves"),
            "Ivan <[address hidden]>, 2 moves"
        );
        assert_eq!(redact_emails("a@b.cd x@y z@ @q.rs"), "[address hidden] x@y z@ @q.rs");
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
            ("x@y z@ @q.rs", "x@y z@ @q.rs"),
        ] {
            assert_eq!(redact_emails(text), want, "{text}");
        }
    }

    #[test]
    fn a_name_is_hidden_before_its_column_cuts_it() {
        let name = public("p.petrov@gmail.com");
        let cell = pad(&name, 12, false);
        assert_eq!(cell.chars().count(), 12);
        assert!(cell.starts_with("[address") && !cell.contains("petrov") && !cell.contains('@'));
    }
}
