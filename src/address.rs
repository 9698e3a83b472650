//! What reads as an email address (SPEC 9.1 v4; docs/format.md, "Names are
//! names"; docs/output.md): one grammar, for an address in any script and in
//! every form one is written in to dodge a filter. The load stage cuts what
//! it finds from the texts an input gives (src/load/names.rs), the public
//! filter hides it in every public value and file (src/render/redact.rs),
//! and the tests look for it in the public tree.
//!
//! An address is an at sign with what stands beside it:
//! - the sign: `@` or its full-width and small forms (`＠`, `﹫`); `&commat;`,
//!   `&#64;`, `&#x40;` (any case, leading zeros, and as HTML escapes them
//!   again: `&amp;#64;`); `%40`; `at` in brackets of any kind, spaces inside
//!   or not (`[at]`, `(AT)`, `{ at }`, `<at>`, `&lt;at&gt;`); or `at` or
//!   `собака` written as a word between spaces;
//! - before it, a local part: letters and digits of any script and
//!   `._%+-'`, or a quoted one of at most 64 characters (`"john doe"`,
//!   `&quot;john doe&quot;`, `&#34;…&#34;`);
//! - after it, a domain: an address literal (`[192.168.0.1]`), or labels of
//!   letters, digits and hyphens joined by dots (`.`, `。`, `．`, `｡`) or by
//!   dots written out (`[dot]`, `(dot)`, `{dot}`, ` dot `, ` точка `), perhaps
//!   with a last label after a space that is a country's two small letters
//!   or a common generic one (`yandex ru`); then what shows one cut short,
//!   `…` or two dots or more;
//! - spaces and line breaks (`<br>` too, and what a line break becomes in a
//!   file: `␤`, `␊`, `�`) may stand between the three, and the invisible
//!   format characters (zero-width space and joiners, word joiner, BOM, soft
//!   hyphen, bidi marks) are read through wherever they stand.
//!
//! A sign written as a word reads as an address only with a local part and
//! a dotted domain ("we met at home" is none). Any other sign reads as one
//! with whatever stands beside it: in a text an input gives even alone
//! ([`Scope::Text`]); in a public file ([`Scope::File`]) with a local part,
//! a dotted domain, a literal or a cut, as a sign with none of them is the
//! file's own syntax (a style sheet's `@media`), and so is a calendar's
//! event id (`<16 hex digits>@ccbulletin`, RFC 5545's UID).

use std::borrow::Cow;
use std::ops::Range;

/// Where a text stands: what a sign alone is there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// A text an input gives (a name, a title, a round, a move, a PGN tag):
    /// it never needs an at sign, so any sign reads as an address.
    Text,
    /// A public file, or a value printed into one: a sign with no local
    /// part and no dotted domain, literal or cut is the file's own syntax
    /// (`@media`), as is a calendar's event id.
    File,
}

/// The byte ranges of `text` that read as an address in `scope`, in order
/// and apart.
pub fn find(text: &str, scope: Scope) -> Vec<Range<usize>> {
    if text.len() < SHORT && !may_hold(text) {
        return Vec::new();
    }
    if !holds_format(text) {
        return find_read(text, scope);
    }
    let (read, shifts) = without_format(text);
    let at = |p: usize| p + shifts[..shifts.partition_point(|s| s.0 <= p)].last().map_or(0, |s| s.1);
    find_read(&read, scope)
        .into_iter()
        .map(|r| at(r.start)..at(r.end - 1) + 1)
        .collect()
}

/// Whether `text` holds what reads as an address in `scope`.
pub fn holds(text: &str, scope: Scope) -> bool {
    !find(text, scope).is_empty()
}

/// `text` with each address [`find`] finds in `scope` replaced by `with`;
/// borrowed when it holds none, as nearly every text does.
pub fn replace<'a>(text: &'a str, scope: Scope, with: &str) -> Cow<'a, str> {
    let found = find(text, scope);
    if found.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for r in found {
        out.push_str(&text[copied..r.start]);
        out.push_str(with);
        copied = r.end;
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

/// Below this length a text (a name, a value a template prints) is looked
/// over byte by byte ([`may_hold`]) before any scan is set up.
const SHORT: usize = 256;

/// Whether `text` holds a byte a sign begins with (`@`, `&`, `%40`, `at`
/// standing apart from letters and digits, the `б` of `собака`, the
/// full-width signs) or a format character: one loop over its bytes that
/// stops only at the bytes of [`LEADS`]. [`find`] finds nothing in a text
/// without.
fn may_hold(text: &str) -> bool {
    let bytes = text.as_bytes();
    let alnum = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_alphanumeric);
    let mut from = 0;
    while let Some(k) = bytes[from..].iter().position(|&b| LEADS[usize::from(b)]) {
        let i = from + k;
        let sign = match bytes[i] {
            b'@' | b'&' => true,
            b'%' => bytes[i + 1..].starts_with(b"40"),
            b'a' | b'A' => matches!(bytes.get(i + 1), Some(b't' | b'T')) && !(i > 0 && alnum(i - 1)) && !alnum(i + 2),
            0xD0 => matches!(bytes.get(i + 1), Some(0xB1 | 0x91)),
            _ => text[i..]
                .chars()
                .next()
                .is_some_and(|c| is_format(c) || c == '\u{FF20}' || c == '\u{FE6B}'),
        };
        if sign {
            return true;
        }
        from = i + 1;
    }
    false
}

/// The bytes [`may_hold`] looks at: the first of each sign, `a` and `A`,
/// 0xD0 (`б`, `Б`), and the lead bytes of the full-width signs and the
/// format characters.
static LEADS: [bool; 256] = {
    let mut leads = [false; 256];
    let bytes = [b'@', b'&', b'%', b'a', b'A', 0xD0, 0xC2, 0xE1, 0xE2, 0xEF];
    let mut k = 0;
    while k < bytes.len() {
        leads[bytes[k] as usize] = true;
        k += 1;
    }
    leads
};

/// An invisible format character (soft hyphen, zero-width space and
/// joiners, word joiner, bidi marks, BOM): written into an address, it
/// hides it from a filter but not from a reader.
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

/// `text` without its format characters, and where they stood: from each
/// offset of the text read (the first of a pair) on, how many bytes were
/// left out before it (the second).
fn without_format(text: &str) -> (String, Vec<(usize, usize)>) {
    let mut read = String::with_capacity(text.len());
    let mut shifts: Vec<(usize, usize)> = Vec::new();
    let mut shift = 0;
    for c in text.chars() {
        if !is_format(c) {
            read.push(c);
            continue;
        }
        shift += c.len_utf8();
        match shifts.last_mut() {
            Some(last) if last.0 == read.len() => last.1 = shift,
            _ => shifts.push((read.len(), shift)),
        }
    }
    (read, shifts)
}

/// An at sign in one of its forms, by byte offsets.
struct Sign {
    start: usize,
    end: usize,
    /// `at` or `собака` written as a word.
    worded: bool,
}

/// [`find`] in a text without format characters.
fn find_read(text: &str, scope: Scope) -> Vec<Range<usize>> {
    let mut signs: Vec<Sign> = marks(text)
        .chain(escapes(text))
        .chain(at_words(text))
        .chain(sobaka_words(text))
        .collect();
    signs.sort_by_key(|s| s.start);
    let mut found = Vec::new();
    let mut floor = 0; // the end of the last address found
    for sign in signs {
        if sign.start < floor {
            continue;
        }
        let ls = spaces_before(text, floor, sign.start);
        // A quoted local part is read whole, over an address before it
        // (`"a@b.org"@c.org`): the two are one.
        let local = quoted_start(text, ls).or_else(|| local_start(text, floor, ls));
        let domain = domain_after(text, sign.end, !sign.worded);
        let reads = if sign.worded {
            local.is_some() && domain.dotted
        } else {
            scope == Scope::Text
                || ((local.is_some() || domain.dotted || domain.literal || domain.cut)
                    && !is_own_uid(text, local, &sign, domain.end))
        };
        if reads {
            let mut start = local.unwrap_or(sign.start);
            while let Some(before) = found.pop_if(|r: &mut Range<usize>| r.end > start) {
                start = start.min(before.start);
            }
            let end = domain.end.max(sign.end);
            found.push(start..end);
            floor = end;
        }
    }
    found
}

/// The signs `@`, `＠` and `﹫`: one scan finds them all, `@` or the byte
/// 0xEF that begins the other two.
fn marks(text: &str) -> impl Iterator<Item = Sign> + '_ {
    memchr::memchr2_iter(b'@', 0xEF, text.as_bytes()).filter_map(move |k| {
        let len = match text.as_bytes()[k] {
            b'@' => 1,
            _ => text[k..]
                .chars()
                .next()
                .filter(|&c| c == '\u{FF20}' || c == '\u{FE6B}')?
                .len_utf8(),
        };
        Some(Sign {
            start: k,
            end: k + len,
            worded: false,
        })
    })
}

/// The signs written as escapes: `%40`, `&commat;`, `&#64;`, `&#x40;`.
fn escapes(text: &str) -> impl Iterator<Item = Sign> + '_ {
    let bytes = text.as_bytes();
    memchr::memchr2_iter(b'&', b'%', bytes).filter_map(move |k| {
        let end = match bytes[k] {
            b'%' => bytes[k + 1..].starts_with(b"40").then_some(k + 3)?,
            _ => entity_end(bytes, k + 1)?,
        };
        Some(Sign {
            start: k,
            end,
            worded: false,
        })
    })
}

/// The end of `commat;`, `#64;` or `#x40;` (any case, leading zeros,
/// `amp;` before them) from byte `k` on, just past an `&`.
fn entity_end(bytes: &[u8], mut k: usize) -> Option<usize> {
    let starts = |k: usize, m: &[u8]| bytes.get(k..k + m.len()).is_some_and(|b| b.eq_ignore_ascii_case(m));
    if starts(k, b"amp;") {
        k += 4;
    }
    if starts(k, b"commat;") {
        return Some(k + 7);
    }
    if bytes.get(k) != Some(&b'#') {
        return None;
    }
    let hex = matches!(bytes.get(k + 1), Some(b'x' | b'X'));
    k += 1 + usize::from(hex);
    while bytes.get(k) == Some(&b'0') {
        k += 1;
    }
    let number: &[u8] = if hex { b"40;" } else { b"64;" };
    starts(k, number).then_some(k + number.len())
}

/// `at` as a sign, in any case: in brackets, or as a word between spaces.
/// One search finds the small `at`, and one the rare capitals.
fn at_words(text: &str) -> impl Iterator<Item = Sign> + '_ {
    static AT: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new("at"));
    let bytes = text.as_bytes();
    let capitals = memchr::memchr2_iter(b'A', b'T', bytes).filter_map(move |i| match bytes[i] {
        b'A' => matches!(bytes.get(i + 1), Some(b't' | b'T')).then_some(i),
        _ => (i > 0 && bytes[i - 1] == b'a').then(|| i - 1),
    });
    AT.find_iter(bytes)
        .chain(capitals)
        .filter_map(move |i| at_sign(text, i))
}

/// The sign the `at` at byte `i` is part of, if any.
fn at_sign(text: &str, i: usize) -> Option<Sign> {
    let bytes = text.as_bytes();
    if (i > 0 && bytes[i - 1].is_ascii_alphanumeric()) || bytes.get(i + 2).is_some_and(u8::is_ascii_alphanumeric) {
        return None;
    }
    let (a, b) = (spaces_before(text, 0, i), spaces_after(text, i + 2));
    let open = if text[..a].ends_with("&lt;") {
        Some(a - 4)
    } else {
        text[..a].ends_with(['[', '(', '{', '<']).then(|| a - 1)
    };
    let close = if text[b..].starts_with("&gt;") {
        Some(b + 4)
    } else {
        text[b..].starts_with([']', ')', '}', '>']).then_some(b + 1)
    };
    match (open, close) {
        (Some(start), Some(end)) => Some(Sign {
            start,
            end,
            worded: false,
        }),
        _ => (a < i && b > i + 2).then_some(Sign {
            start: i,
            end: i + 2,
            worded: true,
        }),
    }
}

/// `собака` as a word between spaces, in any case: found by its `б` or
/// `Б` (0xD0 0xB1, 0xD0 0x91), two letters of two bytes after its start.
fn sobaka_words(text: &str) -> impl Iterator<Item = Sign> + '_ {
    let bytes = text.as_bytes();
    memchr::memchr2_iter(0xB1, 0x91, bytes).filter_map(move |k| {
        let start = k
            .checked_sub(5)
            .filter(|&s| bytes[k - 1] == 0xD0 && text.is_char_boundary(s))?;
        let end = word_end(text, start, "собака")?;
        (spaces_before(text, 0, start) < start && spaces_after(text, end) > end).then_some(Sign {
            start,
            end,
            worded: true,
        })
    })
}

/// The end of `word` (in small letters) written at byte `k` in any case.
fn word_end(text: &str, k: usize, word: &str) -> Option<usize> {
    let mut chars = text[k..].char_indices();
    for w in word.chars() {
        let (_, c) = chars.next()?;
        if !c.to_lowercase().eq(std::iter::once(w)) {
            return None;
        }
    }
    Some(chars.next().map_or(text.len(), |(n, _)| k + n))
}

/// A space between the parts of an address: white space, and what a line
/// break becomes in a file (`␤`, `␊`, `�`).
fn is_space(c: char) -> bool {
    c.is_whitespace() || matches!(c, '\u{2424}' | '\u{240A}' | '\u{FFFD}')
}

/// The line breaks of HTML, read as spaces.
const BREAKS: [&str; 3] = ["<br>", "<br/>", "<br />"];

/// The end of the spaces and line breaks from byte `k` on.
fn spaces_after(text: &str, mut k: usize) -> usize {
    loop {
        let rest = &text[k..];
        if let Some(c) = rest.chars().next().filter(|&c| is_space(c)) {
            k += c.len_utf8();
        } else if let Some(br) = BREAKS.iter().find(|br| rest.starts_with(*br)) {
            k += br.len();
        } else {
            return k;
        }
    }
}

/// The start of the spaces and line breaks that end at byte `k`, no
/// further back than `floor`.
fn spaces_before(text: &str, floor: usize, mut k: usize) -> usize {
    loop {
        let before = &text[floor..k];
        if let Some(c) = before.chars().next_back().filter(|&c| is_space(c)) {
            k -= c.len_utf8();
        } else if let Some(br) = BREAKS.iter().find(|br| before.ends_with(*br)) {
            k -= br.len();
        } else {
            return k;
        }
    }
}

/// A character of a local part that is not quoted.
fn is_local(c: char) -> bool {
    c.is_alphanumeric() || "._%+-'".contains(c)
}

/// Where the run of [`is_local`] characters that ends at byte `end` begins,
/// no further back than `floor`.
fn local_start(text: &str, floor: usize, end: usize) -> Option<usize> {
    text[floor..end]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_local(c))
        .last()
        .map(|(k, _)| floor + k)
}

/// Where a quoted local part (`"john doe"`, or `&quot;john doe&quot;` as
/// HTML escapes it) of at most 64 characters that ends at byte `end`
/// begins.
fn quoted_start(text: &str, end: usize) -> Option<usize> {
    let before = &text[..end];
    let quote = ["\"", "&quot;", "&#34;"].into_iter().find(|q| before.ends_with(q))?;
    let mut k = before.len() - quote.len();
    for _ in 0..=64 {
        if before[..k].ends_with(quote) {
            return Some(k - quote.len());
        }
        k -= before[..k].chars().next_back()?.len_utf8();
    }
    None
}

/// The domain after a sign.
struct Domain {
    /// Its end: the sign's end when there is none.
    end: usize,
    /// Two labels or more, joined by dots.
    dotted: bool,
    /// An address literal.
    literal: bool,
    /// Cut short: `…` or two dots or more after it (or after the sign).
    cut: bool,
}

/// The domain that follows a sign ending at byte `from`; a last label after
/// a space only where `spaced_tld`.
fn domain_after(text: &str, from: usize, spaced_tld: bool) -> Domain {
    let k = spaces_after(text, from);
    if let Some(n) = literal_len(&text[k..]) {
        return Domain {
            end: k + n,
            dotted: false,
            literal: true,
            cut: false,
        };
    }
    let mut end = label_end(text, k);
    let named = end > k;
    let mut dotted = false;
    if named {
        while let Some(e) = next_label_end(text, end) {
            (end, dotted) = (e, true);
        }
        if spaced_tld {
            end = spaced_tld_end(text, end).unwrap_or(end);
        }
    }
    let (dots, n) = dots_end(text, if named { end } else { k });
    let cut = if text[dots..].starts_with('…') {
        Some(dots + '…'.len_utf8())
    } else {
        (n >= 2).then_some(dots)
    };
    Domain {
        end: cut.unwrap_or(if named { end } else { from }),
        dotted,
        literal: false,
        cut: cut.is_some(),
    }
}

/// The end of the label after the one that ends at byte `end`, joined to
/// it by dots or by a dot written out.
fn next_label_end(text: &str, end: usize) -> Option<usize> {
    let (dots, n) = dots_end(text, end);
    let next = if n > 0 { dots } else { written_dot_end(text, end)? };
    Some(label_end(text, next)).filter(|&e| e > next)
}

/// The length of an address literal (`[192.168.0.1]`, `[IPv6:…]`: up to
/// 64 characters, no space) at the start of `rest`, brackets included.
fn literal_len(rest: &str) -> Option<usize> {
    let inner = rest.strip_prefix('[')?;
    let (n, c) = inner
        .char_indices()
        .take(65)
        .find(|&(_, c)| c == ']' || c.is_whitespace())?;
    (c == ']' && n > 0).then_some(n + 2)
}

/// The end of a label (letters, digits, hyphens) from byte `k` on: `k`
/// when there is none.
fn label_end(text: &str, k: usize) -> usize {
    text[k..]
        .char_indices()
        .find(|&(_, c)| !(c.is_alphanumeric() || c == '-'))
        .map_or(text.len(), |(n, _)| k + n)
}

/// The dots of a domain name: ASCII and those IDNA reads as dots.
fn is_dot(c: char) -> bool {
    matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}')
}

/// The end of the run of dots from byte `k` on, and how many.
fn dots_end(text: &str, k: usize) -> (usize, usize) {
    let dots = text[k..].chars().take_while(|&c| is_dot(c));
    dots.fold((k, 0), |(end, n), c| (end + c.len_utf8(), n + 1))
}

/// The end of a dot written out from byte `k` on: `[dot]`, `(dot)`,
/// `{dot}` (spaces around and inside or not), ` dot `, ` точка `.
fn written_dot_end(text: &str, k: usize) -> Option<usize> {
    let a = spaces_after(text, k);
    if text[a..].starts_with(['[', '(', '{']) {
        let c = spaces_after(text, word_end(text, spaces_after(text, a + 1), "dot")?);
        return text[c..]
            .starts_with([']', ')', '}'])
            .then(|| spaces_after(text, c + 1));
    }
    let w = word_end(text, a, "dot").or_else(|| word_end(text, a, "точка"))?;
    let e = spaces_after(text, w);
    (a > k && e > w).then_some(e)
}

/// The end of a last label written after a space from byte `k` on: a
/// country's two small letters or a common generic one (`yandex ru`, `gmail
/// com`), a word of its own ("the club" has none).
fn spaced_tld_end(text: &str, k: usize) -> Option<usize> {
    let a = spaces_after(text, k);
    let e = a + text[a..].bytes().take_while(u8::is_ascii_lowercase).count();
    let word = &text[a..e];
    let tld = word.len() == 2 || ["com", "org", "net", "edu", "gov", "info"].contains(&word);
    let apart = !text[e..]
        .chars()
        .next()
        .is_some_and(|c| c.is_alphanumeric() || c == '_');
    (a > k && tld && apart).then_some(e)
}

/// The calendars' event ids (`<16 hex digits>@ccbulletin`, RFC 5545's
/// UID): the tool's own, never an address.
fn is_own_uid(text: &str, local: Option<usize>, sign: &Sign, end: usize) -> bool {
    let id = local.map_or("", |l| &text[l..sign.start]);
    id.len() == 16
        && id.bytes().all(|b| b.is_ascii_hexdigit())
        && &text[sign.start..sign.end] == "@"
        && &text[sign.end..end] == "ccbulletin"
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` as the public files show it.
    fn hidden(text: &str) -> String {
        replace(text, Scope::File, "[address hidden]").into_owned()
    }

    #[test]
    fn addresses_are_hidden_and_other_text_kept() {
        assert_eq!(
            hidden("Ivan <ivan.petrov+cc@mail.example.org>, 2 moves"),
            "Ivan <[address hidden]>, 2 moves"
        );
        assert_eq!(hidden("a@b.cd x@y @q"), "[address hidden] [address hidden] @q");
        assert_eq!(hidden("Крg1 — ok"), "Крg1 — ok");
        assert_eq!(hidden("mailto:a_b@c-d.museum?"), "mailto:[address hidden]?");
        // A page, past the quick test's length.
        let page = format!("<p>{}</p>", "We met at home. ".repeat(20));
        assert_eq!(
            hidden(&format!("{page}a at b.ru{page}")),
            format!("{page}[address hidden]{page}")
        );
        assert_eq!(hidden(&page), page);
    }

    #[test]
    fn addresses_in_any_script_and_cut_ones_are_hidden() {
        for (text, want) in [
            ("Иван (иван@почта.рф)", "Иван ([address hidden])"),
            ("petrov@почта.рф.", "[address hidden]."),
            ("王@例子.中国", "[address hidden]"),
            ("ivan＠mail.example.org", "[address hidden]"),
            ("ivan﹫mail.example.org", "[address hidden]"),
            ("a@b\u{3002}com", "[address hidden]"),
            ("Petrov p.petrov@gmail.…", "Petrov [address hidden]"),
            ("p.petrov@gm…  1½", "[address hidden]  1½"),
            ("p.petrov@…", "[address hidden]"),
            ("p.petrov@gmail...", "[address hidden]"),
            ("Petrov, ivan.petrov@; 2", "Petrov, [address hidden]; 2"),
            ("x@y z@ @q.rs", "[address hidden] [address hidden] [address hidden]"),
            ("see, @gmail.com", "see, [address hidden]"),
        ] {
            assert_eq!(hidden(text), want, "{text}");
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
            ("smirnov { at } yandex {dot} ru!", "[address hidden]!"),
            ("smirnov (at] yandex.ru", "[address hidden]"),
            ("kozlov%40gmail.com", "[address hidden]"),
            ("ivan&#64;mail.ru", "[address hidden]"),
            ("ivan&#x40;mail.ru", "[address hidden]"),
            ("ivan&#X0040;mail.ru", "[address hidden]"),
            ("ivan&amp;#64;mail.ru", "[address hidden]"),
            ("ent&commat;ent.com", "[address hidden]"),
            ("ent&amp;commat;ent.com", "[address hidden]"),
            ("ivan @ mail.ru", "[address hidden]"),
            ("ivan\n@mail.ru!", "[address hidden]!"),
            ("ivan@\nmail.ru", "[address hidden]"),
            ("ivan <br>@ mail.ru", "[address hidden]"),
            ("ivan@mail dot ru", "[address hidden]"),
            ("Kozlov (kozlov at gmail dot com)", "Kozlov ([address hidden])"),
            ("kozlov AT gmail.com.", "[address hidden]."),
            ("иван собака mail точка ru", "[address hidden]"),
            ("\"john doe\"@example.com", "[address hidden]"),
            ("\"a@b.org\"@c.org", "[address hidden]"),
            ("<a>&quot;john doe&quot;@example.com</a>", "<a>[address hidden]</a>"),
            ("to root@localhost.", "to [address hidden]."),
            ("user@[192.168.0.1] x", "[address hidden] x"),
            ("u@[IPv6:2001:db8::1]", "[address hidden]"),
            ("иван@почта.рф", "[address hidden]"),
            ("иван [at] почта.рф", "[address hidden]"),
            ("e4 @ 12 days", "[address hidden] days"),
            ("Meet (at) noon", "[address hidden]"),
        ] {
            assert_eq!(hidden(text), want, "{text:?}");
            assert_eq!(hidden(want), want, "twice: {text:?}");
        }
    }

    #[test]
    fn ordinary_text_is_kept() {
        for text in [
            "We met at home at 5 pm, at last.",
            "Left at the 12th move. At, Dot; Ng, Mei-at; Mat Atkins",
            "the club; (at) noon",
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0",
            "02.02.2025 – 2025-02-03, 14:00",
            "100% 40 moves",
            "a &amp; b; &#169; 2026; x%41y",
            "@media (max-width: 40rem) { body { padding: .5rem; } }",
            "}\n@media print { a { color: inherit } }",
            "UID:0123456789abcdef@ccbulletin\r\n",
            "Собака лает, точка.",
        ] {
            assert_eq!(hidden(text), text);
        }
        let css = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/templates/style.css")).unwrap();
        assert_eq!(hidden(&css), css, "the style sheet's @media rules stay");
    }

    // docs/format.md: a name is a name; an address in it, written out or
    // hidden, is the arbiter's to move. A sign alone reads as one there.
    #[test]
    fn a_text_an_input_gives_holds_an_address_in_any_form() {
        for text in [
            "Petrov ivan.petrov@example.org",
            "ivan.petrov@",
            "@",
            "@media",
            "Ivan\u{200B}@\u{200B}x.org",
            "Kozlov, kozlov at gmail dot com",
            "Ivan [at] mail.ru",
            "(at)",
            "ent&commat;ent.com",
            "a&#64;b.org",
            "a%40b.org",
            "Иван собака mail точка ru",
            "Olga\u{FF20}mail.ru",
            "0123456789abcdef@ccbulletin",
        ] {
            assert!(holds(text, Scope::Text), "{text}");
        }
        for text in [
            "Иванов, Алексей",
            "Kuznetsova, Anna",
            "Mat Atkins",
            "Dot Cotton",
            "At, Dot",
            "Ng, Mei-at",
            "We met at home",
            "Собака",
        ] {
            assert!(!holds(text, Scope::Text), "{text}");
        }
    }

    // docs/format.md: invisible characters in an address hide nothing from a
    // reader.
    #[test]
    fn an_address_split_by_invisible_characters_is_hidden() {
        for s in [
            "Ivan a\u{200b}@example.org x",
            "Ivan a@\u{200b}example.org x",
            "Ivan a\u{2060}@\u{feff}example.org x",
            "Ivan a\u{ad}@example.org x",
            "Ivan a\u{200d}\u{200c}@example.org x",
            "Ivan i\u{200b}v\u{ad}an@exam\u{200b}ple.org x",
            "Ivan a [a\u{200b}t] example.org x",
        ] {
            assert_eq!(hidden(s), "Ivan [address hidden] x", "{s:?}");
        }
        // An invisible character away from an address stays.
        assert_eq!(hidden("Ivan\u{200d}, @media"), "Ivan\u{200d}, @media");
        assert_eq!(hidden("I\u{200b}van a@b.org"), "I\u{200b}van [address hidden]");
    }

    #[test]
    fn holds_format_agrees_with_every_character() {
        for c in (0..0x3_0000).filter_map(char::from_u32) {
            let text = format!("a{c}b");
            assert_eq!(holds_format(&text), text.chars().any(is_format), "{:X}", c as u32);
        }
    }

    // The scans are set up only for a short text `may_hold` lets through: no
    // text of the pieces every form is made of (and of its near misses)
    // holds an address without it. A hidden text holds no at sign with a
    // local part's character before it, and is the same hidden again.
    #[test]
    fn no_text_the_grammar_matches_is_left_unsuspected() {
        let pieces = [
            "at",
            "AT",
            "At",
            "aT",
            "собака",
            "Собака",
            "СОБАКА",
            "@",
            "\u{FF20}",
            "\u{FE6B}",
            "&commat;",
            "&#64;",
            "&#x40;",
            "&amp;",
            "%40",
            "&lt;",
            "&gt;",
            "&quot;",
            " ",
            "\u{A0}",
            "\n",
            "<br>",
            "(",
            ")",
            "[",
            "]",
            "<",
            ">",
            "{",
            "}",
            "\"",
            "dot",
            "точка",
            ".",
            "。",
            "…",
            "mail",
            "ru",
            "x",
            "a",
            "t",
            "_",
            "-",
            "1",
            "\u{200B}",
            "\u{AD}",
            "com",
            "Ivan",
        ];
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        let (mut matched, mut kept) = (0, 0);
        for _ in 0..20_000 {
            let mut text = String::new();
            for _ in 0..1 + seed % 12 {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                text.push_str(pieces[(seed >> 33) as usize % pieces.len()]);
            }
            let in_text = holds(&text, Scope::Text);
            if !find_read(&without_format(&text).0, Scope::Text).is_empty() {
                matched += 1;
                assert!(may_hold(&text), "{text:?}");
                assert!(in_text, "{text:?}");
            }
            let shown = hidden(&text);
            assert!(in_text || shown == text, "{text:?}");
            assert_eq!(hidden(&shown), shown, "twice: {text:?}");
            let read = without_format(&shown).0;
            let chars: Vec<char> = read.chars().collect();
            assert!(
                !chars
                    .windows(2)
                    .any(|w| is_local(w[0]) && matches!(w[1], '@' | '＠' | '﹫')),
                "{text:?} → {shown:?}"
            );
            kept += usize::from(shown == text);
        }
        // The pieces do make texts the grammar matches, many of them, and
        // others it keeps.
        assert!(matched > 5_000 && kept > 1_000, "{matched} {kept}");
    }

    /// Every written form of an address passes the quick test, and a text
    /// the quick test passes by is never changed.
    #[test]
    fn the_quick_test_lets_every_form_of_an_address_through() {
        let forms = [
            "a.b@c.org",
            "a [at] b.ru",
            "a (at) b ru",
            "a {AT} b.ru",
            "a <aT> b.ru",
            "a &lt;at&gt; b.ru",
            "a%40b.com",
            "a&#64;b.ru",
            "a&#x40;b.ru",
            "a&commat;b.ru",
            "a\n@b.ru",
            "\"a b\"@c.com",
            "a@[192.168.0.1]",
            "иван@почта.рф",
            "иван СОБАКА почта.рф",
            "a at b.ru",
            "a\u{FF20}b.org",
            "a\u{FE6B}b.org",
            "a\u{200B}@b.org",
        ];
        for f in forms {
            assert!(may_hold(f), "{f}");
            assert_ne!(hidden(f), f, "{f}");
        }
        for plain in ["Ivanov, Pyotr", "2026-12-01", "O-O", "1–0", "Mat Atkins"] {
            assert!(!may_hold(plain), "{plain}");
            assert_eq!(hidden(plain), plain);
        }
    }
}
