//! Hiera 5: data for `lookup()`, the `hiera*` functions and automatic parameter lookup of
//! class parameters, as the reference's `Puppet::Pops::Lookup` finds it.
//!
//! - `config`: `hiera.yaml` version 5 (defaults, hierarchy, module `default_hierarchy`), and
//!   the deprecated version 4.
//! - `yaml`: data files read as Psych reads them (YAML 1.1 scalars).
//! - `merge`: the merge strategies `first`, `unique`, `hash`, `deep`.
//! - `explain`: the explanation tree (`:lookup KEY --explain`).
//! - `glob`: `glob`/`globs` locations.
//! - `layer_config`: each layer's `hiera.yaml` found and read for a lookup.
//! - `locations`: a hierarchy level's data files (paths interpolated, globs expanded).
//! - `interpolate`: `%{...}` in data and paths, and the variables it reads.
//! - `options`: `lookup_options`, read, checked and compiled.
//!
//! A lookup searches the global layer (the session's `hiera.yaml`, `--hiera-config`; none by
//! default in the library), the environment layer (`<env>/hiera.yaml`, data under `data/`),
//! then, for a key `mod::...`, the module layer (`<mod>/hiera.yaml`). Within a layer the hierarchy levels are searched in order, and within a level its
//! locations; the merge strategy (from the call, or `lookup_options`) decides whether the
//! first value found wins or values are merged. Values are interpolated (`%{facts.x}`,
//! `%{lookup('k')}`, `%{alias('k')}`, `%{literal('%')}`, `%{scope('v')}`), then a dotted key
//! (`a.b.0`) digs into the value found.

mod backends;
pub(crate) use backends::function_exists;
pub mod config;
pub mod explain;
mod glob;
mod glob_braces;
mod glob_spanning;
mod interpolate;
mod kept_configs;
mod layer_config;
mod locations;
pub mod merge;
mod merge_shared;
mod options;
mod paths;
mod ruby_sort;
pub mod yaml;
pub(crate) use backends::{context_call, Backends};
use options::{compile_options, validate_options};

use crate::env::fs::{self, PathMap};
use crate::error::{Error, ErrorKind};
use crate::eval::Evaluator;
use crate::syntax::thread_cache::ThreadCache;
use crate::values::{Map, Regexp, Value};
use crate::LogLevel;
use config::{Config, Entry, Locations};
use explain::{Event, Explainer, Kind};
use merge::Strategy;
use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// How many lookups may be nested through interpolation (`%{lookup('k')}`, `hiera`,
/// `alias`) before the reference's `stack level too deep`.
const MAX_LOOKUP_NESTING: usize = 1000;

type Found = Result<Option<Value>, Error>;

/// A lookup error (the reference's `LookupError`): reported as is, without the
/// "Error while evaluating a Function Call" prefix.
pub(crate) fn lookup_error(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::Failed, message)
}

/// A key split into its root and the segments that dig into the value (`a.b.0`, `a."b.c"`).
#[derive(Debug, Clone)]
pub struct LookupKey {
    pub full: String,
    pub root: String,
    pub segments: Vec<Segment>,
    pub module: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Segment {
    Key(String),
    Index(i64),
}

impl Segment {
    fn text(&self) -> String {
        match self {
            Segment::Key(s) => s.clone(),
            Segment::Index(i) => i.to_string(),
        }
    }
}

/// Splits a dotted key; `None` for a syntax error.
pub fn split_key(key: &str) -> Option<Vec<Segment>> {
    if !key.contains(['\'', '"', '.']) {
        return Some(vec![Segment::Key(key.to_string())]);
    }
    let b = key.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    loop {
        // One segment: optional spaces, a quoted string, optional spaces; or a bare run.
        let start = i;
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i < b.len() && (b[i] == b'"' || b[i] == b'\'') {
            let q = b[i];
            let close = key[i + 1..].find(q as char)? + i + 1;
            if close == i + 1 {
                return None;
            }
            out.push(Segment::Key(key[i + 1..close].to_string()));
            i = close + 1;
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
        } else {
            i = start;
            let end = key[i..].find(['\'', '"', '.']).map_or(key.len(), |e| e + i);
            if end == i {
                return None;
            }
            let seg = key[i..end].trim();
            let numeric = {
                let d = seg.strip_prefix(['+', '-']).unwrap_or(seg);
                !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit())
            };
            out.push(match (numeric, seg.parse::<i64>()) {
                (true, Ok(n)) => Segment::Index(n),
                _ => Segment::Key(seg.to_string()),
            });
            i = end;
        }
        if i == b.len() {
            return Some(out);
        }
        if b[i] != b'.' {
            return None;
        }
        i += 1;
        if i == b.len() {
            return None;
        }
    }
}

impl LookupKey {
    pub fn parse(key: &str) -> Result<LookupKey, Error> {
        let mut segments =
            split_key(key).ok_or_else(|| lookup_error(format!("Syntax error in key: '{key}'")))?;
        let root = segments.remove(0).text();
        let module = match crate::names::find_separator(&root) {
            Some(i) if i > 0 => Some(root[..i].to_string()),
            _ => None,
        };
        Ok(LookupKey {
            full: key.to_string(),
            root,
            segments,
            module,
        })
    }
}

/// A data file a hierarchy level names, and whether it exists.
#[derive(Debug, Clone)]
struct Location {
    original: String,
    path: PathBuf,
    exists: bool,
    /// A `uri`/`uris` location (given to a backend function as `uri`, not `path`).
    is_uri: bool,
}

/// `, when using location 'PATH',` in the reference's messages about a level's data (empty
/// for a level without locations).
fn when_using(path: Option<&Path>) -> String {
    path.map_or(String::new(), |p| {
        format!(", when using location '{}',", p.display())
    })
}

#[derive(Clone, Copy)]
enum Layer {
    /// The global layer: the session's global `hiera.yaml`, if any (without one, an
    /// explanation shows it searched, as the reference does).
    Global,
    Environment,
    Module,
}

/// `lookup_options` of a module (or the environment alone): per key, and per pattern.
type CompiledOptions = Option<(Map, Vec<(Rc<Regexp>, Value)>)>;

type Stamp = (std::time::SystemTime, u64);

/// A `hiera.yaml` read, with the modification time and size it had.
type KeptConfig = (Stamp, Rc<Config>);

/// A data file read: its modification time and size, its data, and whether a YAML file held
/// no hash (warned about once a session).
type KeptData = (std::time::SystemTime, u64, Value, bool);

// (Thread caches: a `thread_local!` that needs dropping registers its destructor with the C
// library at its first use, in the clock of a fresh session's first lookup.)
thread_local! {
    /// `hiera.yaml` files read, by path, with the modification time and size they had.
    // SAFETY: a thread-local's value.
    static CONFIGS: ThreadCache<RefCell<PathMap<KeptConfig>>> = const {
        unsafe { ThreadCache::new(RefCell::new(PathMap::with_hasher(rustc_hash::FxBuildHasher))) }
    };
    /// Data files read, by path, with the modification time and size they had (and whether
    /// a YAML file held no hash).
    // SAFETY: a thread-local's value.
    static FILES: ThreadCache<RefCell<PathMap<KeptData>>> = const {
        unsafe { ThreadCache::new(RefCell::new(PathMap::with_hasher(rustc_hash::FxBuildHasher))) }
    };
}

/// Forgets the `hiera.yaml` files and data files kept for the thread's sessions, and the
/// configurations kept for the process (`:reset` frees them: they are kept across
/// sessions).
pub fn forget_files() {
    CONFIGS.with(|c| c.borrow_mut().clear());
    kept_configs::forget();
    FILES.with(|f| *f.borrow_mut() = PathMap::default());
}

/// The reference's default global `hiera.yaml` (`$confdir/hiera.yaml`: Puppet's
/// `/etc/puppetlabs/puppet`, or Debian's `/etc/puppet`), when it exists.
pub fn default_global_config() -> Option<PathBuf> {
    [
        "/etc/puppetlabs/puppet/hiera.yaml",
        "/etc/puppet/hiera.yaml",
    ]
    .iter()
    .map(PathBuf::from)
    .find(|p| p.is_file())
}

/// The evaluator a lookup reads: changed by a lookup (its warnings), or only read (the
/// hierarchy's files listed for completion, which warns about nothing).
pub(crate) enum Ev<'e> {
    Mut(&'e mut Evaluator),
    Shared(&'e Evaluator),
}

impl Ev<'_> {
    fn get(&self) -> &Evaluator {
        match self {
            Ev::Mut(ev) => ev,
            Ev::Shared(ev) => ev,
        }
    }

    /// Logs a deprecation warning once per session (`full`, else `message`), when the
    /// evaluator may be changed.
    fn warn_once(&mut self, message: &str, full: Option<&str>) {
        if let Ev::Mut(ev) = self {
            if ev.first_deprecation(message) {
                ev.log(LogLevel::Warning, full.unwrap_or(message));
            }
        }
    }
}

/// One lookup (with the lookups its interpolations make).
pub(crate) struct Lookup<'e> {
    pub(crate) ev: Ev<'e>,
    pub(crate) x: Explainer,
    /// Keys being looked up (a key met again is a recursive lookup).
    stack: Vec<String>,
    pub(crate) overrides: Map,
    pub(crate) defaults: Map,
    /// Variables set while expanding `mapped_paths`.
    locals: Vec<(String, Value)>,
    options: HashMap<Option<String>, CompiledOptions>,
    configs: PathMap<Rc<Config>>,
    /// Each module's `hiera.yaml` as this lookup found it (`None`: it has none).
    module_configs: HashMap<String, Option<Rc<Config>>>,
    /// While a hierarchy path is interpolated to be kept (`paths`): each variable read
    /// (its root name and value).
    reads: Option<Vec<(String, Option<Value>)>>,
}

impl<'e> Lookup<'e> {
    pub(crate) fn new(ev: &'e mut Evaluator, explain: bool) -> Lookup<'e> {
        Lookup::with(Ev::Mut(ev), explain)
    }

    fn with(ev: Ev<'e>, explain: bool) -> Lookup<'e> {
        Lookup {
            ev,
            x: Explainer::new(explain),
            stack: Vec::new(),
            overrides: Map::default(),
            defaults: Map::default(),
            locals: Vec::new(),
            options: HashMap::default(),
            configs: PathMap::default(),
            module_configs: HashMap::default(),
            reads: None,
        }
    }

    /// The first of `names` with a value (overrides first, then the data, then the default
    /// values hash): the name and the value.
    pub(crate) fn lookup_names(
        &mut self,
        names: &[String],
        merge: Option<&Value>,
    ) -> Result<Option<(String, Value, &'static str)>, Error> {
        for key in names {
            if let Some(v) = self.overrides.get(&Value::string(key.as_str())) {
                let v = v.clone();
                self.x.found_in_overrides(key, &v);
                return Ok(Some((key.clone(), v, "override")));
            }
            if let Some(v) = self.search(key, merge)? {
                return Ok(Some((key.clone(), v, "data")));
            }
        }
        for key in names {
            if let Some(v) = self.defaults.get(&Value::string(key.as_str())) {
                let v = v.clone();
                self.x.found_in_defaults(key, &v);
                return Ok(Some((key.clone(), v, "default")));
            }
        }
        Ok(None)
    }

    /// Looks one key up in the data (the reference's `LookupAdapter#lookup`).
    pub(crate) fn search(&mut self, key: &str, merge: Option<&Value>) -> Found {
        if key == "lookup_options" || key.starts_with("lookup_options.") {
            self.x
                .leaf(|| Kind::InvalidKey(key.to_string()), Event::None);
            return Ok(None);
        }
        let lk = LookupKey::parse(key)?;
        let options = self.lookup_options_for(&lk)?;
        let merge = match merge {
            Some(m) => Some(m.clone()),
            None => {
                let m = options
                    .as_ref()
                    .and_then(|o| o.get(&Value::string("merge")).cloned());
                if m.is_some() {
                    self.x.merge_source("lookup_options");
                }
                m
            }
        };
        let strategy = Strategy::from_value(merge.as_ref())?;
        self.x.push(|| Kind::Top(key.to_string()));
        let mut r = self.do_lookup(&lk, &strategy)?;
        if r.is_none() {
            r = self.lookup_default_in_module(&lk)?;
        }
        self.x.pop();
        match (
            r,
            options.and_then(|o| o.get(&Value::string("convert_to")).cloned()),
        ) {
            (Some(v), Some(convert_to)) => self.convert_to(key, v, &convert_to).map(Some),
            (r, _) => Ok(r),
        }
    }

    /// `convert_to` in `lookup_options`: `Type.new(value, args...)`.
    fn convert_to(&mut self, key: &str, value: Value, convert_to: &Value) -> Result<Value, Error> {
        let (first, rest) = match convert_to {
            Value::Array(a) if !a.is_empty() => (a[0].clone(), a[1..].to_vec()),
            other => (other.clone(), Vec::new()),
        };
        let t = match &first {
            Value::Type(t) => (**t).clone(),
            Value::String(s) => {
                // read as the reference reads a type written as text (`types::type_text`)
                let parsed = match &mut self.ev {
                    Ev::Mut(ev) => ev.type_from_text(s),
                    Ev::Shared(ev) => {
                        crate::types::type_text::parse_type_text(s, |n| ev.find_type_named(n))
                    }
                };
                parsed.map_err(|e| {
                    lookup_error(format!(
                        "Invalid data type in lookup_options for key '{key}' could not parse '{s}', error: '{}",
                        e.message
                    ))
                })?
            }
            other => {
                return Err(lookup_error(format!(
                    "Invalid data type in lookup_options for key '{key}' could not parse '{}', error: 'not a type name",
                    crate::format::ruby::to_s(other)
                )))
            }
        };
        let mut args = vec![value];
        args.extend(rest.iter().cloned());
        let converted = crate::convert::new_value(&t, &args).map_err(|e| {
            lookup_error(format!(
                "The convert_to lookup_option for key '{key}' raised error: {}",
                e.message
            ))
        })?;
        let mut shown = vec![Value::typ(t.clone())];
        shown.extend(rest);
        self.x.text(format!(
            "Applying convert_to lookup_option with arguments {}",
            crate::format::to_programmatic(&Value::array(shown))
        ));
        Ok(converted)
    }

    fn do_lookup(&mut self, lk: &LookupKey, strategy: &Strategy) -> Found {
        let module = lk.module.clone();
        // (a merge of the layers' values that fails is no lookup error of the reference's:
        // the call or statement that looked the key up reports it with its prefix, where a
        // merge within one layer's hierarchy fails as the lookup's own error)
        let v = self.merge_lookup(
            strategy,
            vec![Layer::Global, Layer::Environment, Layer::Module],
            |e| Error {
                kind: ErrorKind::Evaluation,
                ..e
            },
            |s, layer| s.layer_lookup(layer, module.as_deref(), lk, strategy, false),
        )?;
        match v {
            Some(v) => self.dig(lk, v),
            None => Ok(None),
        }
    }

    /// A module's `default_hierarchy`, searched when nothing else has the key.
    fn lookup_default_in_module(&mut self, lk: &LookupKey) -> Found {
        let Some(module) = lk.module.clone() else {
            return Ok(None);
        };
        let Some(config) = self.module_config(&module)? else {
            return Ok(None);
        };
        if config.default_hierarchy.is_none() {
            return Ok(None);
        }
        self.x.push(|| {
            Kind::Scope(format!(
                "Searching default_hierarchy of module \"{module}\""
            ))
        });
        let opts = self.default_options(&config, &module)?;
        let merge = opts.and_then(|(exact, patterns)| {
            options::options_for_key(&exact, &patterns, &lk.root).and_then(|o| match o {
                Value::Hash(h) => h.get(&Value::string("merge")).cloned(),
                _ => None,
            })
        });
        let strategy = Strategy::from_value(merge.as_ref())?;
        self.x
            .push(|| Kind::Scope(format!("Searching for \"{}\"", lk.full)));
        let r = self.provider_lookup(&config, Some(&module), lk, &strategy, true, Layer::Module)?;
        self.x.pop();
        self.x.pop();
        match r {
            Some(v) => self.dig(lk, v),
            None => Ok(None),
        }
    }

    fn default_options(
        &mut self,
        config: &Rc<Config>,
        module: &str,
    ) -> Result<CompiledOptions, Error> {
        let lk = LookupKey::parse("lookup_options")?;
        let hash = Strategy::Hash;
        let opts = self.provider_lookup(config, Some(module), &lk, &hash, true, Layer::Module)?;
        let opts = validate_options(opts, Some(module))?;
        compile_options(opts)
    }

    /// Searches one layer for the root of the key.
    fn layer_lookup(
        &mut self,
        layer: Layer,
        module: Option<&str>,
        lk: &LookupKey,
        strategy: &Strategy,
        default_hierarchy: bool,
    ) -> Found {
        match layer {
            Layer::Global => {
                if let Some(config) = self.global_config()? {
                    return self.provider_lookup(
                        &config,
                        None,
                        lk,
                        strategy,
                        default_hierarchy,
                        Layer::Global,
                    );
                }
                self.x.push(|| Kind::DataProvider {
                    name: "Global Data Provider (hiera configuration version 5)".into(),
                    config: None,
                });
                self.x.not_found(&lk.full);
                self.x.pop();
                Ok(None)
            }
            Layer::Environment => {
                let Some(config) = self.env_config()? else {
                    return Ok(None);
                };
                self.provider_lookup(
                    &config,
                    None,
                    lk,
                    strategy,
                    default_hierarchy,
                    Layer::Environment,
                )
            }
            Layer::Module => {
                let Some(module) = module else {
                    return Ok(None);
                };
                if module_dir(self.ev.get(), module).is_none() {
                    self.x
                        .leaf(|| Kind::Module(module.to_string()), Event::ModuleNotFound);
                    return Ok(None);
                }
                let Some(config) = self.module_config(module)? else {
                    self.x.leaf(
                        || Kind::Module(module.to_string()),
                        Event::ModuleProviderNotFound,
                    );
                    return Ok(None);
                };
                self.provider_lookup(
                    &config,
                    Some(module),
                    lk,
                    strategy,
                    default_hierarchy,
                    Layer::Module,
                )
            }
        }
    }

    /// A layer's data provider: its hierarchy, searched with the strategy.
    fn provider_lookup(
        &mut self,
        config: &Rc<Config>,
        module: Option<&str>,
        lk: &LookupKey,
        strategy: &Strategy,
        default_hierarchy: bool,
        layer: Layer,
    ) -> Found {
        // (a chain of `%{lookup('k')}` each naming the next: the reference runs out of
        // stack near 1,000 levels, with this message)
        if self.stack.len() >= MAX_LOOKUP_NESTING {
            return Err(lookup_error("stack level too deep"));
        }
        if self.stack.contains(&lk.full) {
            return Err(lookup_error(format!(
                "Lookup of key '{}' failed: Recursive lookup detected in [{}]",
                lk.full,
                self.stack.join(", ")
            )));
        }
        self.stack.push(lk.full.clone());
        self.x.push(|| Kind::DataProvider {
            name: match (layer, module) {
                (Layer::Module, Some(m)) => format!(
                    "Module \"{m}\" Data Provider (hiera configuration version {})",
                    config.version
                ),
                (Layer::Global, _) => format!(
                    "Global Data Provider (hiera configuration version {})",
                    config.version
                ),
                _ => format!(
                    "Environment Data Provider (hiera configuration version {})",
                    config.version
                ),
            },
            config: Some(config.path.display().to_string()),
        });
        let entries: &[Entry] = if default_hierarchy {
            config.default_hierarchy.as_deref().unwrap_or_default()
        } else {
            &config.hierarchy
        };
        let r = if entries.is_empty() {
            self.x.not_found(&lk.full);
            Ok(None)
        } else {
            self.merge_lookup(
                strategy,
                entries,
                |e| e,
                |s, e| s.entry_lookup(config, module, e, lk, strategy),
            )
        };
        self.x.pop();
        self.stack.pop();
        r
    }

    fn entry_lookup(
        &mut self,
        config: &Rc<Config>,
        module: Option<&str>,
        entry: &Entry,
        lk: &LookupKey,
        strategy: &Strategy,
    ) -> Found {
        self.x.push(|| Kind::DataProvider {
            name: format!("Hierarchy entry \"{}\"", entry.name),
            config: None,
        });
        let r = (|| {
            check_function(entry, config)?;
            let locations = self.kept_locations(config, entry)?;
            self.merge_lookup(
                strategy,
                locations.iter(),
                |e| e,
                |s, loc| s.location_lookup(config, module, entry, loc.as_ref(), lk),
            )
        })();
        self.x.pop();
        r
    }

    fn location_lookup(
        &mut self,
        config: &Rc<Config>,
        module: Option<&str>,
        entry: &Entry,
        loc: Option<&Location>,
        lk: &LookupKey,
    ) -> Found {
        let backend = backends::BackendKind::of(entry);
        if let (None, Some(kind)) = (loc, backend) {
            return self.backend_lookup(config, module, entry, kind, None, lk);
        }
        let Some(loc) = loc else {
            return Err(lookup_error(format!(
                "'{}' one of 'path', 'paths' 'glob', 'globs' or 'mapped_paths' must be declared in hiera.yaml when using this data_hash function (file: {})",
                entry.function,
                config.path.display()
            )));
        };
        self.x.push(|| Kind::Location {
            path: loc.path.display().to_string(),
            original: loc.original.clone(),
            is_uri: loc.is_uri,
        });
        let r = (|| {
            if !loc.exists {
                self.x.location_not_found();
                return Ok(None);
            }
            if let Some(kind) = backend {
                return self.backend_lookup(config, module, entry, kind, Some(loc), lk);
            }
            let data = self.data_hash(entry, &loc.path, module)?;
            self.found_in_hash(entry, Some(loc), &data, &lk.root)
        })();
        self.x.pop();
        r
    }

    /// The value of `root` in a level's hash (a data file's, or a `data_hash` function's),
    /// interpolated.
    fn found_in_hash(
        &mut self,
        entry: &Entry,
        loc: Option<&Location>,
        data: &Value,
        root: &str,
    ) -> Found {
        let Value::Hash(h) = data else {
            return Ok(None);
        };
        match h.get(&Value::string(root)) {
            None => {
                self.x.not_found(root);
                Ok(None)
            }
            Some(v) => {
                if let Some(t) = yaml::unusable_value(v) {
                    return Err(lookup_error(format!(
                        "Value for key '{root}', in hash returned from data_hash function '{}'{} has wrong type, expects Puppet::LookupValue, got {t}",
                        entry.function,
                        when_using(loc.map(|l| l.path.as_path())),
                    )));
                }
                let v = self.interpolate(v, true)?;
                self.x.found(root, &v);
                Ok(Some(v))
            }
        }
    }

    /// A level whose data a function of the user's own gives ([`backends`]).
    fn backend_lookup(
        &mut self,
        config: &Rc<Config>,
        module: Option<&str>,
        entry: &Entry,
        kind: backends::BackendKind,
        loc: Option<&Location>,
        lk: &LookupKey,
    ) -> Found {
        if entry.function == "eyaml_lookup_key" && kind == backends::BackendKind::LookupKey {
            if let Some(found) = self.eyaml_lookup(config, entry, loc, &lk.root)? {
                return Ok(found);
            }
        }
        let Ev::Mut(ev) = &mut self.ev else {
            return Ok(None);
        };
        let explaining = self.x.enabled();
        let level = backends::Level {
            config,
            entry,
            kind,
            loc,
            module,
        };
        let (value, texts) = backends::lookup(ev, &level, lk, explaining)?;
        for t in texts {
            self.x.text(t);
        }
        let Some(value) = value else {
            self.x.not_found(&lk.full);
            return Ok(None);
        };
        match kind {
            backends::BackendKind::DataHash => {
                let data =
                    self.module_keys_only(entry, loc.map(|l| l.path.as_path()), module, value);
                self.found_in_hash(entry, loc, &data, &lk.root)
            }
            backends::BackendKind::LookupKey => {
                self.x.found(&lk.root, &value);
                Ok(Some(value))
            }
            backends::BackendKind::DataDig => {
                self.x.found(&lk.full, &value);
                Ok(Some(backends::undig(lk, value)))
            }
        }
    }

    /// The data a file holds (read once until it changes); in a module, keys not
    /// qualified with the module's name are dropped with a warning.
    fn data_hash(
        &mut self,
        entry: &Entry,
        path: &Path,
        module: Option<&str>,
    ) -> Result<Value, Error> {
        let stamp = crate::env::fs::probe(path).map(|p| p.stamp);
        let cached = FILES.with(|f| {
            f.borrow()
                .get(fs::key(path))
                .and_then(|(t, n, v, bad)| (Some((*t, *n)) == stamp).then(|| (v.clone(), *bad)))
        });
        // A YAML file whose document is no hash (empty, `---`, a list) reads as no data, with
        // the reference's warning, once a session as its compilation's cache gives it.
        let (data, bad) = match cached {
            Some(kept) => kept,
            None => {
                let text = crate::env::fs::read_to_string(path)
                    .map_err(|e| lookup_error(format!("Unable to read {}: {e}", path.display())))?;
                let strict = self.ev.get().strict == crate::Strictness::Error;
                let (v, bad) = parse_file_data(&entry.function, &text, path, strict)?;
                if !matches!(v, Value::Hash(_)) {
                    return Err(lookup_error(format!(
                        "Value returned from data_hash function '{}', when using location '{}', has wrong type, expects a Hash value, got {}",
                        entry.function,
                        path.display(),
                        crate::types::infer::infer(&v)
                    )));
                }
                // (not kept when it leaves less than half the memory limit: kept, a file
                // read near the limit made every later input fail with `Out of memory`)
                let roomy = crate::limits::in_use() <= crate::limits::memory_limit() / 2;
                if let (Some(s), true) = (stamp, roomy) {
                    FILES.with(|f| {
                        f.borrow_mut()
                            .insert(fs::key(path).into(), (s.0, s.1, v.clone(), bad))
                    });
                }
                (v, bad)
            }
        };
        if bad {
            self.ev.warn_once(&not_a_yaml_hash(path), None);
        }
        Ok(self.module_keys_only(entry, Some(path), module, data))
    }

    /// A module's data: keys not qualified with the module's name are dropped with a
    /// warning.
    fn module_keys_only(
        &mut self,
        entry: &Entry,
        at: Option<&Path>,
        module: Option<&str>,
        data: Value,
    ) -> Value {
        let (Some(module), Value::Hash(h)) = (module, &data) else {
            return data;
        };
        // (no `format!` of the prefix: this runs at every lookup in the module's data)
        let qualified = |k: &Value| {
            k.as_str().is_some_and(|k| {
                k == "lookup_options"
                    || k.strip_prefix(module)
                        .is_some_and(|rest| rest.starts_with("::"))
            })
        };
        if h.keys().all(qualified) {
            return data;
        }
        let message = format!(
            "Module '{module}': Value returned from data_hash function '{}'{} must use keys qualified with the name of the module",
            entry.function,
            when_using(at),
        );
        self.ev.warn_once(&message, None);
        let kept: Map = h
            .iter()
            .filter(|(k, _)| qualified(k))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        Value::hash(kept)
    }

    /// Searches `variants` with the strategy: the first found, or all of them merged.
    fn merge_lookup<T, I>(
        &mut self,
        strategy: &Strategy,
        variants: I,
        merge_error: fn(Error) -> Error,
        mut f: impl FnMut(&mut Self, T) -> Found,
    ) -> Found
    where
        I: IntoIterator<Item = T>,
        I::IntoIter: ExactSizeIterator,
    {
        let variants = variants.into_iter();
        if *strategy == Strategy::First {
            for v in variants {
                if let Some(found) = f(self, v)? {
                    return Ok(Some(found));
                }
            }
            return Ok(None);
        }
        match variants.len() {
            0 => Ok(None),
            1 => {
                let v = variants.into_iter().next().expect("one");
                f(self, v)?.map(|x| strategy.merge_single(x)).transpose()
            }
            _ => {
                self.x.push(|| Kind::Merge {
                    strategy: strategy.key(),
                    options: strategy.options().cloned(),
                });
                let mut memo: Option<Value> = None;
                for v in variants {
                    if let Some(found) = f(self, v)? {
                        memo = Some(match memo {
                            None => strategy.convert_value(found).map_err(merge_error)?,
                            Some(m) => strategy.merge(m, found).map_err(merge_error)?,
                        });
                    }
                }
                if let Some(m) = &memo {
                    self.x.result(m);
                }
                self.x.pop();
                Ok(memo)
            }
        }
    }

    /// Digs into the value found with the key's segments.
    fn dig(&mut self, lk: &LookupKey, value: Value) -> Found {
        if lk.segments.is_empty() {
            return Ok(Some(value));
        }
        self.x
            .push(|| Kind::SubLookup(lk.segments.iter().map(Segment::text).collect()));
        let r = dig_segments(&mut self.x, &lk.full, &lk.segments, value);
        self.x.pop();
        r
    }
}

/// Only `data_hash` functions reading files are available.
fn check_function(entry: &Entry, config: &Config) -> Result<(), Error> {
    match (entry.function_kind.as_str(), entry.function.as_str()) {
        ("data_hash" | "lookup_key" | "data_dig", _) => Ok(()),
        (kind, function) => Err(lookup_error(format!(
            "Hierarchy entry '{}': the {kind} '{function}' is not supported by prepl (a Hiera 3 backend is a Ruby class of the hiera gem; data_hash, lookup_key and data_dig functions are run) (file: {})",
            entry.name,
            config.path.display()
        ))),
    }
}

/// The reference's Ruby class name of a value (in dig errors): `TrueClass`, `NilClass`,
/// `URI::HTTP`.
fn ruby_class(v: &Value) -> String {
    crate::format::ruby::class_name(v)
}

fn dig_segments(x: &mut Explainer, key: &str, segments: &[Segment], mut value: Value) -> Found {
    for seg in segments {
        x.push(|| Kind::Segment);
        let text = seg.text();
        if value.is_undef() {
            x.not_found(&text);
            x.pop();
            return Ok(None);
        }
        let next = match (seg, &value) {
            (Segment::Index(i), Value::Array(a)) => {
                if *i < 0 || *i as usize >= a.len() {
                    None
                } else {
                    Some(a[*i as usize].clone())
                }
            }
            (_, Value::Hash(h)) => {
                let k = match seg {
                    Segment::Key(s) => Value::string(s.as_str()),
                    Segment::Index(i) => Value::Integer(*i),
                };
                h.get(&k).cloned()
            }
            (_, other) => {
                x.pop();
                return Err(lookup_error(format!(
                    "Data Provider type mismatch: Got {} when a hash-like object was expected to access value using '{text}' from key '{key}'",
                    ruby_class(other)
                )));
            }
        };
        match next {
            None => {
                x.not_found(&text);
                x.pop();
                return Ok(None);
            }
            Some(v) => {
                x.found(&text, &v);
                x.pop();
                value = v;
            }
        }
    }
    Ok(Some(value))
}

/// A data file the hierarchy of a layer picks: its path, and the module whose layer it is in
/// (`None` for the global and environment layers).
pub type DataFile = (PathBuf, Option<String>);

/// The reference's words for a YAML data file whose document is no hash (its warning, or
/// its error under `strict = error`).
pub(crate) fn not_a_yaml_hash(path: &Path) -> String {
    format!(
        "{}: file does not contain a valid yaml hash",
        path.display()
    )
}

/// The data of a file of `yaml_data`, `json_data` or `hocon_data` (`function`), read as the
/// reference's functions read it, and whether it was a YAML document that is no hash (read
/// as no data, with a warning; an error under `strict = error` unless empty or false).
pub(crate) fn parse_file_data(
    function: &str,
    text: &str,
    path: &Path,
    strict_error: bool,
) -> Result<(Value, bool), Error> {
    let mut bad = false;
    let v = match function {
        "yaml_data" => match yaml::parse_data(text) {
            Ok(v @ Value::Hash(_)) => v,
            // (the reference's yaml_data: an error under `strict = error`, unless
            // the document is empty, null or false, which Puppet's YAML loader
            // reads as false; a warning otherwise)
            Ok(v) => {
                if !matches!(v, Value::Undef | Value::Boolean(false)) && strict_error {
                    return Err(lookup_error(not_a_yaml_hash(path)));
                }
                bad = true;
                Value::hash(Map::default())
            }
            Err(e) if e == yaml::RECURSIVE_ALIAS => return Err(lookup_error(e)),
            Err(e) => {
                return Err(lookup_error(format!(
                    "Unable to parse ({}): {e}",
                    path.display()
                )))
            }
        },
        "hocon_data" => match prepl_ruby::methods::hocon::parse_document(text)
            .and_then(|v| crate::erb::bridge::to_puppet(&v))
        {
            Ok(v) => v,
            Err(e) => {
                return Err(lookup_error(format!(
                    "Unable to parse ({}): {e}",
                    path.display()
                )))
            }
        },
        _ => match json_too_deep(text).map_or_else(
            || serde_json::from_str::<serde_json::Value>(text).map_err(|e| e.to_string()),
            Err,
        ) {
            Ok(j) => crate::catalog::json::from_data(&j),
            Err(e) => {
                return Err(lookup_error(format!(
                    "Unable to parse ({}): {e}",
                    path.display()
                )))
            }
        },
    };
    Ok((v, bad))
}

/// The data files (`yaml_data`, `json_data`) that the hierarchies of the global layer, the
/// environment and each module of the modulepath pick for the session's node, facts and
/// variables (paths interpolated, globs and mapped paths expanded; those that exist): what
/// a lookup can find keys in. Read only: nothing is logged, a level that cannot be
/// interpolated is left out.
pub fn data_files(ev: &Evaluator) -> Vec<DataFile> {
    let mut l = Lookup::with(Ev::Shared(ev), false);
    let mut layers: Vec<(Rc<Config>, Option<String>)> = Vec::new();
    for config in [l.global_config(), l.env_config()] {
        if let Ok(Some(c)) = config {
            layers.push((c, None));
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    for dir in &ev.env.modulepath {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        let mut names: Vec<String> = entries
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .collect();
        names.sort();
        for name in names {
            if !seen.insert(name.clone()) {
                continue;
            }
            if let Ok(Some(c)) = l.module_config(&name) {
                layers.push((c, Some(name)));
            }
        }
    }
    let mut out: Vec<DataFile> = Vec::new();
    for (config, module) in layers {
        let entries = config
            .hierarchy
            .iter()
            .chain(config.default_hierarchy.iter().flatten());
        for entry in entries {
            if !matches!(entry.function.as_str(), "yaml_data" | "json_data") {
                continue;
            }
            for loc in l.locations(&config, entry).unwrap_or_default() {
                match loc {
                    Some(loc) if loc.exists && !out.iter().any(|(p, _)| *p == loc.path) => {
                        out.push((loc.path, module.clone()))
                    }
                    _ => {}
                }
            }
        }
    }
    out
}

/// The directory of a module on the modulepath (the first one found), for a valid module
/// name only.
pub fn module_dir(ev: &Evaluator, module: &str) -> Option<PathBuf> {
    use crate::env::modules;
    modules::is_module_name(module)
        .then(|| modules::module_dir(&ev.env, module))
        .flatten()
}

impl Evaluator {
    /// The given parameters of a class (resource `id`), completed with automatic parameter
    /// lookup: each parameter not given (or given undef) that Hiera has a value for
    /// (`class::param`, merged as its `lookup_options` say) gets it. One lookup serves all
    /// the class's parameters: the configurations read and the `lookup_options` found for
    /// the first one serve the others (nothing is evaluated between them).
    pub(crate) fn with_data_bindings(
        &mut self,
        id: crate::catalog::ResourceId,
        class: &str,
        params: &[crate::syntax::ast::Param],
        mut given: crate::catalog::Params,
    ) -> Result<crate::catalog::Params, Error> {
        let class = class.trim_start_matches("::").to_ascii_lowercase();
        let mut lookup = Lookup::new(self, false);
        // Whether any layer has a hierarchy to search, asked at the first parameter to look
        // up.
        let mut searchable = None;
        for p in params {
            if given.get(&p.name).is_some_and(|v| !v.is_undef()) {
                continue;
            }
            let key = format!("{class}::{}", p.name);
            let can = match searchable {
                Some(can) => can,
                None => *searchable.insert(lookup.has_levels(&key)?),
            };
            if !can {
                break;
            }
            if let Some(v) = lookup.search(&key, None)? {
                // The class resource lists the values found after the given ones and before
                // the defaults, as the reference's does.
                if let (false, Ev::Mut(ev)) = (v.is_undef(), &mut lookup.ev) {
                    let r = ev.compilation.catalog.get_mut(id);
                    r.parameters.insert(p.name.clone(), v.clone());
                }
                given.insert(p.name.clone(), v);
            }
        }
        Ok(given)
    }
}

/// `puppet lookup --explain KEY`: how the lookup of `key` (with an optional merge strategy)
/// went, level by level, then the value found or that none was.
/// A lookup command of the REPL (`:lookup`) or the kernel (`%lookup`): `KEY [--explain]
/// [--merge first|unique|hash|deep]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LookupCommand {
    pub key: String,
    pub explain: bool,
    pub merge: Option<&'static str>,
}

impl LookupCommand {
    pub const USAGE: &'static str = "KEY [--explain] [--merge first|unique|hash|deep]";

    /// Reads the command's arguments; `None` when they do not fit [`Self::USAGE`].
    pub fn parse(arg: &str) -> Option<LookupCommand> {
        let mut words = arg.split_whitespace();
        let (mut explain, mut merge, mut key) = (false, None, None);
        while let Some(w) = words.next() {
            match w {
                "--explain" => explain = true,
                "--merge" => {
                    merge = Some(match words.next()? {
                        "first" => "first",
                        "unique" => "unique",
                        "hash" => "hash",
                        "deep" => "deep",
                        _ => return None,
                    })
                }
                k if key.is_none() && !k.starts_with("--") => key = Some(k),
                _ => return None,
            }
        }
        let key = key?.trim_matches(|c| c == '\'' || c == '"').to_string();
        Some(LookupCommand {
            key,
            explain,
            merge,
        })
    }

    /// The Puppet source of the lookup (`lookup('k', {merge => 'deep'})`).
    pub fn source(&self) -> String {
        let quoted = self.key.replace('\\', "\\\\").replace('\'', "\\'");
        match self.merge {
            Some(m) => format!("lookup('{quoted}', {{merge => '{m}'}})"),
            None => format!("lookup('{quoted}')"),
        }
    }

    /// The explanation of the lookup (as `puppet lookup --explain` gives it).
    pub fn explain(&self, session: &mut crate::Session) -> String {
        let merge = self.merge.map(Value::from);
        explain(session, &self.key, merge.as_ref())
    }
}

pub fn explain(session: &mut crate::Session, key: &str, merge: Option<&Value>) -> String {
    let mut l = Lookup::new(&mut session.evaluator, true);
    let r = l.lookup_names(&[key.to_string()], merge);
    let mut text = l.x.explain();
    match r {
        Ok(Some(_)) => {}
        Ok(None) => text.push_str(&format!(
            "Function lookup() did not find a value for the name '{key}'\n"
        )),
        Err(e) => text.push_str(&format!("Error: {}\n", e.full_message())),
    }
    text
}

/// The reference's JSON reader refuses arrays and objects nested more than 100 deep:
/// `nesting of 101 is too deep` (serde_json's own limit is 128).
fn json_too_deep(text: &str) -> Option<String> {
    const MAX_NESTING: usize = 100;
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for b in text.bytes() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(format!("nesting of {depth} is too deep"));
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests;
