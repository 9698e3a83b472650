//! The views, one per page, made for the templates (never the domain
//! types): the bulletin's and a game's (`public`), a player's page, its
//! calendar and the next message (`player`), and the arbiter's list
//! (`arbiter`). They format the facts the game stage decided.
//!
//! Their items are `pub(crate)`: `views` is private to render, so they
//! reach no further than render all the same.

pub(super) mod arbiter;
pub mod player;
pub(super) mod public;
