//! Every game's action parser, on any text: no panic, an error with a message, and whatever
//! parses prints as text that parses back to the same action.
#![no_main]

use engine::{Deal, Game};
use games::registry::{self, GameVisitor};
use libfuzzer_sys::fuzz_target;

struct Parse<'a>(&'a str);

impl GameVisitor for Parse<'_> {
    type Output = ();
    fn visit<G: Game>(self) {
        match self.0.parse::<<G::Deal as Deal>::Action>() {
            Ok(action) => {
                let text = action.to_string();
                assert_eq!(
                    text.parse::<<G::Deal as Deal>::Action>(),
                    Ok(action),
                    "{}: '{}' parsed to {text}, which does not parse back",
                    G::info().id,
                    self.0
                );
            }
            Err(e) => assert!(!e.to_string().is_empty(), "{}: an empty parse error", G::info().id),
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for info in registry::all() {
        registry::visit(info.id, Parse(&text)).expect("registered id");
    }
});
