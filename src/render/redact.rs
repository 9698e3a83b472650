//! The public filter: what reads as an address ([`crate::address`], in a
//! public file) is hidden in every public value before a column cuts it,
//! and in every public file as a whole last.

use crate::address::{Scope, replace};
use std::borrow::Cow;

/// What stands where an address was.
const HIDDEN: &str = "[address hidden]";

/// `text` with every address in it hidden: public files never hold one,
/// whatever a name, a note or a template says.
pub fn redact_emails(text: &str) -> Cow<'_, str> {
    replace(text, Scope::File, HIDDEN)
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
        Cow::Borrowed(_) => text,
        Cow::Owned(hidden) => hidden,
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::pad;
    use super::*;

    #[test]
    fn a_name_is_hidden_before_its_column_cuts_it() {
        let name = public("p.petrov@gmail.com");
        let cell = pad(&name, 12, false);
        assert_eq!(cell.chars().count(), 12);
        assert!(cell.starts_with("[address") && !cell.contains("petrov") && !cell.contains('@'));
    }
}
