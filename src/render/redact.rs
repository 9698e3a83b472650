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
    // Byte offsets throughout: only the text around each `@` is looked at,
    // so a page whose one `@` is a CSS `@media` costs a scan, not a copy.
    // The next of each kind of at sign, kept between searches so that a
    // kind absent from the text is scanned for once (`find` with a char is
    // a memchr).
    let mut ahead: [Option<Option<usize>>; 3] = [None; 3];
    let mut find_at = |from: usize| {
        for (slot, sign) in ahead.iter_mut().zip(AT_SIGNS) {
            if slot.is_some_and(|p| p.is_some_and(|p| p < from)) || slot.is_none() {
                *slot = Some(text[from..].find(sign).map(|k| from + k));
            }
        }
        ahead.iter().filter_map(|p| p.flatten()).min()
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
