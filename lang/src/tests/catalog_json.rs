//! The catalog's JSON writer (`prepl-catalog`) on a compiled catalog.

/// The writer's text is serde_json's pretty text of the same document.
#[test]
fn as_serde_json_writes_it() {
    let mut s = crate::Session::new();
    s.eval(
        r#"
        define d($x = undef) { notify { "d ${title}": message => $x } }
        class c { file { '/tmp/a/': ensure => directory, mode => '0644' } }
        include c
        notify { "quote \" back \\ tab \t nl \n bell \u{7} del \u{7f} é 😀":
          message => { 'a' => [1, -2, 3.5, 1e20, 0.1, true, undef, default, /re\/x/],
                       1 => 'one', 'n' => { 'deep' => [] } },
          before => [[File['/tmp/a/']], Notify[x]],
          tag => ['t1'],
        }
        notify { x: message => {} }
        d { 'one': x => [Class[c], Notify[x], Integer[1, 2], Sensitive('s')] }
        package { 'p': name => 'q', ensure => '1.0' }
        exec { 'e': command => 'e', returns => 1 }
        "#,
    )
    .unwrap();
    let catalog = &s.evaluator.compilation.catalog;
    let serde = serde_json::to_string_pretty(&crate::catalog::json::Document(catalog)).unwrap();
    for part in [
        "\\u0007",
        "__ptype",
        "Class[C]",
        "\"path\": \"/tmp/a\"",
        "\"name\": \"q\"",
    ] {
        assert!(serde.contains(part), "{part} in {serde}");
    }
    assert_eq!(crate::catalog::json::to_json_text(catalog), serde);
}

/// Sensitive parameters as the reference's compiler ships them: a parameter's value
/// unwrapped and named in `sensitive_parameters`, one inside a collection as rich data
/// (`{"__ptype": "Sensitive", "__pvalue": ...}`), read back as a Sensitive value.
#[test]
fn sensitive_parameters_are_listed() {
    let mut s = crate::Session::new();
    s.eval(
        r#"
        $s = Sensitive('hunter2')
        notify { 'a': message => $s, withpath => false }
        file { '/x': content => $s, mode => '0600' }
        notify { 'b': message => [1, $s] }
        notify { 'c': message => Sensitive(undef) }
        d2 { 'e': x => Sensitive(undef) }
        define d2($x) { }
        "#,
    )
    .unwrap();
    let catalog = &s.evaluator.compilation.catalog;
    let serde = serde_json::to_string_pretty(&crate::catalog::json::Document(catalog)).unwrap();
    assert_eq!(crate::catalog::json::to_json_text(catalog), serde);
    let doc = crate::catalog::json::to_json(catalog);
    let resource = |title: &str| {
        doc["resources"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["title"] == title)
            .unwrap()
            .clone()
    };
    let a = resource("a");
    assert_eq!(a["parameters"]["message"], "hunter2");
    assert_eq!(a["sensitive_parameters"], serde_json::json!(["message"]));
    assert_eq!(
        resource("/x")["sensitive_parameters"],
        serde_json::json!(["content"])
    );
    let b = resource("b");
    assert!(b.get("sensitive_parameters").is_none());
    assert_eq!(
        b["parameters"]["message"],
        serde_json::json!([1, {"__ptype": "Sensitive", "__pvalue": "hunter2"}])
    );
    let read = crate::catalog::json::from_data(&b["parameters"]["message"]);
    assert_eq!(
        crate::format::to_programmatic(&read),
        "[1, #<Sensitive [value redacted]>]"
    );
    // A sensitive undef is unwrapped to undef, which the catalog does not hold (the
    // reference's answer); the name is listed as sensitive still.
    for title in ["c", "e"] {
        let r = resource(title);
        assert!(r.get("parameters").is_none(), "{r}");
        assert_eq!(r["sensitive_parameters"].as_array().map(Vec::len), Some(1));
    }
}

/// `prepl diff`'s view of a compiled catalog, made from the catalog, is the one it reads
/// from the catalog's JSON form (resources, tags, locations, parameters with relationship
/// metaparameters apart, built-in types' namevars, containment edges).
#[test]
fn diff_views_made_from_catalogs_are_those_of_their_json() {
    let mut s = crate::Session::new();
    s.eval(
        r#"
        define d($x = undef) { notify { "d ${title}": message => $x } }
        class c { file { '/tmp/a/': ensure => directory, mode => '0644', require => Package['p'] } }
        include c
        notify { "n":
          message => { 'a' => [1, -2, 3.5, true, undef, default, /re/], 'n' => { 'deep' => [] } },
          before => [[File['/tmp/a/']], Notify[x]],
          tag => ['t1'],
        }
        notify { x: message => {}, subscribe => Exec['e'] }
        d { 'one': x => [Class[c], Notify[x], Integer[1, 2], Sensitive('s')] }
        package { 'p': name => 'q', ensure => '1.0' }
        exec { 'e': command => 'e', returns => 1 }
        @notify { 'virtual': }
        Notify <| title == 'x' |>
        "#,
    )
    .unwrap();
    let catalog = &s.evaluator.compilation.catalog;
    use crate::catalog::diff::View;
    let direct = View::from_catalog(catalog);
    let read = View::from_json(&crate::catalog::json::to_json(catalog)).unwrap();
    assert_eq!(direct.name, read.name);
    assert_eq!(direct.resources, read.resources);
    assert_eq!(direct.edges, read.edges);
    assert!(direct.resources.len() > 8 && !direct.edges.is_empty());
    assert!(direct
        .resources
        .iter()
        .any(|(k, r)| k.type_name == "Notify" && !r.relationships.is_empty()));
}
