//! The fixed-width text files: names padded or cut to their column (by
//! hand: a column is cut with `…` and counts characters, which textwrap
//! does not do), long lines wrapped at the bulletin's width with their
//! indent kept (textwrap).

/// Pads or cuts `s` to `n` characters (for the fixed-width text files).
pub(super) fn pad(s: &str, n: usize, right: bool) -> String {
    let mut out = String::with_capacity(s.len().max(n));
    push_pad(&mut out, s, n, right);
    out
}

/// Appends `s` padded or cut to `n` characters, as [`pad`] makes it.
pub(super) fn push_pad(out: &mut String, s: &str, n: usize, right: bool) {
    let len = s.chars().count();
    if len >= n {
        if len > n && n > 1 {
            out.extend(s.chars().take(n - 1));
            out.push('…');
        } else {
            out.push_str(s);
        }
        return;
    }
    if !right {
        out.push_str(s);
    }
    out.extend(std::iter::repeat_n(' ', n - len));
    if right {
        out.push_str(s);
    }
}

/// The widest line of the public texts (the bulletin, a game's next
/// message): email clients rewrap longer lines.
pub const TEXT_WIDTH: usize = 78;

/// Wraps lines longer than `width` columns at spaces (never at a no-break
/// space, [`super::NO_BREAK`]), indenting the continuation like the line it
/// continues; a word longer than the line is cut. textwrap's first-fit
/// does the wrapping: what is ours is which lines wrap and their indents.
pub fn wrap_lines(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (body, nl) = line.strip_suffix('\n').map_or((line, ""), |b| (b, "\n"));
        if textwrap::core::display_width(body) <= width {
            out.push_str(line);
            continue;
        }
        let lead = &body[..body.len() - body.trim_start_matches(' ').len()];
        let indent = if lead.len() + 4 < width / 2 {
            format!("{lead}    ")
        } else {
            String::new()
        };
        // The first line keeps its own indent (the words start after it).
        let first = if lead.len() < width / 2 { lead } else { "" };
        let options = textwrap::Options::new(width)
            .initial_indent(first)
            .subsequent_indent(&indent)
            .word_separator(textwrap::WordSeparator::AsciiSpace)
            .word_splitter(textwrap::WordSplitter::NoHyphenation)
            .wrap_algorithm(textwrap::WrapAlgorithm::FirstFit)
            .break_words(true);
        for (i, part) in textwrap::wrap(&body[lead.len()..], options).iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            out.push_str(part.trim_end());
        }
        out.push_str(nl);
    }
    out
}

/// Joins tokens with spaces into lines of at most `width` characters,
/// never splitting a token (a longer token stands on a line of its own),
/// a token at a time, straight into `out`. Hand-written, not textwrap: it
/// streams each PGN token into the file with no text or word list built.
pub(crate) struct Filler<'a> {
    out: &'a mut String,
    width: usize,
    /// The bytes and the characters of the line being filled.
    bytes: usize,
    chars: usize,
}

impl<'a> Filler<'a> {
    pub(crate) fn new(out: &'a mut String, width: usize) -> Filler<'a> {
        Filler {
            out,
            width,
            bytes: 0,
            chars: 0,
        }
    }

    pub(crate) fn push(&mut self, tok: &str) {
        // Moves, numbers and stamps are ASCII: their length is their width.
        let n = if tok.is_ascii() { tok.len() } else { tok.chars().count() };
        if self.bytes > 0 && self.chars + 1 + n > self.width {
            self.out.push('\n');
            self.bytes = 0;
            self.chars = 0;
        }
        if self.bytes > 0 {
            self.out.push(' ');
            self.bytes += 1;
            self.chars += 1;
        }
        self.out.push_str(tok);
        self.bytes += tok.len();
        self.chars += n;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filled(tokens: &[&str], width: usize) -> String {
        let mut out = String::new();
        let mut f = Filler::new(&mut out, width);
        for t in tokens {
            f.push(t);
        }
        out
    }

    #[test]
    fn the_filler_wraps_between_tokens_counting_characters() {
        assert_eq!(filled(&["1.", "e4", "e5"], 5), "1. e4\ne5");
        assert_eq!(filled(&["1.", "e4", "e5"], 8), "1. e4 e5");
        // A token longer than the width stands alone; none is split.
        assert_eq!(filled(&["a", "abcdefgh", "b"], 4), "a\nabcdefgh\nb");
        // Characters, not bytes: "ёё ёё" is 5 wide.
        assert_eq!(filled(&["ёё", "ёё", "x"], 5), "ёё ёё\nx");
        assert_eq!(filled(&[], 5), "");
    }

    #[test]
    fn long_lines_wrap_at_the_width() {
        let line = format!("   {}\nshort\n", "word ".repeat(60));
        let wrapped = wrap_lines(&line, 40);
        assert!(wrapped.lines().all(|l| l.chars().count() <= 40), "{wrapped}");
        assert_eq!(wrapped.matches("word").count(), 60);
        assert!(wrapped.ends_with("short\n"));
        let long_word = wrap_lines(&"x".repeat(95), 40);
        assert!(long_word.lines().all(|l| l.chars().count() <= 40));
        assert_eq!(long_word.matches('x').count(), 95);
    }

    #[test]
    fn a_wrapped_indented_line_keeps_its_indent() {
        let line = format!("         прервана: {}\n", "заявление ".repeat(20));
        let wrapped = wrap_lines(&line, 60);
        let lines: Vec<&str> = wrapped.lines().collect();
        assert!(lines[0].starts_with("         прервана: "), "{wrapped}");
        assert!(
            lines[1..].iter().all(|l| l.starts_with("             заявление")),
            "{wrapped}"
        );
        assert_eq!(wrapped.matches("заявление").count(), 20);
    }

    /// The keep_with filter's no-break spaces hold a label and its date on
    /// one line: the wrap breaks before the label, never inside it.
    #[test]
    fn a_label_kept_with_its_date_is_never_split() {
        let kept = crate::render::keep_with("last move", "2026-12-01");
        let line = format!("{} {kept}; more\n", "word".repeat(5));
        let wrapped = wrap_lines(&line, 30);
        assert_eq!(wrapped, format!("{}\n    {kept}; more\n", "word".repeat(5)));
    }

    #[test]
    fn pad_cuts_and_fills() {
        assert_eq!(pad("abc", 5, false), "abc  ");
        assert_eq!(pad("abc", 5, true), "  abc");
        assert_eq!(pad("abcdef", 4, false), "abc…");
        assert_eq!(pad("abcdef", 4, true), "abc…");
        assert_eq!(pad("abcdef", 1, false), "abcdef");
        assert_eq!(pad("абв", 3, false), "абв");
        assert_eq!(pad("", 3, true), "   ");
    }
}
