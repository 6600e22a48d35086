//! A session's catalog across inputs: what the one-program corpus cannot check.

use crate::Session;

/// `Type[title]` of every resource the agent would get, after the three the catalog starts
/// with.
/// A xorshift from a fixed seed: `next(n)` is a number below `n` (the random sessions below
/// repeat run after run).
fn random_below(mut seed: u64) -> impl FnMut(usize) -> usize {
    move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    }
}

fn refs(s: &Session) -> Vec<String> {
    s.catalog()
        .resources()
        .skip(3)
        .map(|(_, r)| r.reference())
        .collect()
}

#[test]
fn the_catalog_grows_across_inputs() {
    let mut s = Session::new();
    s.eval("notify { a: }").unwrap();
    s.eval("class web { package { nginx: } }").unwrap();
    s.eval("include web").unwrap();
    assert_eq!(refs(&s), ["Notify[a]", "Class[Web]", "Package[nginx]"]);
    // Including it again declares nothing new.
    s.eval("include web").unwrap();
    assert_eq!(refs(&s).len(), 3);
}

#[test]
fn redeclaring_in_a_later_input_is_a_duplicate_and_the_session_goes_on() {
    let mut s = Session::new();
    s.eval("$x = 1 notify { a: }").unwrap();
    let e = s.eval("notify { a: }").unwrap_err();
    assert!(
        e.message.contains(
            "Duplicate declaration: Notify[a] is already declared at (file: In[1], line: 1); \
             cannot redeclare (file: In[2], line: 1)"
        ),
        "{}",
        e.message
    );
    assert_eq!(s.eval("$x").unwrap(), crate::Value::Integer(1));
    assert_eq!(refs(&s), ["Notify[a]"]);
}

/// Locations inside messages name the input a resource or definition was declared in, as
/// the reference names files: `(file: In[1], line: 2)`; `-e` and stdin only the line.
#[test]
fn locations_in_messages_name_the_input_that_declared_it() {
    let mut s = Session::new();
    s.eval("class c {\n  notify { n: }\n}").unwrap();
    s.eval("include c").unwrap();
    let e = s.eval("\nnotify { n: }").unwrap_err();
    assert!(
        e.message.ends_with(
            "Notify[n] is already declared at (file: In[1], line: 2); \
             cannot redeclare (file: In[3], line: 2)"
        ),
        "{}",
        e.message
    );
    let e = s.eval("file { '/tmp/x': bogus => 1 }").unwrap_err();
    assert_eq!(
        e.message,
        "no parameter named 'bogus' (file: In[4], line: 1) on File[/tmp/x] (file: In[4], line: 1)"
    );
    let e = s.eval("class c {}\nclass c {}").unwrap_err();
    assert_eq!(
        e.message,
        "Class 'c' is already defined (file: In[5], line: 1); cannot redefine (file: In[5], line: 2)"
    );
    let e = s.eval_named("-e", "notify { n: }").unwrap_err();
    assert!(
        e.message
            .ends_with("already declared at (file: In[1], line: 2); cannot redeclare (line: 1)"),
        "{}",
        e.message
    );
    let e = s.eval_named("-e", "notify { m: bogus => 1 }").unwrap_err();
    assert_eq!(
        e.message,
        "no parameter named 'bogus' (line: 1) on Notify[m] (line: 1)"
    );
}

#[test]
fn an_input_that_fails_leaves_the_catalog_as_it_was() {
    let mut s = Session::new();
    s.eval("notify { a: }").unwrap();
    let e = s
        .eval("notify { b: } notify { c: nosuch => 1 }")
        .unwrap_err();
    assert!(
        e.message.starts_with("no parameter named 'nosuch'"),
        "{}",
        e.message
    );
    assert_eq!(refs(&s), ["Notify[a]"]);
    // The class whose body failed is not half-declared: fixed, it can be included.
    s.eval("class k { fail('no') }").unwrap();
    assert!(s.eval("include k").is_err());
    s.eval("class k { notify { fixed: } }").unwrap();
    s.eval("include k").unwrap();
    assert_eq!(refs(&s), ["Notify[a]", "Class[K]", "Notify[fixed]"]);
}

#[test]
fn errors_in_a_class_point_into_the_input_that_defined_it() {
    let mut s = Session::new();
    s.eval("class broken {\n  $x = 1\n  $y = $x + 'a'\n}")
        .unwrap();
    let e = s.eval("include broken").unwrap_err();
    let source = e.source.as_ref().expect("a source");
    assert_eq!(source.name, "In[1]");
    assert_eq!(e.location(), Some((3, 8)));
}

#[test]
fn collectors_and_nodes_apply_to_what_later_inputs_declare() {
    let mut s = Session::new();
    s.set_node_name("web01.example.com");
    s.eval("User <| tag == 'admins' |>").unwrap();
    s.eval("@user { alice: tag => admins } @user { bob: }")
        .unwrap();
    assert_eq!(refs(&s), ["User[alice]"]);
    s.eval("node /^web/ { notify { \"node ${0}\": } }").unwrap();
    assert_eq!(
        refs(&s),
        [
            "User[alice]",
            "Node[__node_regexp__web]",
            "Notify[node web]"
        ]
    );
}

#[test]
fn class_variables_are_readable_afterwards() {
    let mut s = Session::new();
    s.eval("class app($port = 8080) { $url = \"http://localhost:${port}\" }")
        .unwrap();
    s.eval("class { app: port => 9000 }").unwrap();
    assert_eq!(
        s.eval("[$app::port, $app::url]").unwrap(),
        crate::Value::array(vec![
            crate::Value::Integer(9000),
            crate::Value::from("http://localhost:9000")
        ])
    );
}

#[test]
fn facts_are_variables_and_in_facts() {
    let mut s = Session::new();
    let facts = crate::catalog::json::from_data(&serde_json::json!({
        "os": {"family": "Debian"},
        "role": "db"
    }));
    s.set_facts(facts);
    assert_eq!(
        s.eval("[$facts['os']['family'], $role, $::role]").unwrap(),
        crate::Value::array(vec!["Debian".into(), "db".into(), "db".into()])
    );
    assert!(s
        .eval("$role = 'x'")
        .unwrap_err()
        .message
        .contains("Cannot reassign variable '$role'"));
}

/// A new fact set replaces the old one's top-scope variables (in one pass: they were removed
/// one at a time) and leaves the program's variables and the other facts' order alone.
#[test]
fn new_facts_replace_the_old_ones_variables() {
    let mut s = Session::new();
    let json = |v: serde_json::Value| crate::catalog::json::from_data(&v);
    s.set_facts(json(serde_json::json!({"a": 1, "gone": 2, "b": 3})));
    s.eval("$mine = 'kept'").unwrap();
    s.set_facts(json(serde_json::json!({"b": 30, "c": 40, "a": 10})));
    assert_eq!(
        s.eval("[$a, $b, $c, defined('$gone'), $mine]").unwrap(),
        json(serde_json::json!([10, 30, 40, false, "kept"]))
    );
    let names: Vec<&str> = s.evaluator.globals.names().collect();
    let first: Vec<&str> = names.iter().copied().take(3).collect();
    assert_eq!(first, ["b", "c", "a"], "{names:?}");
    assert!(!names.contains(&"gone"));
    assert!(s.eval("$gone = 1").is_ok());
}

#[test]
fn runaway_recursion_through_defines_is_an_error() {
    let mut s = Session::new();
    let e = s
        .eval("define loop($n) { loop { \"x${n}\": n => $n + 1 } } loop { start: n => 0 }")
        .unwrap_err();
    assert_eq!(
        e.message,
        "Somehow looped more than 1000 times while evaluating host catalog"
    );
}

#[test]
fn a_dependency_cycle_compiles_with_a_warning_naming_it_once() {
    let mut s = Session::new();
    s.eval("notify { a: } -> notify { b: } -> Notify[a]")
        .unwrap();
    let logs = s.take_logs();
    assert_eq!(logs.len(), 1, "{logs:?}");
    assert_eq!(logs[0].0, crate::LogLevel::Warning);
    assert!(
        logs[0]
            .1
            .starts_with("Found 1 dependency cycle:\n(Notify[a] => Notify[b] => Notify[a])"),
        "{}",
        logs[0].1
    );
    // Not repeated for inputs that do not change the cycles.
    s.eval("$x = 1").unwrap();
    assert!(s.take_logs().is_empty());
    s.set_cycle_warnings(false);
    s.eval("notify { c: } -> notify { d: } -> Notify[c]")
        .unwrap();
    assert!(s.take_logs().is_empty());
}

#[test]
fn a_collector_matching_nothing_in_a_chain_stands_for_the_left_operand() {
    let mut s = Session::new();
    s.eval("notify { a: } -> Package <| tag == 'none' |> -> notify { b: }")
        .unwrap();
    let json = s.catalog_json();
    let a = json["resources"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["title"] == "a")
        .unwrap()
        .clone();
    assert_eq!(a["parameters"]["before"], serde_json::json!(["Notify[b]"]));
}

#[test]
fn deferred_values_are_rich_data_in_the_catalog_and_back() {
    let mut s = Session::new();
    let d = s.eval("Deferred('foo', [1, 'a'])").unwrap();
    let j = crate::catalog::json::to_data(&d);
    assert_eq!(
        j,
        serde_json::json!({"__ptype": "Deferred", "name": "foo", "arguments": [1, "a"]})
    );
    let back = crate::catalog::json::from_data(&j);
    assert_eq!(back, d);
    let e = s.eval("Error('m', 'k')").unwrap();
    assert_eq!(
        crate::catalog::json::to_data(&e),
        serde_json::json!({"__ptype": "Error", "msg": "m", "kind": "k"})
    );
    // An unknown type, or attributes that do not fit, stay a hash.
    let odd = serde_json::json!({"__ptype": "Deferred", "name": 1});
    assert!(matches!(
        crate::catalog::json::from_data(&odd),
        crate::Value::Hash(_)
    ));
}

/// A missing relationship target is reported at the line of its attribute, as the reference
/// does (`puppet-oracle`: `(line: 3)`; a REPL input is named as a file is).
#[test]
fn missing_relationship_targets_name_the_attribute_line() {
    let mut s = crate::Session::new();
    let e = s
        .eval("notify { 'a':\n  message => 1,\n  before => [Notify['c'], Notify['b']],\n}\nnotify { 'c': }")
        .unwrap_err();
    assert_eq!(
        e.message,
        "Could not find resource 'Notify[b]' in parameter 'before' (file: In[1], line: 3)"
    );
}

/// Every kind of parameter value as JSON data, and the document's text (written straight
/// from the catalog) the same as its tree's.
#[test]
fn parameter_values_as_json_data_and_text() {
    let mut s = Session::new();
    s.eval(
        "class k {} include k
         notify { a: message => {
           i => 1, f => 1.5, u => undef, b => true, s => 'x', arr => [1, [2]],
           ih => {1 => 'one'}, d => default, r => /a+/, t => Integer, ref => Notify[a],
           cls => Class[k], sens => Sensitive('secret'), ts => Timespan(1),
           uri => URI('http://x/'), dfr => Deferred('f', [1]) } }",
    )
    .unwrap();
    let json = s.catalog_json();
    let a = json["resources"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["title"] == "a")
        .unwrap();
    // As the reference writes them (`puppet-oracle --catalog`); its rich forms of types,
    // Sensitive and Timespan values are left out (prepl writes strings, see deviations).
    let mut message = a["parameters"]["message"].clone();
    for k in ["t", "sens", "ts"] {
        message.as_object_mut().unwrap().shift_remove(k);
    }
    assert_eq!(
        message,
        serde_json::json!({
            "i": 1, "f": 1.5, "u": null, "b": true, "s": "x", "arr": [1, [2]],
            "ih": {"__ptype": "Hash", "__pvalue": [1, "one"]}, "d": {"__ptype": "Default"},
            "r": {"__ptype": "Regexp", "__pvalue": "a+"}, "ref": "Notify[a]", "cls": "Class[K]",
            "uri": {"__ptype": "URI", "__pvalue": "http://x/"},
            "dfr": {"__ptype": "Deferred", "name": "f", "arguments": [1]},
        })
    );
    assert_eq!(
        s.catalog_json_text(),
        serde_json::to_string_pretty(&json).unwrap()
    );
    let edges = json["edges"].as_array().unwrap();
    assert!(edges.contains(&serde_json::json!({"source": "Class[main]", "target": "Notify[a]"})));
}

/// A collector's `tag == ...` sees the tags of the declaring scopes and those `tag()` adds,
/// even after the declaration (`Catalog::has_tag`); the reference's answers (`puppet-oracle`).
#[test]
fn collector_tags_include_scope_and_late_tags() {
    for (src, expected) in [
        (
            "class c { tag('extra') @notify { a: } } include c Notify <| tag == 'extra' |>",
            &["Class[C]", "Notify[a]"][..],
        ),
        (
            "class p { tag('outer') include q } class q { @notify { n: } } include p Notify <| tag == 'outer' |>",
            &["Class[P]", "Class[Q]", "Notify[n]"],
        ),
        (
            "class c { @notify { a: } tag('late') } class d { @notify { b: } } include c include d Notify <| tag == 'LATE' or tag == 'nothing' |>",
            &["Class[C]", "Class[D]", "Notify[a]"],
        ),
    ] {
        let mut s = Session::new();
        s.eval(src).unwrap();
        let mut got = refs(&s);
        got.sort();
        assert_eq!(got, expected, "{src}");
    }
}

/// An override of a parameter already set is the reference's error where it would be one:
/// the reference names its Ruby object (`by #<Puppet::Resource::Type:0x...>`), so the
/// corpus cannot hold these; the message up to there is the reference's.
#[test]
fn overriding_a_parameter_already_set_is_refused_as_by_the_reference() {
    for (src, prefix) in [
        (
            "notify { 'x': message => ['a'] } Notify['x'] { message +> 'b' }",
            "Parameter 'message' is already set on Notify[x]",
        ),
        (
            "notify { 'x': message => 'a' } Notify['x'] { message => undef }",
            "Parameter 'message' is already set on Notify[x]",
        ),
        (
            "notify { 'x': } Notify['x'] { message => 'a' } Notify['x'] { message => 'b' }",
            "Parameter 'message' is already set on Notify[x]",
        ),
        (
            "Notify['x'] { message => 'a' } notify { 'x': message => 'own' }",
            "Parameter 'message' is already set on Notify[x]",
        ),
        (
            // a default of an enclosing scope is not the class's own
            "Notify { message => 'd' } class k { notify { 'x': } Notify['x'] { message => 'o' } } include k",
            "Parameter 'message' is already set on Notify[x]",
        ),
        (
            // set to undef is set
            "define d($x) {} d { 'a': x => undef } D['a'] { x => undef }",
            "Parameter 'x' is already set on D[a]",
        ),
    ] {
        let e = Session::new().eval(src).unwrap_err();
        assert!(e.message.starts_with(prefix), "{src}: {}", e.message);
    }
}

/// A negative number in a collector's query is compared with as it is: the reference fails
/// there with a Ruby class name (`Cannot transform object of class
/// Puppet::Pops::Model::UnaryMinusExpression`), which docs/deviations.md records.
#[test]
fn a_negative_number_in_a_collector_query_matches() {
    for (src, expected) in [
        (
            "@notify { 'b': message => -1 } @notify { 'c': message => 1 } Notify <| message == -1 |>",
            &["Notify[b]"][..],
        ),
        (
            "@notify { 'b': message => -1 } @notify { 'c': message => 1 } Notify <| message != -1 |>",
            &["Notify[c]"],
        ),
        (
            "@notify { 'b': message => -2.5 } Notify <| message == -2.5 |>",
            &["Notify[b]"],
        ),
    ] {
        let mut s = Session::new();
        s.eval(src).unwrap();
        assert_eq!(refs(&s), expected, "{src}");
    }
}

/// A class that `create_resources('class', ...)` declares has no file of its own, but the
/// resources of its body have the body's file, as the reference's (mysql::backup::mysqldump's
/// missing `require` target names its file; found by tests/module_sweep).
#[test]
fn a_class_declared_by_create_resources_keeps_its_files_in_its_body() {
    let root = std::env::temp_dir().join(format!("prepl-cr-file-{}", std::process::id()));
    let manifests = root.join("m/manifests");
    std::fs::create_dir_all(&manifests).unwrap();
    std::fs::write(
        manifests.join("init.pp"),
        "class m {\n  notify { 'n':\n    require => Class['nosuch'],\n  }\n}\n",
    )
    .unwrap();
    let mut s = Session::new();
    s.set_environment(crate::env::Environment {
        name: "production".into(),
        dir: None,
        modulepath: vec![root.clone()],
    });
    let e = s
        .eval("create_resources('class', { 'm' => {} })")
        .unwrap_err();
    let file = manifests.join("init.pp");
    assert_eq!(
        e.message,
        format!(
            "Could not find resource 'Class[Nosuch]' in parameter 'require' (file: {}, line: 3)",
            file.display()
        )
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// The caller of a class that inherits is its parent class: `$caller_module_name` is the
/// parent's module, as the reference's (collectd::config, which inherits collectd, passes
/// its `assert_private()` when included from anywhere; found by tests/module_sweep).
#[test]
fn the_caller_module_of_an_inheriting_class_is_its_parents() {
    let root = std::env::temp_dir().join(format!("prepl-caller-mod-{}", std::process::id()));
    for (file, text) in [
        (
            "pa/manifests/init.pp",
            "class pa { notice(\"pa ${caller_module_name}\") }\n",
        ),
        (
            "pa/manifests/sub.pp",
            "class pa::sub inherits pa { notice(\"sub ${module_name} ${caller_module_name}\") }\n",
        ),
        ("pb/manifests/init.pp", "class pb { include pa::sub }\n"),
    ] {
        let path = root.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    for (src, expected) in [
        ("include pa::sub", ["pa ", "sub pa pa"]),
        ("include pb", ["pa pb", "sub pa pa"]),
    ] {
        let mut s = Session::new();
        s.set_environment(crate::env::Environment {
            name: "production".into(),
            dir: None,
            modulepath: vec![root.clone()],
        });
        s.eval(src).unwrap();
        let logs: Vec<String> = s.take_logs().into_iter().map(|(_, m)| m).collect();
        assert_eq!(logs, expected, "{src}");
    }
    let _ = std::fs::remove_dir_all(&root);
}

/// An error in the body of a define instance that `create_resources` declared names the
/// file of the call (the instance has no file of its own), as the reference's
/// (swift::storage::loopback; found by tests/module_sweep).
#[test]
fn a_define_declared_by_create_resources_names_the_calls_file() {
    let root = std::env::temp_dir().join(format!("prepl-cr-define-{}", std::process::id()));
    let manifests = root.join("m/manifests");
    std::fs::create_dir_all(&manifests).unwrap();
    std::fs::write(
        manifests.join("d.pp"),
        "define m::d { $x = undef\n $y = $x['a'] }\n",
    )
    .unwrap();
    std::fs::write(
        manifests.join("init.pp"),
        "class m {\n\n  create_resources('m::d', { 'a' => {} })\n}\n",
    )
    .unwrap();
    let mut s = Session::new();
    s.set_environment(crate::env::Environment {
        name: "production".into(),
        dir: None,
        modulepath: vec![root.clone()],
    });
    let e = s.eval("include m").unwrap_err();
    assert!(
        e.message.ends_with(&format!(
            "(file: {}, line: 3)",
            manifests.join("init.pp").display()
        )),
        "{}",
        e.message
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// Found by the random catalog programs: the reference's message (less the Ruby object it
/// names, docs/deviations.md) has no location for a parameter that create_resources set, and
/// "at (line: N)" for one a declaration set.
#[test]
fn an_override_already_set_names_where_the_value_was_set() {
    let mut s = Session::new();
    let e = s
        .eval("create_resources('notify', {'a' => {message => 1}})\nNotify['a'] { message => 2 }")
        .unwrap_err();
    assert_eq!(
        e.message,
        "Parameter 'message' is already set on Notify[a]; cannot redefine"
    );
    let mut s = Session::new();
    let e = s
        .eval("notify { 'a': message => 1 }\nNotify['a'] { message => 2 }")
        .unwrap_err();
    assert_eq!(
        e.message,
        "Parameter 'message' is already set on Notify[a] at (file: In[1], line: 1); cannot redefine"
    );
}

#[test]
fn parameters_are_checked_in_the_resources_each_input_adds_or_changes() {
    let mut s = Session::new();
    s.eval("notify { a: } file { '/f': }").unwrap();
    // An old resource given an unknown parameter by a later override, a collector, or a
    // realized virtual resource: each is checked when it changes.
    for program in [
        "Notify[a] { nosuch => 1 }",
        "File <| |> { nosuch => 1 }",
        "@notify { v: nosuch => 1 } realize(Notify[v])",
    ] {
        let e = s.eval(program).unwrap_err();
        assert!(
            e.message.starts_with("no parameter named 'nosuch'"),
            "{program}: {}",
            e.message
        );
    }
    // After the failures, nothing of them stays to be checked again.
    s.eval("notify { b: }").unwrap();
    s.eval("Notify[a] { message => 'm' }").unwrap();
    assert_eq!(refs(&s), ["Notify[a]", "File[/f]", "Notify[b]"]);
}

/// Classes nested 3,000 deep (each including the next): each lists the tags of every class
/// around it, as the reference's do (its JSON is quadratic in the depth), but they are
/// shared, not copied (`tags::Frozen`): 10,000 levels took minutes, now about a second in
/// a debug build. A class takes its declaring scope's tags as they are when it is
/// evaluated: `tag()` after the `include` does not reach it; before it, it does.
#[test]
fn deeply_nested_classes_list_the_tags_of_the_classes_around_them() {
    const DEPTH: usize = 3_000;
    let mut src: String = (0..DEPTH)
        .map(|i| format!("class c{i} {{ include c{} }}\n", i + 1))
        .collect();
    src.push_str(&format!(
        "class c{DEPTH} {{ notify {{ x: }} }}\ninclude c0\n"
    ));
    let mut s = Session::new();
    s.eval(&src).unwrap();
    let c = s.catalog();
    let tags = |reference: &str| {
        let (id, _) = c
            .resources()
            .find(|(_, r)| r.reference() == reference)
            .unwrap();
        c.tags_of(id)
            .iter()
            .map(|t| t.to_string())
            .collect::<Vec<_>>()
    };
    let mut expected: Vec<String> = vec!["notify".into(), "x".into(), "class".into()];
    expected.extend((0..=DEPTH).rev().map(|i| format!("c{i}")));
    assert_eq!(tags("Notify[x]"), expected);
    assert_eq!(tags(&format!("Class[C{DEPTH}]")), expected[2..]);

    let mut s = Session::new();
    s.eval(
        "class p { tag('early') include q tag('late') } class q { tag('own') } \
         class r { include p } include r",
    )
    .unwrap();
    let c = s.catalog();
    let (q, _) = c
        .resources()
        .find(|(_, r)| r.reference() == "Class[Q]")
        .unwrap();
    let got: Vec<String> = c.tags_of(q).iter().map(|t| t.to_string()).collect();
    assert_eq!(got, ["class", "q", "p", "r", "early", "own"]);
}

/// A class declared before and then contained by a node or a define instance declared at
/// top scope gets that container's tags, and so does what it contains, as the reference's
/// finishing walk from `Class[main]` merges each container's tags into what it contains;
/// one contained by a class does not (classes are in their stage, which that walk does not
/// reach). (controlrepos differential area, seed 1)
#[test]
fn contained_again_from_a_node_or_define_instance_takes_its_tags() {
    let tags_in = |src: &str, reference: &str| {
        let mut s = Session::new();
        s.eval(src).unwrap();
        let c = s.catalog();
        let (id, _) = c
            .resources()
            .find(|(_, r)| r.reference() == reference)
            .unwrap();
        let mut tags: Vec<String> = c.tags_of(id).iter().map(|t| t.to_string()).collect();
        tags.sort();
        tags
    };
    let a = "class a { notify { 'x': } } ";
    assert_eq!(
        tags_in(
            &format!("{a} include a node default {{ contain a }}"),
            "Notify[x]"
        ),
        ["a", "class", "default", "node", "notify", "x"]
    );
    assert_eq!(
        tags_in(
            &format!("{a} define d() {{ contain a }} include a d {{ 'i': }}"),
            "Class[A]"
        ),
        ["a", "class", "d", "i"]
    );
    assert_eq!(
        tags_in(
            &format!("{a} class b {{ contain a }} include a include b"),
            "Notify[x]"
        ),
        ["a", "class", "notify", "x"]
    );
    // (through a class the node contains so: its tags and the node's)
    assert_eq!(
        tags_in(
            &format!(
                "{a} class r {{ contain a }} include a include r node default {{ contain r }}"
            ),
            "Notify[x]"
        ),
        ["a", "class", "default", "node", "notify", "r", "x"]
    );
}

/// The relationships collected after each input from the resources it changed, and the
/// cycles searched for only when the graph changed, are those a check of the whole catalog
/// finds: random sessions of resources with relationship metaparameters, arrows,
/// overrides, define instances, virtual resources realized, classes contained, cycles and
/// failing inputs (which go back to the catalog from before them).
#[test]
fn relationships_and_cycles_kept_up_to_date_are_those_of_the_whole_catalog() {
    let mut next = random_below(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0;
    let extended_before = super::finish::ORDERS_EXTENDED.with(|n| n.get());
    for _session in 0..12 {
        let mut s = Session::new();
        s.eval(
            "define d($t) { notify { \"in-${title}\": require => Notify[$t] } } \
             class k($t) { notify { \"k-${t}\": before => Notify[$t] } }",
        )
        .unwrap();
        let mut count = 0;
        for _input in 0..40 {
            let k = count;
            let j = next(count.max(1));
            let l = next(count.max(1));
            let src = match next(10) {
                0 => format!("notify {{ 'n{k}': before => Notify['n{j}'] }}"),
                1 => format!("notify {{ 'n{k}': require => [Notify['n{j}'], Notify['n{l}']] }}"),
                2 => format!("notify {{ 'n{k}': }} Notify['n{j}'] -> Notify['n{l}']"),
                3 => format!("notify {{ 'n{k}': }} Notify['n{j}'] {{ notify => Notify['n{k}'] }}"),
                4 => format!("notify {{ 'n{k}': }} d {{ 'd{k}': t => 'n{j}' }}"),
                5 => format!("@notify {{ 'n{k}': subscribe => Notify['n{j}'] }}"),
                6 => format!("notify {{ 'n{k}': }} realize(Notify['n{j}'])"),
                7 => format!("notify {{ 'n{k}': }} class {{ 'k{k}': t => 'n{j}' }} contain k{k}"),
                8 => format!("notify {{ 'n{k}': }} fail('no')"),
                _ => format!("notify {{ 'n{k}': before => Notify['missing{j}'] }}"),
            };
            if s.eval(&src).is_ok() {
                count += 1;
            }
            let ev = &s.evaluator;
            let full = ev.all_relationships().unwrap();
            assert_eq!(ev.compilation.catalog.relationships(), &full[..], "{src}");
            let c = &ev.compilation.catalog;
            let cycles = crate::catalog::render::find_cycles(c);
            if !c.relationships().is_empty() {
                assert_eq!(
                    crate::catalog::render::cycle_warning(c, &cycles),
                    ev.compilation.cycles_reported,
                    "{src}"
                );
            }
            checked += usize::from(!cycles.is_empty());
        }
    }
    // (some of the sessions made cycles; before them, the order of the graph without
    // cycles was extended by the inputs, not searched again whole)
    assert!(checked > 0);
    let extended = super::finish::ORDERS_EXTENDED.with(|n| n.get()) - extended_before;
    assert!(extended > 20, "{extended}");
}

/// The order kept of a graph without cycles (`render::cycle_order`), extended by each input,
/// finds the cycles the whole search finds, in sessions that mostly add edges forward
/// (older to newer) with define instances, classes contained, virtual resources realized
/// later and failing inputs, and now and then one backward, which may close a cycle.
#[test]
fn an_acyclic_order_extended_by_each_input_finds_what_the_whole_search_finds() {
    let mut next = random_below(0x2545_f491_4f6c_dd1d);
    let (mut with_cycles, mut inputs) = (0, 0);
    let extended_before = super::finish::ORDERS_EXTENDED.with(|n| n.get());
    for _session in 0..24 {
        let mut s = Session::new();
        s.eval(
            "define d($t) { notify { \"in-${title}\": require => Notify[$t] } } \
             class k($t) { notify { \"k-${t}\": require => Notify[$t] } }",
        )
        .unwrap();
        let mut count = 0;
        for _input in 0..40 {
            let k = count;
            let j = next(count.max(1));
            let l = next(count.max(1));
            let (lo, hi) = (j.min(l), j.max(l));
            let src = match next(48) {
                0..=4 => format!("notify {{ 'n{k}': require => Notify['n{j}'] }}"),
                5..=7 if lo < hi => {
                    format!("notify {{ 'n{k}': }} Notify['n{lo}'] -> Notify['n{hi}']")
                }
                8..=9 => format!("notify {{ 'n{k}': }} d {{ 'd{k}': t => 'n{j}' }}"),
                10..=11 => format!("@notify {{ 'n{k}': require => Notify['n{j}'] }}"),
                12..=13 => format!("notify {{ 'n{k}': }} realize(Notify['n{j}'])"),
                14..=15 => {
                    format!("notify {{ 'n{k}': }} class {{ 'k{k}': t => 'n{j}' }} contain k{k}")
                }
                16 => format!("notify {{ 'n{k}': }} fail('no')"),
                17 => format!("notify {{ 'n{k}': }} Notify['n{hi}'] -> Notify['n{lo}']"),
                18 => format!("notify {{ 'n{k}': }} Class['k{j}'] -> Notify['n{k}']"),
                19 => format!("notify {{ 'n{k}': }} Notify['n{k}'] -> D['d{j}']"),
                _ => format!("notify {{ 'n{k}': }}"),
            };
            if s.eval(&src).is_ok() {
                count += 1;
            }
            inputs += 1;
            let ev = &s.evaluator;
            let c = &ev.compilation.catalog;
            let cycles = crate::catalog::render::find_cycles(c);
            if !c.relationships().is_empty() {
                assert_eq!(
                    crate::catalog::render::cycle_warning(c, &cycles),
                    ev.compilation.cycles_reported,
                    "{src}"
                );
            }
            with_cycles += usize::from(!cycles.is_empty());
        }
    }
    let extended = super::finish::ORDERS_EXTENDED.with(|n| n.get()) - extended_before;
    assert!(
        with_cycles > 0 && with_cycles < inputs / 2,
        "{with_cycles} of {inputs}"
    );
    assert!(extended > 60, "{extended} of {inputs}");
}

/// The metaparameters passed on after each input from what it changed alone are those a
/// walk of the whole catalog passes on: random sessions run side by side, one walking the
/// whole catalog, with define instances nested, overrides adding metaparameters to
/// containers declared before, virtual instances realized later, classes contained (two
/// containers), stages, aliases passed on and failing inputs.
#[test]
fn metaparameters_passed_on_from_the_changes_are_those_of_the_whole_walk() {
    let mut next = random_below(0x2545_f491_4f6c_dd1d);
    let params = [
        "",
        "noop => true",
        "noop => false",
        "tag => 'x'",
        "loglevel => 'info', tag => ['y', 'z']",
        "schedule => 'daily', noop => true",
        "audit => 'all'",
        "alias => 'a'",
    ];
    let whole = |s: &mut Session, src: &str| {
        super::propagate::WHOLE_CATALOG.with(|w| w.set(true));
        let r = s.eval(src);
        super::propagate::WHOLE_CATALOG.with(|w| w.set(false));
        r
    };
    let snapshot = |s: &Session| -> Vec<String> {
        s.catalog()
            .all_resources()
            .map(|(_, r)| {
                format!(
                    "{} {:?} {:?} {}",
                    r.reference(),
                    r.parameters,
                    r.undef_parameters,
                    r.is_virtual
                )
            })
            .collect()
    };
    let mut passed_on = 0;
    for _session in 0..12 {
        let (mut a, mut b) = (Session::new(), Session::new());
        let prelude = "define e { notify { \"ein-${title}\": } } \
             define d { notify { \"in-${title}\": } e { \"e-${title}\": } } \
             class k { notify { \"k-${title}\": } d { \"kd-${title}\": } }";
        a.eval(prelude).unwrap();
        b.eval(prelude).unwrap();
        let mut count = 0;
        for _input in 0..40 {
            let k = count;
            let j = next(count.max(1));
            let p = params[next(params.len())];
            let src = match next(12) {
                0 => format!("notify {{ 'n{k}': {p} }}"),
                1 | 2 => format!("d {{ 'd{k}': {p} }}"),
                3 => format!("notify {{ 'n{k}': }} D['d{j}'] {{ {p} }}"),
                4 => format!("notify {{ 'n{k}': }} E['e-d{j}'] {{ {p} }}"),
                5 => format!("@d {{ 'd{k}': {p} }}"),
                6 => format!("notify {{ 'n{k}': }} realize(D['d{j}'])"),
                7 => format!("class {{ 'k{k}': {p} }} contain k{k}"),
                8 => format!("stage {{ 's{k}': {p} }} class {{ 'k{k}': stage => 's{k}' }}"),
                9 => format!("e {{ 'x{k}': {p} }} fail('no')"),
                10 => format!("d {{ 'd{k}': }} D['d{k}'] {{ {p} }}"),
                _ => format!("Notify['in-d{j}'] {{ {p} }} d {{ 'd{k}': }}"),
            };
            let (ra, rb) = (a.eval(&src), whole(&mut b, &src));
            assert_eq!(
                ra.as_ref().map_err(|e| e.to_string()).is_ok(),
                rb.as_ref().map_err(|e| e.to_string()).is_ok(),
                "{src}"
            );
            if let (Err(x), Err(y)) = (&ra, &rb) {
                assert_eq!(x.to_string(), y.to_string(), "{src}");
            }
            if ra.is_ok() {
                count += 1;
            }
            assert_eq!(snapshot(&a), snapshot(&b), "{src}");
        }
        passed_on += a
            .catalog()
            .all_resources()
            .filter(|(_, r)| r.title.starts_with("ein-") && r.parameters.contains_key("noop"))
            .count();
    }
    // (some of the sessions passed metaparameters on two levels down)
    assert!(passed_on > 0);
}

/// Latency of a session's inputs as its catalog grows (300 `apache::vhost` inputs, the
/// packaged modules), passing metaparameters on from each input's changes and walking the
/// whole catalog side by side: run by hand, `--ignored --nocapture`, to see the first and last.
#[test]
#[ignore]
fn vhost_inputs_latency_as_the_catalog_grows() {
    let modules = std::path::PathBuf::from("/usr/share/puppet/modules");
    if !modules.join("apache/manifests").is_dir() {
        return;
    }
    // The same inputs side by side in a session passing metaparameters on from each
    // input's changes and one walking the whole catalog (under the same load).
    let session = || {
        let mut s = Session::new();
        s.set_agent_facts(true);
        s.set_facts(crate::env::facts::local());
        s.set_environment(crate::env::Environment {
            modulepath: vec![modules.clone()],
            ..crate::env::Environment::empty()
        });
        s.eval("include apache").unwrap();
        s
    };
    let mut sessions = [session(), session()];
    let mut times = [Vec::new(), Vec::new()];
    let mut cpu_times = [Vec::new(), Vec::new()];
    for i in 0..300 {
        let src = format!(
            "apache::vhost {{ 'v{i}.example.com': port => {}, docroot => '/var/www/v{i}' }}",
            8000 + i
        );
        for (n, s) in sessions.iter_mut().enumerate() {
            super::propagate::WHOLE_CATALOG.with(|w| w.set(n == 1));
            let started = std::time::Instant::now();
            let cpu = super::growth_tests::thread_cpu_ms();
            s.eval(&src).unwrap();
            times[n].push(started.elapsed().as_secs_f64() * 1000.0);
            cpu_times[n].push(super::growth_tests::thread_cpu_ms() - cpu);
        }
        super::propagate::WHOLE_CATALOG.with(|w| w.set(false));
    }
    let median = |v: &[f64]| {
        let mut v = v.to_vec();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    for (n, how) in ["from the changes", "whole catalog"].iter().enumerate() {
        eprintln!(
            "metaparameters passed on {how}: resources {}, median ms first 30: {:.1}, last 30: {:.1} \
             (CPU time of the thread: {:.1}, {:.1})",
            sessions[n].catalog().len(),
            median(&times[n][..30]),
            median(&times[n][270..]),
            median(&cpu_times[n][..30]),
            median(&cpu_times[n][270..])
        );
    }
}

/// What the dependency-cycle search costs in a growing session (300 `apache::vhost`
/// inputs, the packaged modules; each changes the relationships, so the search runs after
/// each): side by side, a session searching as it does (the order kept, extended by each
/// input: `render::cycle_order`) and one not searching, and the whole search alone on the
/// catalog after each input (what each input cost before). Run by hand, `--ignored
/// --nocapture` (docs/reliability.md, issue 39 item 3).
#[test]
#[ignore]
fn vhost_inputs_cycle_search_share() {
    let modules = std::path::PathBuf::from("/usr/share/puppet/modules");
    if !modules.join("apache/manifests").is_dir() {
        return;
    }
    let session = |cycles: bool| {
        let mut s = Session::new();
        s.set_agent_facts(true);
        s.set_facts(crate::env::facts::local());
        s.set_environment(crate::env::Environment {
            modulepath: vec![modules.clone()],
            ..crate::env::Environment::empty()
        });
        s.set_cycle_warnings(cycles);
        s.eval("include apache").unwrap();
        s
    };
    let mut sessions = [session(true), session(false)];
    let mut times = [Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new()];
    use crate::catalog::render::cycle_order::AcyclicOrder;
    let mut own: Option<AcyclicOrder> = None;
    let extended_before = super::finish::ORDERS_EXTENDED.with(|n| n.get());
    for i in 0..300 {
        let src = format!(
            "apache::vhost {{ 'v{i}.example.com': port => {}, docroot => '/var/www/v{i}' }}",
            8000 + i
        );
        // (in turn first, so neither gains from the other's caches)
        for n in [i % 2, 1 - i % 2] {
            let searched = super::finish::CYCLE_SEARCH_MS.with(|t| t.get());
            let started = std::time::Instant::now();
            sessions[n].eval(&src).unwrap();
            times[n].push(started.elapsed().as_secs_f64() * 1000.0);
            if n == 0 {
                let ms = super::finish::CYCLE_SEARCH_MS.with(|t| t.get()) - searched;
                times[4].push(ms);
            }
        }
        let started = std::time::Instant::now();
        let cycles = crate::catalog::render::find_cycles(sessions[0].catalog());
        times[2].push(started.elapsed().as_secs_f64() * 1000.0);
        assert!(cycles.is_empty());
        // (the order extended alone, on the session that does not search)
        let catalog = sessions[1].catalog();
        let started = std::time::Instant::now();
        match own.as_mut() {
            Some(order) => assert!(order.extend(catalog)),
            None => own = AcyclicOrder::of(catalog),
        }
        times[3].push(started.elapsed().as_secs_f64() * 1000.0);
    }
    let extended = super::finish::ORDERS_EXTENDED.with(|n| n.get()) - extended_before;
    let median = |v: &[f64]| {
        let mut v = v.to_vec();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    for (n, what) in [
        "input, order extended",
        "input, no search",
        "whole search alone",
        "order extended alone",
        "the search in the input, order extended",
    ]
    .iter()
    .enumerate()
    {
        eprintln!(
            "{what}: median ms first 30 {:.2}, last 30 {:.2}",
            median(&times[n][..30]),
            median(&times[n][270..])
        );
    }
    eprintln!(
        "resources {}, relationships {}, orders extended {extended} of 300",
        sessions[0].catalog().len(),
        sessions[0].catalog().relationships().len()
    );
}

/// A class's or define's name is the tree's text (nested ones under their class's);
/// defining one twice in an input names it so, as the reference does.
#[test]
fn definition_names_are_their_texts() {
    let mut s = Session::new();
    s.eval("class web::thing { class inner { } } define web::site { }")
        .unwrap();
    s.eval("include web::thing, web::thing::inner web::site { x: }")
        .unwrap();
    assert_eq!(
        refs(&s),
        [
            "Class[Web::Thing]",
            "Class[Web::Thing::Inner]",
            "Web::Site[x]"
        ]
    );
    let e = s.eval("class a::b { } class a::b { }").unwrap_err();
    assert!(
        e.message
            .starts_with("Class 'a::b' is already defined (file: In[3], line: 1); cannot redefine"),
        "{}",
        e.message
    );
    let e = s.eval("define c::d { } class c::d { }").unwrap_err();
    assert!(
        e.message.starts_with(
            "Definition 'c::d' is already defined (file: In[4], line: 1); cannot be redefined as a class"
        ),
        "{}",
        e.message
    );
}

/// A collector's override reaching a define instance whose body has already run is the
/// reference's error under `strict = error`, its warning under `warning` (the value is set
/// on the instance all the same, too late for its body) and nothing under `off`.
#[test]
fn overriding_an_evaluated_define_instance_follows_strict() {
    let src = "define d($m = 'x') { notify { \"n-${title}\": message => $m } }\n\
               d { 'a': }\n\
               D <| m == 'x' |> { m => 'y' }";
    let expected = "Attempt to override an already evaluated resource, defined at \
                    (file: In[1], line: 2), with new values (file: In[1], line: 3)";
    let mut s = Session::new();
    assert_eq!(s.eval(src).unwrap_err().message, expected);
    for (strict, warned) in [
        (crate::Strictness::Warning, true),
        (crate::Strictness::Off, false),
    ] {
        let mut s = Session::new();
        s.set_strict(strict);
        s.eval(src).unwrap();
        let logs = s.take_logs();
        assert_eq!(
            logs.iter().any(|(_, l)| l == expected),
            warned,
            "{strict:?}: {logs:?}"
        );
        let d = s.catalog().find("D", "a").unwrap();
        assert_eq!(
            s.catalog().get(d).parameters.get("m"),
            Some(&crate::Value::string("y"))
        );
        let n = s.catalog().find("Notify", "n-a").unwrap();
        assert_eq!(
            s.catalog().get(n).parameters.get("message"),
            Some(&crate::Value::string("x"))
        );
    }
}

/// A `Deferred` given to a class parameter is checked by its function's declared return
/// type: none declared is a warning, given once per function in a session (the reference's
/// `warn_once`), a later input's class of the same function warns no more.
#[test]
fn a_deferred_parameter_warns_once_per_function() {
    let mut s = Session::new();
    let warning = "Deferred function join has no return_type, unable to guarantee value type during compilation.";
    s.eval("class a(Integer $p = Deferred('join', [['x']])) { } include a")
        .unwrap();
    let logs: Vec<String> = s.take_logs().into_iter().map(|(_, m)| m).collect();
    assert_eq!(logs.len(), 1, "{logs:?}");
    assert!(logs[0].starts_with(warning), "{logs:?}");
    s.eval("class b(String $p = Deferred('join', [['y']])) { } include b")
        .unwrap();
    assert!(s.take_logs().is_empty());
    // (a declared return type the parameter's type refuses)
    let e = s
        .eval(
            "function f() >> String { 'a' } class c(Integer $p = Deferred('f', [])) { } include c",
        )
        .unwrap_err();
    assert!(
        e.message
            .ends_with("Class[C]: parameter 'p' expects an Integer value, got String"),
        "{}",
        e.message
    );
}
