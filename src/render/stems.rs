//! Players' file stems (`players/<stem>.html`, `.ics`): a name in Latin
//! letters, unique within its tournament, never holding an address. Hand-
//! written rather than `deunicode`: Russian names are transliterated as in
//! passports (ICAO), which a general transliteration does not do.

use std::collections::BTreeMap;

use crate::compute::TournamentReport;

/// A name in Latin letters, for a file stem: Russian Cyrillic transliterated
/// (ICAO style, as in passports), anything else that is not a letter or a
/// digit becomes `-`.
pub fn transliterate(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        let latin = match c {
            'а' => "a",
            'б' => "b",
            'в' => "v",
            'г' => "g",
            'д' => "d",
            'е' | 'ё' | 'э' => "e",
            'ж' => "zh",
            'з' => "z",
            'и' => "i",
            'й' => "i",
            'к' => "k",
            'л' => "l",
            'м' => "m",
            'н' => "n",
            'о' => "o",
            'п' => "p",
            'р' => "r",
            'с' => "s",
            'т' => "t",
            'у' => "u",
            'ф' => "f",
            'х' => "kh",
            'ц' => "ts",
            'ч' => "ch",
            'ш' => "sh",
            'щ' => "shch",
            'ъ' | 'ь' => "",
            'ы' => "y",
            'ю' => "iu",
            'я' => "ia",
            c if c.is_ascii_alphanumeric() => {
                out.push(c);
                continue;
            }
            _ => "-",
        };
        out.push_str(latin);
    }
    let mut stem = String::new();
    for part in out.split('-').filter(|p| !p.is_empty()) {
        if !stem.is_empty() {
            stem.push('-');
        }
        stem.push_str(part);
    }
    if stem.is_empty() {
        return "player".to_string();
    }
    // A file name holds at most 255 bytes: a long name's stem is cut (the
    // stem is ASCII), leaving room for a `-N` suffix and the extension.
    if stem.len() > MAX_STEM {
        stem.truncate(MAX_STEM);
        while stem.ends_with('-') {
            stem.pop();
        }
    }
    stem
}

/// The longest player file stem, in bytes.
const MAX_STEM: usize = 120;

/// Every player's file stem, unique within the tournament: the players of
/// players.csv in their order, then any other name the pairings hold; a
/// stem already taken gets `-2`, `-3`…
pub fn stems(r: &TournamentReport<'_>) -> BTreeMap<String, String> {
    unique_stems(crate::compute::names(r.tournament))
}

/// Stems for names in order: a stem already taken gets `-2`, `-3`…
fn unique_stems<'a>(names: impl IntoIterator<Item = &'a str>) -> BTreeMap<String, String> {
    let mut taken: Vec<String> = Vec::new();
    let mut out = BTreeMap::new();
    for name in names {
        if out.contains_key(name) {
            continue;
        }
        // From the name as published: an address in it never reaches a file name.
        let base = transliterate(&crate::render::redact_emails(name));
        let mut stem = base.clone();
        let mut n = 2;
        while taken.contains(&stem) {
            stem = format!("{base}-{n}");
            n += 1;
        }
        taken.push(stem.clone());
        out.insert(name.to_string(), stem);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn russian_names_are_transliterated_to_latin_stems() {
        assert_eq!(transliterate("Иванов, Алексей"), "ivanov-aleksei");
        assert_eq!(transliterate("Щукина, Юлия"), "shchukina-iuliia");
        assert_eq!(transliterate("Müller, Jürgen"), "m-ller-j-rgen");
        assert_eq!(transliterate("  "), "player");
        assert_eq!(transliterate("Smith, John"), "smith-john");
    }

    #[test]
    fn a_long_name_gets_a_short_stem() {
        let name = "Иванов ".repeat(60);
        let stems = unique_stems([name.as_str(), name.trim_end()]);
        assert!(stems.values().all(|s| s.len() <= MAX_STEM + 3), "{stems:?}");
        assert!(stems[name.as_str()].starts_with("ivanov-ivanov"));
        assert_ne!(stems[name.as_str()], stems[name.trim_end()]);
    }

    #[test]
    fn stems_are_unique_within_the_tournament() {
        let stems = unique_stems(["Иванов, Алексей", "Ivanov Aleksei", "Иванов Алексей", "Иванов, Алексей"]);
        assert_eq!(stems.len(), 3);
        assert_eq!(stems["Иванов, Алексей"], "ivanov-aleksei");
        assert_eq!(stems["Ivanov Aleksei"], "ivanov-aleksei-2");
        assert_eq!(stems["Иванов Алексей"], "ivanov-aleksei-3");
    }
}
