//! The library half of the `cardroom` binary: the JSON-lines engine protocol, bounded input
//! reading, the two `play` front ends (full-screen and plain) on a session, where their saves
//! go (`saves`), and the rules pages as terminal text (`markdown`). Opening tables is the `tables` crate's, re-exported here.

pub mod input;
pub mod markdown;
pub mod plain;
pub mod protocol;
pub mod saves;
pub mod session;
pub mod tui;

pub use tables::{bot_names, open_record, open_table, restart_table, rules_text, TableOptions};
