use super::*;
use testkit::{run, Conformance};

#[test]
fn smoke() {
    for players in [2, 6, 8, 15] {
        let r = run::<Panguingue>(&Conformance::new(players, 3).seed(1).deal_limit(2));
        eprintln!("{players}: {r:?}");
    }
}
