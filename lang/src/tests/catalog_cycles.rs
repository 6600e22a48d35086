//! Dependency cycles (`prepl-catalog`'s `render::cycles`) found in compiled catalogs, as
//! `puppet apply` reports them.

use crate::catalog::render::{cycle_message, find_cycles};
use crate::catalog::Catalog;

fn message(c: &Catalog) -> String {
    cycle_message(c, &find_cycles(c)).unwrap_or_default()
}

const TRY: &str =
    "\\nTry the '--graph' option and opening the resulting '.dot' file in OmniGraffle or GraphViz";

/// Programs compiled by the evaluator, with the message of `puppet apply -e PROGRAM`
/// (the reference's agent, 7.23).
#[test]
fn as_puppet_apply_reports_them() {
    let cases = [
        (
            "notify{a: require => Notify[b]} notify{b: require => Notify[a]}",
            "(Notify[a] => Notify[b] => Notify[a])",
        ),
        (
            "class a { notify{x:} } class b { notify{y:} } include a, b \
             Class[a] -> Class[b] Notify[y] -> Notify[x]",
            "(Notify[x] => Class[A] => Class[B] => Notify[y] => Notify[x])",
        ),
        (
            "class a { notify{x:} } include a  Class[a] -> Notify[z] \
             notify{z: before => Notify[x]}",
            "(Notify[x] => Class[A] => Notify[z] => Notify[x])",
        ),
        (
            "notify{[a,b,c]:} Notify[a]->Notify[b]->Notify[c]->Notify[a] Notify[a] -> Notify[c]",
            "(Notify[a] => Notify[c] => Notify[a])",
        ),
        (
            "define foo { notify{deep:} } class b { foo{d:} } class a { contain b } include a \
             notify{z:} Class[a] -> Notify[z] Class[b] -> Notify[z] Notify[z] -> Foo[d]",
            "(Notify[deep] => Foo[d] => Class[B] => Notify[z] => Foo[d] => Notify[deep])",
        ),
        (
            "define foo { notify{inner: notify => Foo[one]} } foo{one:}",
            "(Notify[inner] => Foo[one] => Notify[inner])",
        ),
        (
            "class nginx { package { 'nginx': } -> file { '/etc/nginx/nginx.conf': } \
             ~> service { 'nginx': } } include nginx  Service['nginx'] -> Package['nginx']",
            "(File[/etc/nginx/nginx.conf] => Service[nginx] => Package[nginx] => \
             File[/etc/nginx/nginx.conf])",
        ),
    ];
    for (program, path) in cases {
        let mut session = crate::Session::new();
        session
            .eval(program)
            .unwrap_or_else(|e| panic!("{program}: {}", e.render()));
        assert_eq!(
            message(session.catalog()),
            format!("Found 1 dependency cycle:\n{path}{TRY}"),
            "{program}"
        );
    }
    let mut session = crate::Session::new();
    session
        .eval("notify{[c,d,a,b]:} Notify[d]->Notify[c]->Notify[d] Notify[b]->Notify[a]->Notify[b]")
        .unwrap();
    assert_eq!(
        message(session.catalog()),
        format!(
            "Found 2 dependency cycles:\n(Notify[a] => Notify[b] => Notify[a])\\n\
             (Notify[c] => Notify[d] => Notify[c]){TRY}"
        )
    );
}
