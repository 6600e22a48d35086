//! `param-gen MODULES_DIR FACTS_JSON [K] [SEED] [FACT_SET]`: the parameter sweep's cases
//! (`tests/param_sweep/`, its README). For every class and define of the modules under
//! `MODULES_DIR`, read with prepl's parser (name, declared type, default), `K` programs
//! (default 2) declaring it with values drawn from each parameter's type, the types resolved
//! by a prepl session on that modulepath (aliases such as `Stdlib::Port` too) and every value
//! checked against its type. Prints cases.jsonl lines (`id`, `module`, `src`) on stdout, the
//! ids starting with `FACT_SET/` (`debian` by default: the name fact_sets.json gives the
//! facts file).
//!
//! The values: a parameter with a default is left out half of the time (where there are
//! more than twelve such parameters, all but about six a program); otherwise a value of
//! its type (Boolean flipped or not, an Enum's members, strings of a fixed pool that match a
//! Pattern or a String's size, Integers within their range, Optional → undef or a value,
//! Arrays and Hashes of 0-3 members, a Struct's required keys and some of its optional
//! ones); an untyped parameter gets a value in the style of its default (a literal's kind).
//! One program in five of a definition with typed parameters (seeded; about one in thirty in
//! all) gives one typed parameter a value not of its type (its id ends in
//! `-wrong`). Required parameters always get a value.
//!
//! Where the program fails in prepl for want of another class (an unknown variable of
//! another class's namespace, `Class[X]` not found, "You must include the X base class",
//! "You must define class X"), the generator includes that class first and tries again (up
//! to three classes): generic, the error names what is missing.

use prepl::syntax::ast::{Expr, ExprKind, Param};
use prepl::types::{instance::member_is_optional, is_instance, IntRange, PType};
use prepl::values::{Map, Value};
use prepl::Session;
use prepl_tests::{json_to_value, with_big_stack};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A small deterministic generator (xorshift64*), seeded per case.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    fn chance(&mut self, num: u64, den: u64) -> bool {
        self.next() % den < num
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    /// One of `words`, as a string value.
    fn word(&mut self, words: &[&str]) -> Value {
        Value::string(words[self.below(words.len())])
    }
}

/// Strings a String or Pattern parameter may get (a Pattern gets those that match it): the
/// kinds of text modules' parameters hold.
const STRINGS: &[&str] = &[
    "foo",
    "bar",
    "x",
    "present",
    "absent",
    "latest",
    "running",
    "stopped",
    "installed",
    "true",
    "false",
    "yes",
    "no",
    "on",
    "off",
    "none",
    "all",
    "1",
    "10",
    "0644",
    "0755",
    "2.1.0",
    "/tmp/x",
    "/etc/foo.conf",
    "/var/lib/foo",
    "/usr/bin/foo",
    "foo.example.com",
    "localhost",
    "192.0.2.10",
    "10.0.0.0/8",
    "127.0.0.1:11211",
    "2001:db8::1",
    "http://example.com/",
    "https://example.com:8443/v3",
    "puppet:///modules/foo/bar",
    "mysql+pymysql://user:secret@192.0.2.10/db",
    "rabbit://guest:guest@localhost:5672/",
    "user@example.com",
    "a_big_secret",
    "root",
    "www-data",
    "UTC",
    "en_US.UTF-8",
    "info",
    "debug",
    "1h",
    "60",
    "*",
    "foo bar",
    "",
    "C:\\foo",
    "00:11:22:33:44:55",
    "amd64",
    "main",
    "tcp",
    "eth0",
];

const KEYS: &[&str] = &["foo", "bar", "baz", "qux"];

/// One parameter as the definition declares it.
struct ParamInfo {
    name: String,
    /// The declared type resolved (`None`: untyped, or a type the session could not resolve).
    ptype: Option<PType>,
    has_default: bool,
    /// The default's literal kind, for untyped parameters.
    default_kind: DefaultKind,
}

#[derive(Clone, Copy)]
enum DefaultKind {
    None,
    Undef,
    Bool(bool),
    Int,
    Float,
    Str,
    Array,
    Hash,
    Other,
}

fn default_kind(e: Option<&Expr>) -> DefaultKind {
    let Some(e) = e else {
        return DefaultKind::None;
    };
    match &e.kind {
        ExprKind::Undef => DefaultKind::Undef,
        ExprKind::Boolean(b) => DefaultKind::Bool(*b),
        ExprKind::Integer(_) => DefaultKind::Int,
        ExprKind::Float(_) => DefaultKind::Float,
        ExprKind::String(_) | ExprKind::Interpolated(_) | ExprKind::Heredoc { .. } => {
            DefaultKind::Str
        }
        ExprKind::Array(..) => DefaultKind::Array,
        ExprKind::Hash(..) => DefaultKind::Hash,
        _ => DefaultKind::Other,
    }
}

struct Definition {
    module: String,
    kind: &'static str,
    name: String,
    params: Vec<ParamInfo>,
}

/// The Puppet source of a value (generated values only: data, Sensitive, default).
fn source(v: &Value, out: &mut String) {
    match v {
        Value::Undef => out.push_str("undef"),
        Value::Default => out.push_str("default"),
        Value::Boolean(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Integer(i) => out.push_str(&i.to_string()),
        Value::Float(f) => out.push_str(&format!("{f:?}")),
        Value::String(s) => {
            out.push('\'');
            for c in s.chars() {
                if c == '\'' || c == '\\' {
                    out.push('\\');
                }
                out.push(c);
            }
            out.push('\'');
        }
        Value::Array(a) => {
            out.push('[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                source(x, out);
            }
            out.push(']');
        }
        Value::Hash(m) => {
            out.push('{');
            for (i, (k, x)) in m.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                source(k, out);
                out.push_str(" => ");
                source(x, out);
            }
            out.push('}');
        }
        Value::Sensitive(x) => {
            out.push_str("Sensitive(");
            source(x, out);
            out.push(')');
        }
        other => out.push_str(&prepl::format::to_programmatic(other)),
    }
}

/// A value of `t` (checked by the caller), `depth` levels down; `None` when none is found.
fn value_of(t: &PType, rng: &mut Rng, depth: usize) -> Option<Value> {
    if depth > 6 {
        return None;
    }
    Some(match t {
        PType::Any | PType::Data | PType::RichData | PType::Scalar | PType::ScalarData => {
            match rng.below(4) {
                0 => Value::Boolean(rng.chance(1, 2)),
                1 => Value::Integer(*rng.pick(&[0, 1, 10, 8080])),
                _ => rng.word(STRINGS),
            }
        }
        PType::Undef => Value::Undef,
        PType::Default => Value::Default,
        PType::Numeric => Value::Integer(*rng.pick(&[0, 1, 5, 100])),
        PType::Integer(r) => Value::Integer(int_in(*r, rng)),
        PType::Float(lo, hi) => {
            let candidates = [0.5, 1.0, 1.5, 2.0, 10.0, 0.0, 100.0];
            let ok: Vec<f64> = candidates
                .iter()
                .copied()
                .filter(|f| f >= lo && f <= hi)
                .collect();
            if ok.is_empty() {
                Value::Float(if lo.is_finite() { *lo } else { *hi })
            } else {
                Value::Float(*rng.pick(&ok))
            }
        }
        PType::String { .. } | PType::Pattern(_) => {
            let ok: Vec<&str> = STRINGS
                .iter()
                .copied()
                .filter(|x| is_instance(t, &s(x)))
                .collect();
            if ok.is_empty() {
                return None;
            }
            rng.word(&ok)
        }
        PType::Enum { values, .. } => {
            if values.is_empty() {
                rng.word(STRINGS)
            } else {
                Value::String(rng.pick(values).clone())
            }
        }
        PType::Boolean(None) => Value::Boolean(rng.chance(1, 2)),
        PType::Boolean(Some(b)) => Value::Boolean(*b),
        PType::Array(e, size) => {
            let n = count_in(*size, rng);
            let mut items = Vec::new();
            for _ in 0..n {
                items.push(value_of(e, rng, depth + 1)?);
            }
            Value::array(items)
        }
        PType::Collection(size) => {
            let n = count_in(*size, rng);
            Value::array((0..n).map(|_| rng.word(STRINGS)).collect())
        }
        PType::Tuple(types, size) => {
            let size = prepl::types::instance::tuple_size(types, *size);
            let n = count_in(size, rng);
            let mut items = Vec::new();
            for i in 0..n {
                let et = prepl::types::instance::tuple_type_at(types, i)?;
                items.push(value_of(et, rng, depth + 1)?);
            }
            Value::array(items)
        }
        PType::Hash(k, v, size) => {
            let n = count_in(*size, rng);
            let mut map = Map::new();
            for _ in 0..n * 2 {
                if map.len() >= n {
                    break;
                }
                let key = match &**k {
                    PType::Any | PType::Scalar | PType::Data | PType::ScalarData => rng.word(KEYS),
                    PType::String { .. } => {
                        let key = rng.word(KEYS);
                        if is_instance(k, &key) {
                            key
                        } else {
                            value_of(k, rng, depth + 1)?
                        }
                    }
                    _ => value_of(k, rng, depth + 1)?,
                };
                map.insert(key, value_of(v, rng, depth + 1)?);
            }
            Value::hash(map)
        }
        PType::Struct(None) => Value::hash(Map::new()),
        PType::Struct(Some(members)) => {
            let mut map = Map::new();
            for m in members {
                if member_is_optional(m) && rng.chance(1, 2) {
                    continue;
                }
                map.insert(s(&m.key), value_of(&m.value, rng, depth + 1)?);
            }
            Value::hash(map)
        }
        PType::Variant(types) => {
            if types.is_empty() {
                return None;
            }
            let start = rng.below(types.len());
            (0..types.len()).find_map(|i| {
                let t = &types[(start + i) % types.len()];
                value_of(t, rng, depth + 1).filter(|v| is_instance(t, v))
            })?
        }
        PType::Optional(None) => rng.word(STRINGS),
        PType::Optional(Some(inner)) => {
            if rng.chance(1, 4) {
                Value::Undef
            } else {
                value_of(inner, rng, depth + 1)?
            }
        }
        PType::NotUndef(None) => rng.word(STRINGS),
        PType::NotUndef(Some(inner)) => value_of(inner, rng, depth + 1)?,
        PType::Sensitive(inner) => {
            let v = match inner {
                Some(inner) => value_of(inner, rng, depth + 1)?,
                None => s("a_big_secret"),
            };
            Value::Sensitive(std::rc::Rc::new(v))
        }
        PType::Alias(a) => {
            let target = a.resolved();
            value_of(&target, rng, depth + 1)?
        }
        _ => return None,
    })
}

fn int_in(r: IntRange, rng: &mut Rng) -> i64 {
    let candidates = [0, 1, 2, 3, 5, 10, 30, 60, 100, 300, 1024, 3600, 8080, -1];
    let ok: Vec<i64> = candidates
        .iter()
        .copied()
        .filter(|i| r.contains(*i))
        .collect();
    if !ok.is_empty() && rng.chance(3, 4) {
        return *rng.pick(&ok);
    }
    let lo = r.from.max(-10);
    let hi = r.to.min(lo.saturating_add(100_000));
    if hi < lo {
        return r.from;
    }
    lo + (rng.next() % ((hi - lo) as u64 + 1)) as i64
}

/// A collection's size within `size`: 0-3 where the range allows.
fn count_in(size: IntRange, rng: &mut Rng) -> usize {
    let lo = size.from.max(0);
    let hi = size.to.min(lo + 3).max(lo);
    (lo + (rng.next() % ((hi - lo) as u64 + 1)) as i64) as usize
}

/// A value in the style of an untyped parameter's default.
fn styled_value(kind: DefaultKind, rng: &mut Rng) -> Value {
    match kind {
        DefaultKind::Bool(b) => Value::Boolean(if rng.chance(3, 4) { !b } else { b }),
        DefaultKind::Int => Value::Integer(*rng.pick(&[0, 1, 2, 10, 60, 8080])),
        DefaultKind::Float => Value::Float(*rng.pick(&[0.5, 1.5, 10.0])),
        DefaultKind::Array => {
            let n = rng.below(4);
            Value::array((0..n).map(|_| rng.word(STRINGS)).collect())
        }
        DefaultKind::Hash => {
            let mut map = Map::new();
            for _ in 0..rng.below(4) {
                map.insert(rng.word(KEYS), rng.word(STRINGS));
            }
            Value::hash(map)
        }
        _ => rng.word(STRINGS),
    }
}

/// A value that is not of type `t`, if one of a few is not.
fn wrong_value(t: &PType, rng: &mut Rng) -> Option<Value> {
    let candidates = [
        Value::Integer(42),
        Value::string("wrong"),
        Value::Boolean(true),
        Value::array(vec![Value::Integer(1)]),
        Value::hash(Map::new()),
    ];
    let start = rng.below(candidates.len());
    (0..candidates.len())
        .map(|i| &candidates[(start + i) % candidates.len()])
        .find(|v| !is_instance(t, v))
        .cloned()
}

/// The value a parameter gets in one program (`None`: left out).
fn choose(p: &ParamInfo, given: u64, rng: &mut Rng) -> Option<Value> {
    if p.has_default && !rng.chance(given, 1000) {
        return None;
    }
    match &p.ptype {
        Some(t) => {
            for _ in 0..8 {
                if let Some(v) = value_of(t, rng, 0) {
                    if is_instance(t, &v) {
                        return Some(v);
                    }
                }
            }
            if p.has_default {
                None
            } else {
                Some(Value::string("x"))
            }
        }
        None => Some(styled_value(p.default_kind, rng)),
    }
}

fn params_of(
    params: &[Param],
    text: &str,
    session: &mut Session,
    types: &mut BTreeMap<String, Option<PType>>,
) -> Vec<ParamInfo> {
    params
        .iter()
        .filter(|p| !p.captures_rest)
        .map(|p| {
            let ptype = p.type_expr.as_ref().and_then(|t| {
                let src = text
                    .get(t.span.start as usize..t.span.end as usize)?
                    .to_string();
                types
                    .entry(src.clone())
                    .or_insert_with(|| match session.eval(&src) {
                        Ok(Value::Type(t)) => Some((*t).clone()),
                        _ => None,
                    })
                    .clone()
            });
            ParamInfo {
                name: p.name.to_string(),
                ptype,
                has_default: p.default.is_some(),
                default_kind: default_kind(p.default.as_ref()),
            }
        })
        .collect()
}

fn collect(
    module: &str,
    body: &[Expr],
    text: &str,
    session: &mut Session,
    types: &mut BTreeMap<String, Option<PType>>,
    out: &mut Vec<Definition>,
) {
    for e in body {
        match &e.kind {
            ExprKind::ClassDef(c) => {
                out.push(Definition {
                    module: module.into(),
                    kind: "class",
                    name: c.name.to_string(),
                    params: params_of(&c.params, text, session, types),
                });
                collect(module, &c.body, text, session, types, out);
            }
            ExprKind::DefineDef(d) => out.push(Definition {
                module: module.into(),
                kind: "define",
                name: d.name.to_string(),
                params: params_of(&d.params, text, session, types),
            }),
            _ => {}
        }
    }
}

fn pp_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            pp_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "pp") {
            out.push(p);
        }
    }
}

fn session_for(modules: &Path, facts: Option<&Value>) -> Session {
    let mut session = Session::new();
    session.set_cycle_warnings(false);
    session.set_node_name("foo.example.com");
    session.set_environment(prepl::env::Environment {
        name: "pal_env".into(),
        dir: None,
        modulepath: vec![modules.to_path_buf()],
    });
    if let Some(f) = facts {
        session.set_facts(f.clone());
    }
    session
}

/// The class an error says is missing, if it names one of `classes`.
fn missing_class(message: &str, classes: &BTreeSet<String>) -> Option<String> {
    let known = |n: &str| {
        let n = n.trim_start_matches("::").to_lowercase();
        classes.contains(&n).then_some(n)
    };
    if let Some(at) = message.find("Unknown variable: '") {
        let rest = &message[at + 19..];
        let var = rest.split('\'').next()?.trim_start_matches('$');
        let (ns, _) = var.rsplit_once("::")?;
        return known(ns);
    }
    if let Some(at) = message.find("Class[") {
        let name = message[at + 6..].split(']').next()?;
        if let Some(n) = known(name) {
            return Some(n);
        }
    }
    for marker in [
        "You must include the ",
        "You must define class ",
        "must include ",
    ] {
        if let Some(at) = message.find(marker) {
            let name = message[at + marker.len()..]
                .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .next()?;
            if let Some(n) = known(name) {
                return Some(n);
            }
        }
    }
    None
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: param-gen MODULES_DIR FACTS_JSON [K] [SEED] [FACT_SET]");
        std::process::exit(2);
    }
    let modules = PathBuf::from(&args[1]);
    let facts_text = std::fs::read_to_string(&args[2]).expect("facts file");
    let k: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(2);
    let seed: u64 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(39);
    let fact_set = args.get(5).cloned().unwrap_or_else(|| "debian".into());
    with_big_stack(move || run(&modules, &facts_text, k, seed, &fact_set));
}

fn run(modules: &Path, facts_text: &str, k: usize, seed: u64, fact_set: &str) {
    let facts_json: serde_json::Value = serde_json::from_str(facts_text).expect("facts JSON");
    let mut facts = json_to_value(&facts_json);
    if let Value::Hash(m) = &facts {
        let mut m = (**m).clone();
        m.insert(
            Value::string("clientcert"),
            Value::string("foo.example.com"),
        );
        facts = Value::hash(m);
    }
    let mut session = session_for(modules, Some(&facts));
    let mut types = BTreeMap::new();
    let mut defs = Vec::new();
    let mut names: Vec<PathBuf> = std::fs::read_dir(modules)
        .expect("modules dir")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("manifests").is_dir())
        .collect();
    names.sort();
    for dir in names {
        let module = dir
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let mut files = Vec::new();
        pp_files(&dir.join("manifests"), &mut files);
        for f in files {
            let Ok(text) = std::fs::read_to_string(&f) else {
                continue;
            };
            let Ok(program) = prepl::syntax::parse(&text) else {
                continue;
            };
            collect(
                &module,
                &program.body,
                &text,
                &mut session,
                &mut types,
                &mut defs,
            );
        }
    }
    let classes: BTreeSet<String> = defs
        .iter()
        .filter(|d| d.kind == "class")
        .map(|d| d.name.clone())
        .collect();
    let mut seen = BTreeSet::new();
    defs.retain(|d| seen.insert((d.kind, d.name.clone())));
    let probe = std::env::var("PARAM_GEN_PROBE").map_or(true, |v| v != "0");
    // Where the environments of the cases that take their values from Hiera go (relative to
    // the repository root, where the generator runs).
    let envs = std::env::var("PARAM_GEN_ENVS").unwrap_or_else(|_| "tests/param_sweep/envs".into());
    // Every definition's first program, then every one's second, ...: the oracle's answers
    // come in that order (regen.py, by batches), so a run cut short still covers them all.
    for n in 0..k {
        for def in &defs {
            // (a definition without parameters has nothing to vary: one program)
            if n > 0 && def.params.is_empty() {
                continue;
            }
            let mut rng =
                Rng::new(seed ^ hash(&def.name).wrapping_add((n as u64 + 1) * 0x1000_0000_01B3));
            let wrong_at = if rng.chance(1, 5) {
                let typed: Vec<usize> = (0..def.params.len())
                    .filter(|i| def.params[*i].ptype.is_some())
                    .collect();
                (!typed.is_empty()).then(|| *rng.pick(&typed))
            } else {
                None
            };
            // A parameter with a default gets a value with a chance of one half, or of
            // about six in the number of such parameters where there are more than twelve:
            // a few values a program, so that each is likely to reach its branch.
            let defaulted = def.params.iter().filter(|p| p.has_default).count() as u64;
            let given = if defaulted > 12 {
                6000 / defaulted
            } else {
                500
            };
            let mut attrs = String::new();
            let mut given_values: Vec<(&str, Value)> = Vec::new();
            let mut wrong = false;
            for (i, p) in def.params.iter().enumerate() {
                let v = if wrong_at == Some(i) {
                    p.ptype.as_ref().and_then(|t| wrong_value(t, &mut rng))
                } else {
                    choose(p, given, &mut rng)
                };
                let Some(v) = v else { continue };
                if wrong_at == Some(i) {
                    wrong = true;
                }
                attrs.push_str("  ");
                attrs.push_str(&p.name);
                attrs.push_str(" => ");
                source(&v, &mut attrs);
                attrs.push_str(",\n");
                given_values.push((&p.name, v));
            }
            let decl = if def.kind == "class" {
                format!("class {{ '{}':\n{attrs}}}", def.name)
            } else {
                let title = if rng.chance(1, 3) { "/tmp/x" } else { "x" };
                format!("{} {{ '{title}':\n{attrs}}}", def.name)
            };
            let mut pre: Vec<String> = Vec::new();
            let mut last_error = None;
            if probe {
                for _ in 0..3 {
                    let src = program(&pre, &decl);
                    let Some(message) = probe_error(modules, None, &facts, &src) else {
                        last_error = None;
                        break;
                    };
                    if std::env::var_os("PARAM_GEN_VERBOSE").is_some() {
                        eprintln!(
                            "{} {}: {}",
                            def.name,
                            n + 1,
                            message.lines().next().unwrap_or("")
                        );
                    }
                    let missing = missing_class(&message, &classes);
                    last_error = Some(message);
                    match missing {
                        Some(c) if c != def.name && !pre.contains(&c) => pre.insert(0, c),
                        _ => break,
                    }
                }
            }
            // A prerequisite that declares a resource the definition under test declares too
            // (`include apache` declares `Package[httpd]`, which `apache::package` declares:
            // modules meant to be used one or the other, or one by the other) makes every
            // program a duplicate declaration, whatever the values: the program goes without
            // its prerequisites, and the values reach the definition's own code before its
            // missing prerequisite fails it.
            if !pre.is_empty()
                && last_error
                    .as_deref()
                    .is_some_and(|m| redeclared_in(m, &def.name))
            {
                pre.clear();
            }
            let id = format!(
                "{fact_set}/{}-{}-{}{}",
                def.kind,
                def.name,
                n + 1,
                if wrong { "-wrong" } else { "" }
            );
            let mut line =
                serde_json::json!({"id": id, "module": def.module, "src": program(&pre, &decl)});
            // A prerequisite that declares the class under test itself (`include apache`
            // declares `apache::mod::*` with its defaults, `include ntp` its `ntp::config`)
            // makes the resource-like declaration a duplicate, and the class needs the
            // prerequisite's variables, so it cannot come first either. Then its values go
            // into Hiera data instead (automatic parameter lookup, in an environment of the
            // case's own) and the program includes it after the prerequisites: the
            // prerequisite's own declaration of it gets them.
            if def.kind == "class"
                && !pre.is_empty()
                && last_error.as_deref().is_some_and(|m| {
                    m.to_lowercase()
                        .contains(&format!("duplicate declaration: class[{}]", def.name))
                })
            {
                if let Some(data) = hiera_data(&def.name, &given_values) {
                    let slug = id.replace('/', "-").replace("::", "__");
                    let env_dir = format!("{envs}/{slug}/pal_env");
                    write_env(Path::new(&env_dir), &data);
                    let src = program(&pre, &format!("include {}", def.name));
                    if std::env::var_os("PARAM_GEN_VERBOSE").is_some() {
                        let e = probe_error(modules, Some(Path::new(&env_dir)), &facts, &src);
                        eprintln!("{} {} (hiera): {:?}", def.name, n + 1, e);
                    }
                    line = serde_json::json!({
                        "id": id, "module": def.module, "src": src, "env_dir": env_dir,
                    });
                }
            }
            println!("{line}");
        }
    }
}

/// Whether `message` is a duplicate declaration of a resource (not of the definition
/// itself) that the manifest of definition `name` redeclares: `Duplicate declaration: X is
/// already declared at (file: ...); cannot redeclare (file: .../MODULE/manifests/PATH.pp`.
fn redeclared_in(message: &str, name: &str) -> bool {
    let Some(rest) = message.split("Duplicate declaration: ").nth(1) else {
        return false;
    };
    if rest
        .to_lowercase()
        .starts_with(&format!("class[{}]", name.to_lowercase()))
    {
        return false;
    }
    let mut segments = name.split("::");
    let module = segments.next().unwrap_or_default();
    let path: Vec<&str> = segments.collect();
    let file = if path.is_empty() {
        format!("/{module}/manifests/init.pp,")
    } else {
        format!("/{module}/manifests/{}.pp,", path.join("/"))
    };
    rest.split("cannot redeclare (file: ")
        .nth(1)
        .is_some_and(|at| at.contains(&file))
}

/// The first line of the error `src` gives in a fresh session (on the cache's modulepath, in the
/// environment directory `env_dir` if given), `None` if it compiles.
fn probe_error(modules: &Path, env_dir: Option<&Path>, facts: &Value, src: &str) -> Option<String> {
    let mut s = session_for(modules, Some(facts));
    if let Some(dir) = env_dir {
        let mut env = prepl::env::Environment::from_dir(dir.to_path_buf(), Vec::new());
        env.modulepath = vec![modules.to_path_buf()];
        s.set_environment(env);
    }
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        s.eval_named("-e", src).map(|_| ())
    }));
    match r {
        Ok(Err(e)) => Some(e.to_string()),
        _ => None,
    }
}

/// The Hiera data (YAML) giving class `class` the parameter values `values` by automatic
/// parameter lookup: `CLASS::PARAM: value`, a Sensitive value's parameter converted with
/// `lookup_options`. `None` when a value has no such form (a Sensitive inside a collection,
/// `default`, a string Hiera would interpolate, a Float YAML would read otherwise).
fn hiera_data(class: &str, values: &[(&str, Value)]) -> Option<String> {
    let mut out = String::from("---\n");
    let sensitive: Vec<&str> = values
        .iter()
        .filter(|(_, v)| matches!(v, Value::Sensitive(_)))
        .map(|(n, _)| *n)
        .collect();
    if !sensitive.is_empty() {
        out.push_str("lookup_options:\n");
        for n in sensitive {
            out.push_str(&format!("  \"{class}::{n}\":\n    convert_to: Sensitive\n"));
        }
    }
    for (n, v) in values {
        let v = match v {
            Value::Sensitive(inner) => &**inner,
            v => v,
        };
        out.push_str(&format!("\"{class}::{n}\": "));
        yaml_flow(v, &mut out)?;
        out.push('\n');
    }
    Some(out)
}

/// A data value in YAML's flow form (strings in JSON's quoting, which YAML reads alike).
fn yaml_flow(v: &Value, out: &mut String) -> Option<()> {
    match v {
        Value::Undef => out.push('~'),
        Value::Boolean(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Integer(i) => out.push_str(&i.to_string()),
        Value::Float(f) => {
            let text = format!("{f:?}");
            if !text.contains('.') || text.contains(['e', 'E', 'i', 'N']) {
                return None;
            }
            out.push_str(&text);
        }
        Value::String(s) => {
            if s.contains("%{") {
                return None;
            }
            out.push_str(&serde_json::to_string(&**s).ok()?);
        }
        Value::Array(a) => {
            out.push('[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                yaml_flow(x, out)?;
            }
            out.push(']');
        }
        Value::Hash(m) => {
            out.push('{');
            for (i, (k, x)) in m.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                yaml_flow(k, out)?;
                out.push_str(": ");
                yaml_flow(x, out)?;
            }
            out.push('}');
        }
        _ => return None,
    }
    Some(())
}

/// Writes an environment directory whose Hiera data is `data` (data/common.yaml).
fn write_env(dir: &Path, data: &str) {
    std::fs::create_dir_all(dir.join("data")).expect("environment directory");
    std::fs::write(
        dir.join("hiera.yaml"),
        "---\nversion: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\nhierarchy:\n  - name: common\n    path: common.yaml\n",
    )
    .expect("hiera.yaml");
    std::fs::write(dir.join("data/common.yaml"), data).expect("common.yaml");
}

fn program(pre: &[String], decl: &str) -> String {
    let mut s: String = pre.iter().map(|c| format!("include {c}\n")).collect();
    s.push_str(decl);
    s
}

fn hash(s: &str) -> u64 {
    // FNV-1a: stable across runs and platforms.
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

fn s(x: &str) -> Value {
    Value::string(x)
}

#[cfg(test)]
mod tests {
    /// The duplicates a prerequisite makes with the definition under test (the param
    /// sweep's 6 cases of session 40), not those of the definition itself (the Hiera
    /// route's) nor those of another file.
    #[test]
    fn resources_both_declare() {
        let m = |first: &str, again: &str| {
            format!(
                "Evaluation Error: Error while evaluating a Resource Statement, Duplicate \
                 declaration: {first} is already declared at (file: /m/apache/manifests/\
                 init.pp, line: 581); cannot redeclare (file: /m/{again}, line: 36)"
            )
        };
        let package = m("Package[httpd]", "apache/manifests/package.pp");
        assert!(super::redeclared_in(&package, "apache::package"));
        assert!(!super::redeclared_in(&package, "apache"));
        let module = m(
            "Apache::Mod[auth_basic]",
            "apache/manifests/mod/auth_basic.pp",
        );
        assert!(super::redeclared_in(&module, "apache::mod::auth_basic"));
        assert!(!super::redeclared_in(&module, "apache::mod::auth"));
        let class = m("Class[Ntp::Config]", "ntp/manifests/config.pp");
        assert!(!super::redeclared_in(&class, "ntp::config"));
        assert!(!super::redeclared_in(
            "Unknown variable: '$apache::user'",
            "apache::package"
        ));
    }
}
