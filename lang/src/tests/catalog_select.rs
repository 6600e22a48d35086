//! Selecting resources of a compiled catalog (`:catalog TYPE`, `TYPE[TITLE]`, `/PATTERN/`)
//! and showing one as Puppet code (`prepl-catalog`'s `render::select`).

use crate::catalog::render::select::*;
use crate::Session;
use crate::Value;

fn session(code: &str) -> Session {
    let mut s = Session::new();
    s.eval(code).expect(code);
    s
}

fn picked(s: &Session, text: &str) -> Vec<String> {
    let sel = Selection::parse(text).expect(text);
    select(s.catalog(), &sel)
        .into_iter()
        .map(|id| s.catalog().get(id).reference())
        .collect()
}

const CODE: &str = "class web { file { '/etc/motd': content => \"hi\\nthere\\n\" } \
    concat::fragment { 'a-ssl': target => 't', content => 'x' } } \
    define concat::fragment($target, $content) {} include web notify { 'ssl': }";

#[test]
fn by_type_reference_and_pattern() {
    let s = session(CODE);
    assert_eq!(picked(&s, "File"), ["File[/etc/motd]"]);
    assert_eq!(picked(&s, "file"), ["File[/etc/motd]"]);
    assert_eq!(picked(&s, "concat::fragment"), ["Concat::Fragment[a-ssl]"]);
    assert_eq!(picked(&s, "File['/etc/motd']"), ["File[/etc/motd]"]);
    assert_eq!(picked(&s, "File[\"/etc/motd\"]"), ["File[/etc/motd]"]);
    assert_eq!(picked(&s, "Class[web]"), ["Class[Web]"]);
    assert_eq!(picked(&s, "Class['::web']"), ["Class[Web]"]);
    assert_eq!(
        picked(&s, "/ssl/"),
        ["Concat::Fragment[a-ssl]", "Notify[ssl]"]
    );
    assert!(picked(&s, "File[/etc/other]").is_empty());
}

#[test]
fn bad_selections_say_what_is_expected() {
    assert!(Selection::parse("File[x")
        .unwrap_err()
        .contains("not a resource reference"));
    assert!(Selection::parse("1abc").unwrap_err().contains("/pattern/"));
    assert!(Selection::parse("/(/").is_err());
    let s = session(CODE);
    let sel = Selection::parse("Fil").unwrap();
    assert_eq!(
        nothing_selected(s.catalog(), "Fil", &sel),
        "No resource in the catalog matches 'Fil'.\nDid you mean 'File'?"
    );
}

#[test]
fn one_resource_as_puppet_code() {
    let s = session(CODE);
    let id = select(s.catalog(), &Selection::parse("File").unwrap())[0];
    let text = resource_text(s.catalog(), id);
    assert_eq!(
        text.lines().take(6).collect::<Vec<_>>(),
        [
            "file { '/etc/motd':",
            "  content => @(END),",
            "    hi",
            "    there",
            "    | END",
            "}"
        ]
    );
    assert!(text.contains("# contained in: Class[Web]"), "{text}");
    // The heredoc reads back as the same text.
    let code: String = text.lines().take(6).collect::<Vec<_>>().join("\n");
    let mut again = Session::new();
    let v = again
        .eval(&format!("{code}\nFile['/etc/motd']['content']"))
        .unwrap();
    assert_eq!(v, Value::string("hi\nthere\n"));
}
