use super::*;
use testkit::{run, Conformance};

#[test]
fn conformance_smoke() {
    let r = run::<Solo>(&Conformance::new(4, 30).seed(1));
    println!("{r:?}");
}
