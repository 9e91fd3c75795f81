//! `--deck` lists and saved records, as any text: refused with a message or accepted, never a
//! panic; an accepted record replays to a table whose record is the same.
#![no_main]

use cli::{open_record, open_table, TableOptions};
use engine::GameRecord;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let text = String::from_utf8_lossy(rest);
    let _ = cards::parse_card_list(&text);

    let all = games::registry::all();
    let info = all[pick as usize % all.len()];
    let opts = TableOptions {
        players: Some(info.default_players),
        deck: Some(text.to_string()),
        dealer: usize::from(pick >> 4),
        ..TableOptions::default()
    };
    if let Err(e) = open_table(info.id, &opts) {
        assert!(!e.is_empty());
    }

    match GameRecord::from_json(&text) {
        Ok(record) => match open_record(&record) {
            Ok(table) => {
                let again = table.record();
                let reopened = open_record(&again).expect("a table's own record replays");
                assert_eq!(reopened.record(), again, "a replayed record changed");
            }
            Err(e) => assert!(!e.is_empty()),
        },
        Err(e) => assert!(!e.is_empty()),
    }
});
