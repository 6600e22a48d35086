use crate::syntax::parse;

fn verr(src: &str) -> String {
    match parse(src) {
        Ok(_) => "ok".to_string(),
        Err(e) => e.message,
    }
}

#[test]
fn smoke() {
    assert_eq!(verr("1 2"), "This Literal Integer has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)");
}
