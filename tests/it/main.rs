//! The integration tests, one binary (each binary links the whole crate):
//! a module a subject, sharing the harness in `common`.

mod addresses;
mod arbiter_view;
mod bad_input;
mod clock_cases;
mod common;
mod consistency;
mod corpus;
mod doc_paths;
mod e2e;
mod fuzz;
mod incremental;
mod languages;
mod links;
mod newcomer;
mod oracle;
mod outbox;
mod output;
mod pgn_output;
mod phone;
mod player;
mod public_view;
mod publish;
mod reading;
mod rules;
mod russian;
mod sample;
mod snapshots;
mod spreadsheet;
mod standings;
mod switched;
mod template_docs;
mod trial;
mod worked_example;
