//! The `cardroom engine` protocol on arbitrary bytes: every line gets exactly one JSON answer,
//! nothing panics, and an answer that is an error leaves the table exactly as it was.
#![no_main]

use cli::input::read_line;
use cli::{open_table, protocol, TableOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let all = games::registry::all();
    let info = all[pick as usize % all.len()];
    let opts = TableOptions {
        players: Some(info.default_players),
        seed: u64::from(pick),
        ..TableOptions::default()
    };
    let mut table = open_table(info.id, &opts).expect("default tables open");
    let mut input = rest;
    while let Some(line) = read_line(&mut input).expect("reading from memory") {
        let before = (table.record(), table.legal());
        let answer = protocol::answer(table.as_mut(), line);
        assert!(answer.is_object(), "{}: the answer is not a JSON object", info.id);
        if let Some(why) = answer.get("error") {
            let why = why.as_str().expect("errors are strings");
            assert!(!why.is_empty() && why.len() < 2_000, "{}: error too long or empty", info.id);
            assert_eq!(before, (table.record(), table.legal()), "{}: a refused line changed the table", info.id);
        }
    }
});
