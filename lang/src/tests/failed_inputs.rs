//! An input that fails leaves the session as it was before it (issue 37 §2): its
//! variables, definitions, what the autoloader loaded, the catalog, facts and settings. And
//! module files changed on disk are loaded again by the inputs after.
//!
//! - `failed_inputs_change_nothing`: a property over random sequences of inputs (seeded),
//!   some of which fail in different ways: the session after a failed input equals the
//!   session before it, and at the end equals a session that ran only the inputs that
//!   succeeded.
//! - The scenarios of the issue, on small fixture modules written to a temporary directory:
//!   a class whose parameter types do not accept its defaults (ntp under the spec's
//!   reading of `Integer[1]`), a define that fails (apache::vhost), files fixed on disk.

use crate::env::Environment;
use crate::format::to_programmatic;
use crate::types::create::SingleBound;
use crate::Session;
use std::path::{Path, PathBuf};

/// A temporary directory of this process for `name`, empty.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("prepl-failed-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

use crate::tests::write_file as write;

/// Rewrites a file so that its new text is seen as a change (its length differs, or its
/// modification time: set a second later than it was).
fn rewrite(root: &Path, file: &str, text: &str) {
    let path = root.join(file);
    let before = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
    std::fs::write(&path, text).unwrap();
    if let Some(before) = before {
        let later = before + std::time::Duration::from_secs(1);
        let f = std::fs::File::options().write(true).open(&path).unwrap();
        f.set_modified(later).unwrap();
    }
}

/// The fixture modules: `fx` (a class whose parameter type does not take its default under
/// the spec's reading of `Integer[1]`, as ntp's), a define with a typed parameter, a
/// function, a type alias, a class that fails after declaring resources and loading other
/// files, one that fails in the finishing steps, one that does not parse.
fn fixture_modules(root: &Path) {
    write(
        root,
        "fx/manifests/init.pp",
        "class fx(Integer[1] $maxclock = 6) {\n  include fx::inner\n  notify { \"fx ${maxclock}\": }\n}\n",
    );
    write(
        root,
        "fx/manifests/inner.pp",
        "class fx::inner { $greeting = fx::double(21) }\n",
    );
    write(
        root,
        "fx/manifests/site.pp",
        "define fx::site(Fx::Port $port = 80) {\n  notify { \"site ${title} ${port}\": }\n}\n",
    );
    write(
        root,
        "fx/types/port.pp",
        "type Fx::Port = Integer[1, 65535]\n",
    );
    write(
        root,
        "fx/functions/double.pp",
        "function fx::double(Integer $x) >> Integer { $x * 2 }\n",
    );
    write(
        root,
        "fx/manifests/broken.pp",
        "class fx::broken {\n  include fx::inner\n  notify { 'broken': }\n  fail('deliberate')\n}\n",
    );
    write(
        root,
        "fx/manifests/late.pp",
        "class fx::late {\n  notify { 'late': }\n  fx::site { 'late': port => 0 }\n}\n",
    );
    write(
        root,
        "fx/manifests/unparsed.pp",
        "class fx::unparsed {\n  notify { 'x':\n}\n",
    );
}

fn session_in(root: &Path) -> Session {
    let mut s = Session::new();
    s.set_environment(Environment {
        name: "production".into(),
        dir: None,
        modulepath: vec![root.to_path_buf()],
    });
    s.set_cycle_warnings(false);
    // (stdlib's `deprecation` without stdlib on the modulepath)
    s.set_module_functions_always(true);
    s
}

/// What a session holds, in a form to compare: every variable (facts too), the
/// definitions, the type aliases, the files loaded, the catalog and what compiling it keeps
/// for later, the settings.
fn snapshot(s: &Session) -> String {
    use std::fmt::Write;
    let ev = &s.evaluator;
    let mut out = String::new();
    let mut names: Vec<&str> = ev.globals.names().collect();
    names.sort();
    for name in names {
        let v = ev.globals.get(name).unwrap();
        writeln!(out, "${name} = {}", to_programmatic(v)).unwrap();
    }
    writeln!(out, "functions {:?}", s.function_names()).unwrap();
    for (name, t) in s.type_aliases() {
        writeln!(out, "type {name} = {t}").unwrap();
    }
    let c = &ev.compilation;
    let sorted = |keys: Vec<String>| {
        let mut keys = keys;
        keys.sort();
        keys
    };
    writeln!(
        out,
        "classes {:?}",
        sorted(c.classes.keys().map(|k| k.to_string()).collect())
    )
    .unwrap();
    writeln!(
        out,
        "defines {:?}",
        sorted(c.defines.keys().map(|k| k.to_string()).collect())
    )
    .unwrap();
    writeln!(
        out,
        "class scopes {:?}",
        sorted(c.class_scopes.keys().map(|k| k.to_string()).collect())
    )
    .unwrap();
    for (name, scope) in c.class_scopes.iter() {
        let vars = scope.vars.borrow();
        let mut vars: Vec<String> = vars
            .iter()
            .map(|(k, v)| format!("{k} = {}", to_programmatic(v)))
            .collect();
        vars.sort();
        writeln!(out, "scope {name}: {vars:?}").unwrap();
    }
    writeln!(
        out,
        "nodes {} pending {} {} collectors {} relations {} overrides {} defaults {} realize {}",
        c.nodes.len(),
        c.pending_classes.len(),
        c.pending_defines.len(),
        c.collectors.len(),
        c.relations.len(),
        c.overrides.len(),
        c.top_defaults.len(),
        c.to_realize.len()
    )
    .unwrap();
    writeln!(
        out,
        "loaded {:?} ({} trees)",
        sorted(
            ev.autoloaded
                .values()
                .map(|l| l.path.display().to_string())
                .collect()
        ),
        // (a file the process's alias memo defined has no tree: as if it had one, the
        // replay may define from the memo what the session parsed, or the other way round)
        ev.loaded_programs.len() + ev.autoloaded.values().filter(|l| l.from_memo).count()
    )
    .unwrap();
    writeln!(out, "catalog {}", s.catalog_json_text()).unwrap();
    writeln!(
        out,
        "settings {:?} {:?} {:?} {} {} {:?} {}",
        s.single_bound(),
        ev.strict,
        s.environment(),
        s.allow_exec(),
        s.module_functions_always(),
        s.hiera_config(),
        ev.warn_cycles
    )
    .unwrap();
    let mut shown: Vec<&String> = ev.deprecations_shown.iter().collect();
    shown.sort();
    writeln!(out, "deprecations {shown:?}").unwrap();
    out
}

/// The lines of two snapshots that differ.
fn diff(before: &str, after: &str) -> String {
    let a: Vec<&str> = before.lines().collect();
    let b: Vec<&str> = after.lines().collect();
    let mut out = String::new();
    for l in &a {
        if !b.contains(l) {
            out.push_str(&format!("- {l}\n"));
        }
    }
    for l in &b {
        if !a.contains(l) {
            out.push_str(&format!("+ {l}\n"));
        }
    }
    out
}

/// A small deterministic generator (splitmix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// One statement: definitions, assignments, declarations, uses of the fixture module, and
/// statements that fail in different ways (at once, in a class body, in the finishing
/// steps, in a module file).
fn statement(rng: &mut Rng) -> String {
    let k = rng.below(4);
    let n = rng.below(6);
    match rng.below(31) {
        0 | 1 => format!(
            "$v{k} = {}",
            rng.pick(&["1", "'a'", "[1, 2]", "{ a => 1 }", "$v0"])
        ),
        2 => format!("$v{k} = $v{k}"),
        3 => format!("class c{k} {{ $inner = {n} notify {{ 'c{k} {n}': }} }}"),
        4 => format!("include c{k}"),
        5 => format!("define d{k}($x = {n}) {{ notify {{ \"d{k} ${{title}} ${{x}}\": }} }}"),
        6 => format!("d{k} {{ 't{n}': }}"),
        7 => format!("function f{k}($x) {{ $x + {n} }}"),
        8 => format!("$r{k} = f{k}({n})"),
        9 => format!("type T{k} = Integer[0, {n}]"),
        10 => format!("$m{k} = {n} =~ T{k}"),
        11 => format!("notify {{ 'n{n}': }}"),
        12 => format!("@notify {{ 'virtual{n}': }}"),
        13 => format!("Notify <| title == 'virtual{n}' |>"),
        14 => format!("Notify['n{n}'] -> Notify['n{k}']"),
        15 => format!("Notify['n{n}'] {{ message => 'overridden' }}"),
        16 => format!("Notify {{ message => 'default {n}' }}"),
        17 => rng
            .pick(&["include fx", "class { 'fx': maxclock => 1 }"])
            .into(),
        18 => rng
            .pick(&[
                "include fx::broken",
                "include fx::late",
                "include fx::unparsed",
            ])
            .into(),
        19 => format!(
            "fx::site {{ 's{n}': port => {} }}",
            rng.pick(&["80", "0", "'x'"])
        ),
        20 => format!("$d{k} = fx::double({})", rng.pick(&["2", "'x'"])),
        21 => format!("$p{k} = {n} =~ Fx::Port"),
        22 => rng
            .pick(&["fail('failed')", "1 + 'a'", "$nosuch", "nosuch_function()"])
            .into(),
        23 => rng
            .pick(&[
                "include nosuch",
                "nosuch { 'x': }",
                "realize(Notify['nothing'])",
            ])
            .into(),
        24 => format!("notify {{ 'n{n}': nosuch => 1 }}"),
        25 => format!("$v{k} = 1 $v{k} = 2"),
        26 => format!("class c{k} {{ fail('in c{k}') }}"),
        27 => rng
            .pick(&[
                "type Later = Array[Sooner]",
                "type Sooner = Integer",
                "type Sooner = String",
            ])
            .into(),
        28 => format!("$t{k} = inline_epp('<%= $v{k} %>')"),
        29 => "$l = [1] =~ Later".into(),
        _ => format!("deprecation('key{k}', 'deprecated {k}')"),
    }
}

/// An input: a few statements, or one that does not parse.
fn input(rng: &mut Rng) -> String {
    if rng.below(25) == 0 {
        return rng.pick(&["notify {", "$x = ", "class { 'a': ]"]).into();
    }
    let count = 1 + rng.below(3);
    (0..count)
        .map(|_| statement(rng))
        .collect::<Vec<_>>()
        .join("\n")
}

/// For random sequences of inputs: a failed input leaves the session exactly as it was, and
/// the session at the end is the one that only the inputs that succeeded make.
#[test]
fn failed_inputs_change_nothing() {
    let root = fresh_dir("property");
    fixture_modules(&root);
    let (mut failures_seen, mut successes) = (0, 0);
    for seed in 0..40u64 {
        let mut rng = Rng(seed);
        let reading = if seed % 2 == 0 {
            SingleBound::Exact
        } else {
            SingleBound::AtLeast
        };
        let mut s = session_in(&root);
        s.set_single_bound(reading);
        let mut succeeded: Vec<String> = Vec::new();
        for step in 0..30 {
            let text = input(&mut rng);
            let before = snapshot(&s);
            match s.eval_named("input", &text) {
                Ok(_) => {
                    successes += 1;
                    succeeded.push(text)
                }
                Err(e) => {
                    failures_seen += 1;
                    let after = snapshot(&s);
                    if before != after {
                        panic!(
                            "seed {seed}, step {step}: the failed input changed the session\n\
                             input: {text}\nerror: {}\n{}",
                            e.message,
                            diff(&before, &after)
                        );
                    }
                }
            }
        }
        // Only the inputs that succeeded, in a new session: the same session.
        let mut replay = session_in(&root);
        replay.set_single_bound(reading);
        for text in &succeeded {
            if let Err(e) = replay.eval_named("input", text) {
                panic!("seed {seed}: replayed input failed: {text}\n{}", e.message);
            }
        }
        let (got, want) = (snapshot(&s), snapshot(&replay));
        assert!(
            got == want,
            "seed {seed}: the session differs from the one of the inputs that succeeded\n{}",
            diff(&want, &got)
        );
    }
    assert!(
        failures_seen > 200 && successes > 200,
        "{failures_seen} failures, {successes} successes"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

fn message(s: &mut Session, src: &str) -> String {
    match s.eval(src) {
        Ok(v) => format!("=> {}", to_programmatic(&v)),
        Err(e) => e.message,
    }
}

fn resources(s: &Session) -> Vec<String> {
    s.catalog()
        .resources()
        .skip(3)
        .map(|(_, r)| r.reference())
        .collect()
}

/// ntp under the spec's reading of `Integer[1]`: the class's types do not take its
/// defaults. Each later `include` or resource-like declaration fails the same way (before,
/// the class was forgotten: "Could not find class"), and once the types read as the
/// reference reads them, it is declared.
#[test]
fn a_class_that_failed_is_found_again() {
    let root = fresh_dir("class");
    fixture_modules(&root);
    let mut s = session_in(&root);
    s.set_single_bound(SingleBound::Exact);
    let mismatch = "parameter 'maxclock' expects an Integer[1, 1] value, got Integer[6, 6]";
    for src in ["include fx", "include fx", "class { 'fx': }", "include fx"] {
        let got = message(&mut s, src);
        assert!(got.contains(mismatch), "{src}: {got}");
    }
    assert_eq!(
        message(&mut s, "class { 'fx': maxclock => 1 }"),
        "=> [Class['Fx']]"
    );
    assert_eq!(
        resources(&s),
        ["Class[Fx]", "Class[Fx::Inner]", "Notify[fx 1]"]
    );
    assert_eq!(message(&mut s, "$fx::inner::greeting"), "=> 42");

    let mut s = session_in(&root);
    s.set_single_bound(SingleBound::Exact);
    assert!(message(&mut s, "include fx").contains(mismatch));
    s.set_single_bound(SingleBound::AtLeast);
    assert_eq!(message(&mut s, "include fx"), "=> [Class[fx]]");
    assert_eq!(
        resources(&s),
        ["Class[Fx]", "Class[Fx::Inner]", "Notify[fx 6]"]
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// A define whose instance failed (apache::vhost with a bad parameter) stays a known
/// resource type: the next declaration fails for its own reason or succeeds.
#[test]
fn a_define_that_failed_stays_a_resource_type() {
    let root = fresh_dir("define");
    fixture_modules(&root);
    let mut s = session_in(&root);
    let bad = "fx::site { 'a': port => 0 }";
    let first = message(&mut s, bad);
    assert!(
        first.contains("parameter 'port' expects"),
        "the define's own error: {first}"
    );
    // (the same error, located in the input that declared the instance)
    assert_eq!(message(&mut s, bad), first.replace("In[1]", "In[2]"));
    assert_eq!(
        message(&mut s, "fx::site { 'a': port => 8080 }"),
        "=> [Fx::Site['a']]"
    );
    assert_eq!(resources(&s), ["Fx::Site[a]", "Notify[site a 8080]"]);
    // A failure in the finishing steps (the define instance of a class) undoes the class.
    let late = message(&mut s, "include fx::late");
    assert!(late.contains("parameter 'port' expects"), "{late}");
    assert_eq!(message(&mut s, "include fx::late"), late);
    assert_eq!(resources(&s), ["Fx::Site[a]", "Notify[site a 8080]"]);
    std::fs::remove_dir_all(&root).unwrap();
}

/// What a failed input assigned and defined is gone with it; what it read stays as it was.
#[test]
fn a_failed_input_defines_and_assigns_nothing() {
    let mut s = Session::new();
    s.eval("$kept = 1 type T = Integer function f() { 'f' } class k { }")
        .unwrap();
    let e = message(
        &mut s,
        "$kept2 = 2 type T = String type U = Integer function f() { 'g' } function g() { 1 }
         class k { notify { 'k': } } define d { } notify { 'a': } fail('no')",
    );
    assert_eq!(e, "Error while evaluating a Function Call, no");
    assert_eq!(message(&mut s, "$kept2"), "Unknown variable: 'kept2'.");
    assert_eq!(
        message(&mut s, "[$kept, 'a' =~ T, f()]"),
        "=> [1, false, 'f']"
    );
    assert_eq!(message(&mut s, "g()"), "Unknown function: 'g'.");
    assert!(message(&mut s, "1 =~ U").contains("Resource type not found: U"));
    assert_eq!(message(&mut s, "include k"), "=> [Class[k]]");
    assert_eq!(resources(&s), ["Class[K]"], "the class as it was");
    assert!(message(&mut s, "d { 'x': }").contains("Unknown resource type"));
    // An alias waiting for a type defined later: a failed input that defined it leaves it
    // waiting.
    s.eval("type Later = Array[Sooner]").unwrap();
    assert!(message(&mut s, "type Sooner = Integer fail('no')").ends_with("no"));
    s.eval("type Sooner = String").unwrap();
    assert_eq!(
        message(&mut s, "[['a'] =~ Later, [1] =~ Later]"),
        "=> [true, false]"
    );
}

/// A template that changes an array a class scope holds (as apache's `_scriptalias.erb`
/// appends to `@scriptaliases`) changes it in that scope: the failed input's change is undone.
#[test]
fn a_template_changing_a_class_variable_in_a_failed_input_is_undone() {
    let mut s = Session::new();
    s.eval("class a { $list = [1] } include a").unwrap();
    let e = message(
        &mut s,
        "class b inherits a { $t = inline_template('<% @list << 2 %>') notice($a::list) }
         include b fail('no')",
    );
    assert_eq!(e, "Error while evaluating a Function Call, no");
    let logs = s.take_logs();
    assert!(
        logs.iter().any(|(_, l)| l == "[1, 2]"),
        "the template changed it: {logs:?}"
    );
    assert_eq!(message(&mut s, "$a::list"), "=> [1]");
}

/// Module files fixed on disk after a failure are read again; files changed after they were
/// loaded are loaded again by the next input that uses what they define.
#[test]
fn module_files_changed_on_disk_are_loaded_again() {
    let root = fresh_dir("reload");
    fixture_modules(&root);
    let mut s = session_in(&root);
    let e = message(&mut s, "include fx::unparsed");
    assert!(e.contains("Syntax error"), "{e}");
    rewrite(
        &root,
        "fx/manifests/unparsed.pp",
        "class fx::unparsed { notify { 'parsed': } }\n",
    );
    assert_eq!(
        message(&mut s, "include fx::unparsed"),
        "=> [Class[fx::unparsed]]"
    );
    assert_eq!(resources(&s), ["Class[Fx::Unparsed]", "Notify[parsed]"]);

    let e = message(&mut s, "include fx::broken");
    assert!(e.contains("deliberate"), "{e}");
    rewrite(
        &root,
        "fx/manifests/broken.pp",
        "class fx::broken { notify { 'fixed': } }\n",
    );
    assert_eq!(
        message(&mut s, "include fx::broken"),
        "=> [Class[fx::broken]]"
    );
    assert!(resources(&s).contains(&"Notify[fixed]".to_string()));

    // Loaded and used, then changed: the next declarations and calls use the new text.
    assert_eq!(
        message(&mut s, "fx::site { 'one': }"),
        "=> [Fx::Site['one']]"
    );
    assert_eq!(message(&mut s, "fx::double(2)"), "=> 4");
    rewrite(
        &root,
        "fx/manifests/site.pp",
        "define fx::site(Fx::Port $port = 80) {\n  notify { \"new ${title} ${port}\": }\n}\n",
    );
    rewrite(
        &root,
        "fx/functions/double.pp",
        "function fx::double(Integer $x) >> Integer { $x * 3 }\n",
    );
    rewrite(
        &root,
        "fx/types/port.pp",
        "type Fx::Port = Integer[1, 10]\n",
    );
    assert_eq!(message(&mut s, "fx::double(2)"), "=> 6");
    assert_eq!(
        message(&mut s, "[10, 11].map |$p| { $p =~ Fx::Port }"),
        "=> [true, false]"
    );
    assert_eq!(
        message(&mut s, "fx::site { 'two': port => 5 }"),
        "=> [Fx::Site['two']]"
    );
    let all = resources(&s);
    assert!(
        all.contains(&"Notify[site one 80]".to_string())
            && all.contains(&"Notify[new two 5]".to_string()),
        "{all:?}"
    );
    // A file removed: what it defined is forgotten.
    std::fs::remove_file(root.join("fx/functions/double.pp")).unwrap();
    assert_eq!(
        message(&mut s, "fx::double(2)"),
        "Unknown function: 'fx::double'."
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// An alias whose target names another module alias follows that alias's file when it
/// changes: the alias loaded earlier is not left with the old target.
#[test]
fn an_alias_follows_an_edited_alias_it_names() {
    let root = fresh_dir("alias-chain");
    write(&root, "m/types/a.pp", "type M::A = Integer\n");
    write(&root, "m/types/b.pp", "type M::B = Array[M::A]\n");
    let mut s = session_in(&root);
    assert_eq!(message(&mut s, "[1] =~ M::B"), "=> true");
    rewrite(&root, "m/types/a.pp", "type M::A = String\n");
    assert_eq!(message(&mut s, "'x' =~ M::A"), "=> true");
    assert_eq!(
        message(&mut s, "[[1] =~ M::B, ['x'] =~ M::B]"),
        "=> [false, true]"
    );
    assert_eq!(message(&mut s, "M::B"), "=> M::B = Array[M::A = String]");
    // a fresh session of the same process (the aliases kept for the process)
    let mut fresh = session_in(&root);
    assert_eq!(
        message(&mut fresh, "[[1] =~ M::B, ['x'] =~ M::B]"),
        "=> [false, true]"
    );
    rewrite(&root, "m/types/a.pp", "type M::A = Boolean\n");
    let mut fresh = session_in(&root);
    assert_eq!(
        message(&mut fresh, "[['x'] =~ M::B, [true] =~ M::B]"),
        "=> [false, true]"
    );
}

/// A regexp literal Ruby cannot compile fails its whole file where the lexer meets it, in
/// code never run too, as the reference's lexer does: `include` wraps the error as a call's.
#[test]
fn a_regexp_ruby_refuses_fails_its_file() {
    let root = fresh_dir("regexp");
    write(
        &root,
        "rx/manifests/init.pp",
        "class rx {\n  if false { $x = /(/ }\n  notify { 'rx': }\n}\n",
    );
    let mut s = session_in(&root);
    let got = message(&mut s, "include rx");
    assert!(
        got.contains(
            "Error while evaluating a Function Call, end pattern with unmatched parenthesis: /(/"
        ),
        "{got}"
    );
    assert!(resources(&s).is_empty(), "{:?}", resources(&s));
    rewrite(
        &root,
        "rx/manifests/init.pp",
        "class rx {\n  if false { $x = /\\(/ }\n  notify { 'rx': }\n}\n",
    );
    assert_eq!(message(&mut s, "include rx"), "=> [Class[rx]]");
    assert_eq!(resources(&s), ["Class[Rx]", "Notify[rx]"]);
}
