//! An input that fails leaves nothing of itself for the inputs after it to trip over, for
//! each kind of thing the undo log takes back (`catalog::undo`, `Compilation::roll_back`):
//! titles, aliases, class scopes and containment, relationships and the graph order,
//! what collectors collected and overrode. (`tests::failed_inputs` compares whole sessions
//! over random inputs; these check what a later input sees.)

use crate::Session;
use std::cell::RefCell;
use std::rc::Rc;

fn session() -> (Session, Rc<RefCell<Vec<String>>>) {
    let mut s = Session::new();
    let logged = Rc::new(RefCell::new(Vec::new()));
    let sink = logged.clone();
    s.set_log_sink(move |_, m| sink.borrow_mut().push(m.to_string()));
    (s, logged)
}

#[test]
fn a_title_or_alias_of_a_failed_input_is_free_again() {
    let (mut s, _) = session();
    s.eval("notify { 'base': }").unwrap();
    let n = s.catalog().len();
    s.eval("notify { 'a': alias => 'al' } file { '/tmp/x': } fail('no')")
        .unwrap_err();
    assert_eq!(s.catalog().len(), n);
    assert!(s.catalog().find("Notify", "al").is_none());
    s.eval("notify { 'b': alias => 'al' } notify { 'a': } file { '/tmp/x/': }")
        .unwrap();
    assert_eq!(
        s.catalog().find("Notify", "al"),
        s.catalog().find("Notify", "b")
    );
}

#[test]
fn a_class_of_a_failed_input_can_be_declared_with_parameters_after() {
    let (mut s, _) = session();
    s.eval("class c($p = 1) { notify { \"c ${p}\": } }")
        .unwrap();
    s.eval("include c fail('no')").unwrap_err();
    s.eval("class { 'c': p => 2 }").unwrap();
    assert!(s.catalog().find("Notify", "c 2").is_some());
    assert!(s.catalog().find("Notify", "c 1").is_none());
}

#[test]
fn relationships_of_a_failed_input_are_gone_and_close_no_cycle() {
    let (mut s, logged) = session();
    s.eval("notify { 'x': } notify { 'y': } Notify['x'] -> Notify['y']")
        .unwrap();
    let before = s.catalog().relationships().to_vec();
    // a new resource in between, an edge between resources that were there, then a
    // relationship with no target (the finishing steps fail once those are set): taken back
    s.eval(
        "notify { 'n': require => Notify['y'] } Notify['y'] -> Notify['x'] \
         notify { 'z': before => Notify['missing'] }",
    )
    .unwrap_err();
    assert_eq!(s.catalog().relationships(), &before[..]);
    s.eval("notify { 'n': before => Notify['x'] }").unwrap();
    assert!(
        !logged.borrow().iter().any(|m| m.contains("cycle")),
        "{:?}",
        logged.borrow()
    );
    // while the cycle the failed input's edges would have closed is found when made
    s.eval("Notify['y'] -> Notify['n']").unwrap();
    assert!(
        logged.borrow().iter().any(|m| m.contains("cycle")),
        "{:?}",
        logged.borrow()
    );
}

#[test]
fn what_a_collector_collected_in_a_failed_input_is_collected_again() {
    let (mut s, _) = session();
    s.eval("Notify <| tag == 'x' |> { message => 'overridden' }")
        .unwrap();
    // (failing in the finishing steps, after the collectors ran)
    s.eval("@notify { 'v': tag => 'x' } notify { 'bad': nosuch => 1 }")
        .unwrap_err();
    s.eval("@notify { 'v': tag => 'x' }").unwrap();
    let id = s.catalog().find("Notify", "v").unwrap();
    let r = s.catalog().get(id);
    assert!(!r.is_virtual);
    assert_eq!(
        r.parameters.get("message").and_then(|v| v.as_str()),
        Some("overridden")
    );
}
