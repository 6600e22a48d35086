//! What each fuzz target does with one input. Shared by the libFuzzer targets
//! (`fuzz_targets/`) and by the replay of the seeds and past crashes in the normal test
//! suite (`tests/fuzz.rs`, which includes this file), so a crash found here stays fixed.
//!
//! Every evaluation runs under the session's limits: the memory limit (set once, below the
//! fuzzer's RSS limit) and a watchdog that sets the interrupt flag after [`BUDGET`]. An
//! input that is neither answered nor interrupted in time is a finding (libFuzzer's
//! `-timeout`), as is any panic, abort or stack overflow.

use prepl::{Session, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Once};
use std::time::{Duration, Instant};

/// How long one evaluation may run before it is interrupted.
pub const BUDGET: Duration = Duration::from_millis(300);

/// The memory limit of the fuzzed process's evaluations.
const MEMORY_LIMIT: usize = 1 << 30;

fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// A fresh session (no state carried from one input to the next).
fn session() -> Session {
    static LIMIT: Once = Once::new();
    LIMIT.call_once(|| prepl::limits::set_memory_limit(MEMORY_LIMIT));
    Session::new()
}

/// Runs `f`, interrupting the session's work when it takes longer than [`BUDGET`].
fn budgeted<R>(session: &mut Session, f: impl FnOnce(&mut Session) -> R) -> R {
    let flag = session.interrupt_handle();
    let done = Arc::new(AtomicBool::new(false));
    std::thread::scope(|scope| {
        let watchdog_done = done.clone();
        scope.spawn(move || {
            let start = Instant::now();
            while !watchdog_done.load(Ordering::Relaxed) {
                if start.elapsed() > BUDGET {
                    flag.store(true, Ordering::Relaxed);
                    return;
                }
                std::thread::sleep(Duration::from_millis(2));
            }
        });
        let _scope = session.interruptible();
        let r = f(session);
        done.store(true, Ordering::Relaxed);
        r
    })
}

/// Evaluates `program` and prints its value as the REPL does.
fn run(session: &mut Session, program: &str) {
    budgeted(session, |s| {
        if let Ok(v) = s.eval(program) {
            let _ = prepl::format::try_programmatic(&v);
        }
    });
}

/// The lexer, the parser and validation; the REPL's completeness check.
pub fn parse(data: &[u8]) {
    if let Some(src) = text(data) {
        let _ = prepl::syntax::parse(src);
        let _ = prepl::syntax::completeness(src);
    }
}

/// A whole program through a fresh session, its value printed.
pub fn eval(data: &[u8]) {
    if let Some(src) = text(data) {
        run(&mut session(), src);
    }
}

/// An EPP template, rendered with a few parameters.
pub fn epp(data: &[u8]) {
    if let Some(src) = text(data) {
        let mut s = session();
        s.set_variable("t", Value::String(src.into()));
        run(
            &mut s,
            "inline_epp($t, {'x' => 1, 'y' => [1, 'two'], 'z' => {'k' => undef}})",
        );
    }
}

/// Values of each kind the format engine knows, as Puppet source.
const FORMATTED: &[&str] = &[
    "undef",
    "true",
    "-12345",
    "3.25e-7",
    "'text \"with\" \\'quotes\\'\\t'",
    "[1, 'b', [undef, {'k' => 2.5}]]",
    "{'a' => 1, 'b' => [true, default]}",
    "Integer[1, 2]",
    "/re(ge)x/",
    "Binary('aGVsbG8=')",
    "Timespan(3723.25)",
    "Timestamp('2024-02-29T12:34:56.789Z')",
    "SemVer('1.2.3-rc.1')",
    "Sensitive('secret')",
];

/// The first line is a format: `String(v, format)` of every kind of value, the format in
/// a type map, and `sprintf` with arguments of each kind.
pub fn format(data: &[u8]) {
    let Some(src) = text(data) else { return };
    let format = src.lines().next().unwrap_or("");
    let mut s = session();
    s.set_variable("f", Value::String(format.into()));
    for v in FORMATTED {
        run(&mut s, &format!("String({v}, $f)"));
    }
    run(
        &mut s,
        "String([1, {'a' => 2.5}], {Integer => $f, Array => $f, Hash => $f, Float => $f})",
    );
    run(&mut s, &format!("sprintf($f, {})", FORMATTED.join(", ")));
    run(&mut s, "sprintf($f, 'x', 12, 3.5)");
}

/// A type from a string (`Type.new`), then instance checks, assignability and
/// inference with it.
pub fn types(data: &[u8]) {
    let Some(src) = text(data) else { return };
    let mut s = session();
    s.set_variable("s", Value::String(src.into()));
    run(
        &mut s,
        "$t = Type.new($s)\n[$t, 1 =~ $t, 'a' =~ $t, [1, 'b'] =~ $t, {'k' => 2.5} =~ $t, \
         undef =~ $t, $t < Any, Integer < $t, $t == $t, type($t), String($t)]",
    );
}

/// The first line as a SemVer, a SemVer range, a Timespan and a Timestamp; the second
/// line as their format (parsing and `strftime`).
pub fn versions_time(data: &[u8]) {
    let Some(src) = text(data) else { return };
    let mut lines = src.splitn(2, '\n');
    let value = lines.next().unwrap_or("");
    let format = lines.next().unwrap_or("%Y");
    let mut s = session();
    s.set_variable("s", Value::String(value.into()));
    s.set_variable("f", Value::String(format.into()));
    for program in [
        "SemVer($s)",
        "SemVerRange($s)",
        "SemVer('1.2.3') =~ SemVerRange($s)",
        "Timespan($s)",
        "Timestamp($s)",
        "Timespan($s, $f)",
        "Timestamp($s, $f)",
        "Timestamp($s, $f, 'Europe/Oslo')",
        "strftime(Timestamp('2024-02-29T12:34:56.789Z'), $f)",
        "strftime(Timestamp('2024-02-29T12:34:56.789Z'), $f, $s)",
        "strftime(Timespan(-93784.5), $f)",
    ] {
        run(&mut s, program);
    }
}

/// A directory of its own for one input's files (a fresh path each time: Hiera keeps files
/// by path, modification time and length), removed when dropped.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new() -> Scratch {
        use std::sync::atomic::AtomicUsize;
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("prepl-fuzz-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        Scratch(dir)
    }

    /// Writes `text` at `rel` (its directories made); a path that leaves the scratch
    /// directory or cannot be written is skipped.
    fn write(&self, rel: &str, text: &[u8]) {
        let rel = std::path::Path::new(rel);
        if rel
            .components()
            .any(|c| !matches!(c, std::path::Component::Normal(_)))
        {
            return;
        }
        let path = self.0.join(rel);
        if let Some(parent) = path.parent() {
            let _ = std::fs::create_dir_all(parent);
        }
        let _ = std::fs::write(path, text);
    }

    /// A session in this directory as its environment, with `modules/` as its modulepath.
    fn session(&self) -> Session {
        let mut s = session();
        let env = prepl::env::Environment::from_dir(self.0.clone(), Vec::new());
        s.set_environment(env);
        s
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const HIERA_YAML: &str = "version: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\n\
hierarchy:\n  - name: node\n    path: \"nodes/%{trusted.certname}.yaml\"\n  - name: common\n    path: common.yaml\n";

/// Lookups of every kind (each strategy, dotted keys, interpolation, defaults) and a
/// class whose parameters are looked up automatically.
const LOOKUPS: &str = "class fz($a = 1, $b = undef) { } include fz\n\
[lookup('a', undef, undef, 0), lookup('b', undef, 'unique', []), lookup('c', undef, 'hash', {}),\
 lookup('c', undef, 'deep', {}), lookup('a.0', undef, undef, 0), lookup('c.d', undef, undef, 0),\
 lookup('fz::a', undef, undef, 0), lookup('lookup_options', undef, undef, 0), $fz::b]";

/// Hiera data: the input is `data/common.yaml` (read by the YAML reader alone, and by
/// lookups of every kind through an environment's `hiera.yaml`).
pub fn hiera_yaml(data: &[u8]) {
    if let Some(text) = text(data) {
        if let Ok(v) = prepl::env::hiera::yaml::parse(text) {
            let _ = prepl::format::try_programmatic(&v);
        }
    }
    let dir = Scratch::new();
    dir.write("hiera.yaml", HIERA_YAML.as_bytes());
    dir.write("data/common.yaml", data);
    let mut s = dir.session();
    run(&mut s, LOOKUPS);
}

/// A `hiera.yaml`: the input is the environment's configuration, over a few data files.
pub fn hiera_config(data: &[u8]) {
    let dir = Scratch::new();
    dir.write("hiera.yaml", data);
    dir.write(
        "data/common.yaml",
        b"a: [1, 2]\nb: x\nc: {d: 1}\nfz::a: '%{lookup(\"b\")}'\n",
    );
    dir.write("data/common.json", b"{\"a\": [3], \"c\": {\"e\": 2}}");
    dir.write("data/nodes/fz.yaml", b"a: [4]\nc: {d: 2}\n");
    let mut s = dir.session();
    run(&mut s, LOOKUPS);
}

/// A facts file: the input read as YAML and as JSON (as `--facts`), then the facts used.
pub fn facts(data: &[u8]) {
    let dir = Scratch::new();
    for name in ["facts.yaml", "facts.json"] {
        dir.write(name, data);
        let path = dir.0.join(name);
        if let Ok(facts) = prepl::env::facts_file::load(&path.to_string_lossy()) {
            let mut s = session();
            s.set_facts(facts);
            run(
                &mut s,
                "[$facts, $facts['os'], $os, $networking, $facts.dig('os', 'family')]",
            );
        }
    }
}

/// An ERB template and its Ruby, rendered by `inline_template` with a few variables, and
/// as a module's `template()`.
pub fn erb(data: &[u8]) {
    let Some(src) = text(data) else { return };
    let mut s = session();
    s.set_variable("t", Value::String(src.into()));
    run(
        &mut s,
        "$x = 1 $y = [1, 'two', {'k' => undef}] $z = {'a' => [true, 2.5]} inline_template($t)",
    );
}

/// A module tree: the input is files, each after a line `=== PATH` (under the
/// environment: `modules/m/manifests/init.pp`, `modules/m/templates/t.erb`,
/// `modules/m/lib/puppet/functions/m/f.rb`, `modules/m/data/common.yaml`, `hiera.yaml`,
/// ...); then the module's class included, a template, a function and lookups.
pub fn modules(data: &[u8]) {
    let Some(src) = text(data) else { return };
    let dir = Scratch::new();
    let mut path: Option<&str> = None;
    let mut body = String::new();
    for line in src.split_inclusive('\n') {
        if let Some(p) = line.strip_prefix("=== ") {
            if let Some(prev) = path {
                dir.write(prev, body.as_bytes());
            }
            path = Some(p.trim());
            body.clear();
        } else {
            body.push_str(line);
        }
    }
    if let Some(prev) = path {
        dir.write(prev, body.as_bytes());
    }
    let mut s = dir.session();
    run(
        &mut s,
        "include m\n[template('m/t.erb'), epp('m/t.epp', {}), m::f(1), lookup('m::a', undef, undef, 0), \
         Resource['m::d'], defined('m::c')]",
    );
    run(&mut s, "m::d { 'x': } contain m::c");
}

/// The name a module Ruby file gives its function: `create_function(:'a::b')` (4.x) or
/// `newfunction(:b` (3.x), when it is a plain name (segments of `a-z0-9_` joined by `::`).
fn ruby_function_name(src: &str) -> Option<(bool, String)> {
    for (marker, modern) in [("create_function(", true), ("newfunction(", false)] {
        let Some(at) = src.find(marker) else { continue };
        let rest = src[at + marker.len()..].trim_start();
        let rest = rest.strip_prefix(':').unwrap_or(rest);
        let rest = rest.trim_start_matches(['\'', '"']);
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_' || *c == ':')
            .take(100)
            .collect();
        let plain = !name.is_empty()
            && name.split("::").all(|s| !s.is_empty() && !s.contains(':'))
            && (modern || !name.contains(':'));
        if plain {
            return Some((modern, name));
        }
    }
    None
}

/// Arguments a module function is called with, one call each (a block with one of them).
const RUBY_CALLS: &[&str] = &[
    "()",
    "(1)",
    "('a')",
    "('a.b', 'c')",
    "([1, 'a', undef])",
    "({'a' => 1, 'b' => [2, {'c' => true}]})",
    "(true, 2.5, undef)",
    "('a') |$x| { $x }",
];

/// Facts the custom facts of a `ruby_module` input are resolved over.
const RUBY_FACTS: &str = "{'os' => {'family' => 'Debian', 'name' => 'Debian', 'release' => \
{'major' => '12', 'full' => '12.1'}}, 'osfamily' => 'Debian', 'kernel' => 'Linux', \
'fqdn' => 'fz.example.com', 'networking' => {'fqdn' => 'fz.example.com', 'ip' => '10.0.0.1'}, \
'processors' => {'count' => 2}, 'path' => '/usr/bin:/bin'}";

/// One Ruby file of a module: a 4.x function (`create_function`), a 3.x function
/// (`newfunction`), written where its name says and called from Puppet code with a few
/// kinds of arguments, or a custom fact (`Facter.add`), resolved over a small fact set with the module's other facts.
pub fn ruby_module(data: &[u8]) {
    let Some(src) = text(data) else { return };
    let dir = Scratch::new();
    let function = ruby_function_name(src);
    match &function {
        Some((true, name)) => dir.write(
            &format!(
                "modules/m/lib/puppet/functions/{}.rb",
                name.replace("::", "/")
            ),
            data,
        ),
        Some((false, name)) => dir.write(
            &format!("modules/m/lib/puppet/parser/functions/{name}.rb"),
            data,
        ),
        None => dir.write("modules/m/lib/facter/fz.rb", data),
    }
    let mut s = dir.session();
    if let Ok(facts) = s.eval(RUBY_FACTS) {
        s.set_facts(facts);
    }
    budgeted(&mut s, |s| s.set_custom_facts(true));
    let _ = s.custom_facts();
    match &function {
        Some((_, name)) => {
            for args in RUBY_CALLS {
                run(&mut s, &format!("{name}{args}"));
            }
        }
        None => run(&mut s, "[$facts, $fz]"),
    }
}
