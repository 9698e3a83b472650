//! Every word ccbulletin says — its findings on Article 51, its
//! complaints about bad input, the letters of the outbox, the "report not
//! available" line, the labels of the pages — as data: one file a
//! language, `languages/<code>.ftl` ([`crate::language`]), in Project
//! Fluent's syntax, embedded in the binary. A translator edits that file,
//! never the Rust code.
//!
//! A finding's sentence is the message of its facts' `kind`, its variables
//! the facts' own fields by name ([`said`]); every other message is called
//! by its id with named arguments ([`tr!`]); the labels, which take no
//! argument, are worded once a language ([`words`]). Plurals follow the
//! language's CLDR rules. A date, a decimal mark and a move's letters take
//! the language's forms ([`date`], [`Forms`]). `languages/en.ftl` opens
//! with what each function does.
//!
//! Rule numbers quoted in the sentences are Article 51's paragraphs; the
//! numbers of days themselves come from [`crate::rules`] as arguments.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use crate::model::Language;

pub mod forms;
pub mod said;

pub use forms::{Forms, date, forms};
pub use said::{said, word};

/// A message's argument: a number (its plural form is chosen by it) or a
/// text.
pub type Value = FluentValue<'static>;

/// Between the items of a list argument (JOIN, COUNT): a character no
/// name, move or file name holds.
const ITEM: char = '\u{1f}';

type Bundle = FluentBundle<FluentResource>;

/// The language's messages, read once.
fn bundle(lang: Language) -> &'static Bundle {
    static BUNDLES: OnceLock<Vec<Bundle>> = OnceLock::new();
    let all = BUNDLES.get_or_init(|| Language::all().map(|l| load(l, l.file())).collect());
    &all[lang.index()]
}

/// The bundle of one language's file, with the functions its messages call.
/// The files are embedded and tested: an error in one is a bug, not input.
fn load(lang: Language, text: &str) -> Bundle {
    let resource = FluentResource::try_new(text.to_string())
        .unwrap_or_else(|(_, e)| panic!("languages/{}.ftl does not parse: {e:?}", lang.code()));
    let tag = lang.code().parse().expect("a language code is a language tag");
    let mut bundle = FluentBundle::new_concurrent(vec![tag]);
    // No Unicode isolation marks around the arguments: the sentences go into
    // plain-text files and letters, where they would be stray characters.
    bundle.set_use_isolating(false);
    if let Err(e) = bundle.add_resource(resource) {
        panic!("languages/{}.ftl: {e:?}", lang.code());
    }
    let functions: [(&str, Function); 7] = [
        ("DATE", Box::new(move |a: &[FluentValue<'_>]| date_of(lang, a))),
        ("MOVE", Box::new(|a: &[FluentValue<'_>]| move_of(a, true))),
        ("DOTS", Box::new(|a: &[FluentValue<'_>]| move_of(a, false))),
        ("NEG", Box::new(neg)),
        ("HAS", Box::new(has)),
        ("JOIN", Box::new(join)),
        ("COUNT", Box::new(count)),
    ];
    for (name, f) in functions {
        bundle
            .add_function(name, move |a, _| f(a))
            .expect("each function is added once");
    }
    bundle
}

type Function = Box<dyn for<'a> Fn(&[FluentValue<'a>]) -> FluentValue<'a> + Send + Sync>;

/// The first argument as text, if it is one.
fn text_of<'a>(args: &'a [FluentValue<'_>], i: usize) -> Option<&'a str> {
    match args.get(i) {
        Some(FluentValue::String(s)) => Some(s),
        _ => None,
    }
}

fn number_of(args: &[FluentValue<'_>], i: usize) -> Option<f64> {
    match args.get(i) {
        Some(FluentValue::Number(n)) => Some(n.value),
        _ => None,
    }
}

/// DATE($d): an ISO date in the language's form; nothing for no date.
fn date_of<'a>(lang: Language, args: &[FluentValue<'a>]) -> FluentValue<'a> {
    match text_of(args, 0) {
        Some(iso) => match iso.parse() {
            Ok(d) => date(d, lang).into(),
            Err(_) => iso.to_string().into(),
        },
        None => FluentValue::None,
    }
}

/// MOVE($no, $side): `12.` or `12...`; DOTS($side): the dots alone.
fn move_of<'a>(args: &[FluentValue<'a>], numbered: bool) -> FluentValue<'a> {
    let (no, side) = if numbered {
        (number_of(args, 0), text_of(args, 1))
    } else {
        (None, text_of(args, 0))
    };
    let dots = if side == Some("white") { "." } else { "..." };
    match no {
        Some(no) => format!("{no}{dots}").into(),
        None => dots.into(),
    }
}

/// NEG($n): -n.
fn neg<'a>(args: &[FluentValue<'a>]) -> FluentValue<'a> {
    number_of(args, 0).map_or(FluentValue::None, |n| (-n).into())
}

/// HAS($x): `yes` when the field holds something, else `no`.
fn has<'a>(args: &[FluentValue<'a>]) -> FluentValue<'a> {
    match args.first() {
        None | Some(FluentValue::None | FluentValue::Error) => "no".into(),
        Some(_) => "yes".into(),
    }
}

/// The items of a list argument.
fn items<'a>(args: &'a [FluentValue<'_>]) -> impl Iterator<Item = &'a str> {
    text_of(args, 0)
        .into_iter()
        .flat_map(|s| s.split(ITEM))
        .filter(|s| !s.is_empty())
}

/// JOIN($list, "sep"): the items with the separator between them.
fn join<'a>(args: &[FluentValue<'a>]) -> FluentValue<'a> {
    let sep = text_of(args, 1).unwrap_or(", ");
    items(args).collect::<Vec<_>>().join(sep).into()
}

/// COUNT($list): how many items.
fn count<'a>(args: &[FluentValue<'a>]) -> FluentValue<'a> {
    items(args).count().into()
}

/// A list as one argument (JOIN, COUNT).
pub fn list<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> Value {
    let mut out = String::new();
    for item in items {
        out.push_str(item.as_ref());
        out.push(ITEM);
    }
    out.into()
}

/// The message `id` in `lang`, its variables set from `args`.
pub fn tr(lang: Language, id: &str, args: &[(&str, Value)]) -> String {
    let args: FluentArgs = args.iter().map(|(k, v)| (*k, v.clone())).collect();
    format(lang, id, &args)
}

/// The message `id` in `lang` with `args`; a message missing from the
/// language's file is shown as its id (the tests see to it that none is).
fn format(lang: Language, id: &str, args: &FluentArgs) -> String {
    let bundle = bundle(lang);
    let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
        debug_assert!(false, "no message {id} in languages/{}.ftl", lang.code());
        return id.to_string();
    };
    let mut errors = Vec::new();
    let said = bundle.format_pattern(pattern, Some(args), &mut errors).into_owned();
    debug_assert!(errors.is_empty(), "{id} in {}: {errors:?}", lang.code());
    said
}

/// Whether `lang`'s file has the message `id`.
pub fn has_message(lang: Language, id: &str) -> bool {
    bundle(lang).has_message(id)
}

/// The ids of the messages that are labels: words without variables,
/// worded once a language ([`words`]).
pub const LABELS: [&str; 4] = ["t-", "code-", "sev-", "flag-"];

/// Every message id of `lang`'s file, in the file's order.
pub fn ids(lang: Language) -> Vec<String> {
    let resource = FluentResource::try_new(lang.file().to_string()).unwrap_or_else(|(r, _)| r);
    resource
        .entries()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect()
}

/// The labels of `lang` ([`LABELS`]) by id, worded once.
pub fn words(lang: Language) -> &'static BTreeMap<String, String> {
    static WORDS: OnceLock<Vec<BTreeMap<String, String>>> = OnceLock::new();
    let all = WORDS.get_or_init(|| {
        Language::all()
            .map(|l| {
                ids(l)
                    .into_iter()
                    .filter(|id| LABELS.iter().any(|p| id.starts_with(p)))
                    .map(|id| {
                        let said = format(l, &id, &FluentArgs::new());
                        (id, said)
                    })
                    .collect()
            })
            .collect()
    });
    &all[lang.index()]
}

/// The label `id` of `lang` ([`words`]).
///
/// # Panics
/// A label missing from the language's file: the files are embedded, and
/// the tests see to it that each has every label the code reads.
pub fn label(lang: Language, id: &str) -> &'static str {
    words(lang)
        .get(id)
        .unwrap_or_else(|| panic!("no label {id} in languages/{lang}.ftl"))
}

/// A value a message takes as an argument.
pub trait Arg {
    fn value(&self) -> Value;
}

impl Arg for str {
    fn value(&self) -> Value {
        self.to_string().into()
    }
}

impl Arg for String {
    fn value(&self) -> Value {
        self.clone().into()
    }
}

impl Arg for Value {
    fn value(&self) -> Value {
        self.clone()
    }
}

macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl Arg for $t {
            fn value(&self) -> Value {
                (*self).into()
            }
        }
    )*};
}
numbers!(i32, i64, u32, u64, usize);

impl<T: Arg + ?Sized> Arg for &T {
    fn value(&self) -> Value {
        (**self).value()
    }
}

/// `tr!(lang, "id", name = value, ...)`: the message `id` in `lang` with
/// its variables named.
#[macro_export]
macro_rules! tr {
    ($lang:expr, $id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::messages::tr($lang, $id, &[$((stringify!($name), $crate::messages::Arg::value(&$value))),*])
    };
}

/// A finding's sentence in English, for the unit tests of the stages that
/// word none themselves.
#[cfg(test)]
pub(crate) fn en(f: &crate::finding::Finding) -> String {
    said(Language::En, f)
}

/// A finding's sentence in Russian, for the same tests.
#[cfg(test)]
pub(crate) fn ru(f: &crate::finding::Finding) -> String {
    said(Language::Ru, f)
}

#[cfg(test)]
mod tests;
