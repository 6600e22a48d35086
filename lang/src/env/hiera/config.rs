//! `hiera.yaml` version 5: `defaults` (datadir, data provider function, options) and the
//! `hierarchy` (and a module's `default_hierarchy`), checked as the reference checks them.

use crate::error::{Error, ErrorKind};
use crate::values::{Map, Value};
use std::path::{Path, PathBuf};

/// How an entry finds its data files.
#[derive(Debug, Clone)]
pub enum Locations {
    /// No location: the function is called once without a path.
    None,
    Paths(Vec<String>),
    Globs(Vec<String>),
    /// `[variable, key, template]`: one path per value of the variable.
    Mapped(String, String, String),
    Uris(Vec<String>),
}

/// One level of the hierarchy.
#[derive(Debug, Clone)]
pub struct Entry {
    pub name: String,
    /// `data_hash`, `lookup_key` or `data_dig`.
    pub function_kind: String,
    /// `yaml_data`, `json_data`, ...
    pub function: String,
    /// The data directory (not yet interpolated), relative to the configuration's directory.
    pub datadir: String,
    pub locations: Locations,
    pub options: Map,
    /// The extension added to paths that lack it (version 4: `.yaml`, `.json`).
    pub extension: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Config {
    /// The `hiera.yaml` file.
    pub path: PathBuf,
    /// The directory holding it (data directories are relative to it).
    pub root: PathBuf,
    pub hierarchy: Vec<Entry>,
    pub default_hierarchy: Option<Vec<Entry>>,
    /// 5, or 4 for the deprecated version 4 format.
    pub version: i64,
}

const FUNCTION_KEYS: [&str; 4] = ["data_hash", "lookup_key", "data_dig", "hiera3_backend"];
const LOCATION_KEYS: [&str; 7] = [
    "path",
    "paths",
    "glob",
    "globs",
    "uri",
    "uris",
    "mapped_paths",
];

fn lookup_error(message: String, path: &Path) -> Error {
    lookup_error_at(message, path, None)
}

/// A lookup error of the configuration, with the line of the text it is about when known
/// (as the reference finds it: the first line matching a pattern).
fn lookup_error_at(message: String, path: &Path, line: Option<usize>) -> Error {
    let at = match line {
        Some(line) => format!("(file: {}, line: {line})", path.display()),
        None => format!("(file: {})", path.display()),
    };
    Error::new(ErrorKind::Failed, format!("{message} {at}"))
}

/// The 1-based number of the first line of `text`, from line `start` on, that matches `re`
/// once its comment is cut (a `#` outside quotes), as the reference looks for the line an
/// error is about.
fn line_matching(text: &str, re: &regex::Regex, start: usize) -> Option<usize> {
    text.lines()
        .enumerate()
        .skip(start.saturating_sub(1))
        .find(|(_, line)| re.is_match(without_comment(line)))
        .map(|(i, _)| i + 1)
}

fn without_comment(line: &str) -> &str {
    let mut quote = None;
    for (i, c) in line.char_indices() {
        match c {
            '"' | '\'' if quote == Some(c) => quote = None,
            '"' | '\'' if quote.is_none() => quote = Some(c),
            '#' if quote.is_none() => return &line[..i],
            _ => {}
        }
    }
    line
}

/// `line_matching` of a pattern written here (always valid).
fn line_of(text: &str, pattern: &str, start: usize) -> Option<usize> {
    regex::Regex::new(pattern)
        .ok()
        .and_then(|re| line_matching(text, &re, start))
}

/// Why a version 5 `hiera.yaml` is not of the type the reference requires (empty when it
/// is), checked before the rest: the reference's messages (`entry 'hierarchy' index 0
/// expects a value for key 'name'`, `unrecognized key 'foo'`, ...).
fn v5_mismatch(config: &Value) -> String {
    thread_local! {
        static TYPE: crate::types::PType = build_v5_type();
    }
    TYPE.with(|t| crate::types::describe_mismatch(t, config))
}

/// [`v5_mismatch`]'s type, made of its parts (each distinct part parsed once: parsing the whole text,
/// with its three hierarchies, was ~245 k instructions).
fn build_v5_type() -> crate::types::PType {
    use crate::types::{KeyKind, PType, StructMember};
    let parse =
        |text: &str| crate::types::typesrc::parse_type(text).expect("the hiera.yaml type parses");
    let text = parse("Optional[String[1]]");
    let texts = parse("Optional[Array[String[1], 1]]");
    let options =
        parse(r"Optional[Hash[Pattern[/\A[A-Za-z](:?[0-9A-Za-z_-]*[0-9A-Za-z])?\z/], Data]]");
    let strukt = |members: Vec<(&str, PType)>| {
        PType::Struct(Some(
            members
                .into_iter()
                .map(|(key, value)| StructMember {
                    key: key.into(),
                    key_kind: KeyKind::Plain,
                    value,
                })
                .collect(),
        ))
    };
    let level = PType::Array(
        Box::new(strukt(vec![
            ("name", parse("String[1]")),
            ("options", options.clone()),
            ("data_hash", text.clone()),
            ("lookup_key", text.clone()),
            ("hiera3_backend", text.clone()),
            ("v4_data_hash", text.clone()),
            ("data_dig", text.clone()),
            ("path", text.clone()),
            ("paths", texts.clone()),
            ("glob", text.clone()),
            ("globs", texts.clone()),
            ("uri", text.clone()),
            ("uris", texts),
            ("mapped_paths", parse("Optional[Array[String[1], 3, 3]]")),
            ("datadir", text.clone()),
        ])),
        crate::types::IntRange::SIZE,
    );
    let level = PType::Optional(Some(Box::new(level)));
    let defaults = strukt(vec![
        ("data_hash", text.clone()),
        ("lookup_key", text.clone()),
        ("data_dig", text.clone()),
        ("datadir", text),
        ("options", options),
    ]);
    strukt(vec![
        ("version", parse("Integer[5, 5]")),
        ("defaults", PType::Optional(Some(Box::new(defaults)))),
        ("hierarchy", level.clone()),
        ("plan_hierarchy", level.clone()),
        ("default_hierarchy", level),
    ])
}

fn get<'a>(h: &'a Map, k: &str) -> Option<&'a Value> {
    h.get(&Value::string(k))
}

fn string_list(v: &Value) -> Vec<String> {
    match v {
        Value::String(s) => vec![s.to_string()],
        Value::Array(a) => a
            .iter()
            .filter_map(|x| x.as_str().map(str::to_string))
            .collect(),
        _ => Vec::new(),
    }
}

impl Config {
    /// Reads and checks a `hiera.yaml`. `in_module` allows `default_hierarchy`.
    pub fn load(path: &Path, in_module: bool) -> Result<Config, Error> {
        let text = crate::env::fs::read_to_string(path)
            .map_err(|e| lookup_error(format!("Unable to read {}: {e}", path.display()), path))?;
        Config::from_text(path, &text, in_module)
    }

    /// [`load`](Self::load) of the text read at `path`.
    pub fn from_text(path: &Path, text: &str, in_module: bool) -> Result<Config, Error> {
        let parsed = super::yaml::parse(text)
            .map_err(|e| lookup_error(format!("Unable to parse {}: {e}", path.display()), path))?;
        let Value::Hash(h) = &parsed else {
            return Err(lookup_error(
                "File exists but does not contain a valid YAML hash; prepl reads only hiera.yaml version 5".into(),
                path,
            ));
        };
        let version = match get(h, "version") {
            Some(Value::Integer(i)) => *i,
            Some(Value::String(s)) => s.parse().unwrap_or(0),
            None => 3,
            _ => 0,
        };
        match version {
            5 => {
                let mismatch = v5_mismatch(&parsed);
                if !mismatch.is_empty() {
                    // (a type error, not a lookup error: reported as the call's, as there)
                    return Err(Error::eval(format!(
                        "The Lookup Configuration at '{}' has wrong type, {mismatch}",
                        path.display()
                    )));
                }
            }
            3 => {
                let place = if in_module {
                    "a module"
                } else {
                    "an environment"
                };
                return Err(lookup_error(
                    format!("hiera.yaml version 3 cannot be used in {place}"),
                    path,
                ));
            }
            4 => return Config::v4(path, h),
            v => {
                return Err(lookup_error(
                    format!("This runtime does not support hiera.yaml version {v}"),
                    path,
                ))
            }
        }
        let empty = Map::default();
        let defaults = match get(h, "defaults") {
            Some(Value::Hash(d)) => (**d).clone(),
            // The reference's default: `datadir: data`, `data_hash: yaml_data`.
            None => {
                let mut d = empty.clone();
                d.insert(Value::string("datadir"), Value::string("data"));
                d.insert(Value::string("data_hash"), Value::string("yaml_data"));
                d
            }
            _ => empty.clone(),
        };
        let default_functions: Vec<&str> = FUNCTION_KEYS
            .iter()
            .copied()
            .filter(|k| get(&defaults, k).is_some())
            .collect();
        if default_functions.len() > 1 {
            return Err(lookup_error(
                "Only one of data_hash, lookup_key, data_dig, or hiera3_backend can be defined in defaults".into(),
                path,
            ));
        }
        let datadir = get(&defaults, "datadir")
            .and_then(|v| v.as_str())
            .unwrap_or("data")
            .to_string();
        // (the shapes are the type's, checked above: an array of hashes, each with a name)
        let entries = |key: &str| -> Result<Option<Vec<Entry>>, Error> {
            let Some(Value::Array(list)) = get(h, key) else {
                return Ok(None);
            };
            let mut out: Vec<Entry> = Vec::new();
            for e in list.iter() {
                let Value::Hash(e) = e else {
                    continue;
                };
                let name = get(e, "name")
                    .and_then(|v| v.as_str())
                    .unwrap_or_default()
                    .to_string();
                if out.iter().any(|x| x.name == name) {
                    let pattern = format!(r#"\s+name:\s+['"]?{}(?:[^\w]|$)"#, regex::escape(&name));
                    let first = line_of(text, &pattern, 1);
                    let again = first.and_then(|first| line_of(text, &pattern, first + 1));
                    let (first, line) = match again {
                        Some(again) => (first, Some(again)),
                        None => (None, first),
                    };
                    let first = match first {
                        Some(first) => format!(" First defined at (line: {first})"),
                        None => String::new(),
                    };
                    return Err(lookup_error_at(
                        format!("Hierarchy name '{name}' defined more than once.{first}"),
                        path,
                        line,
                    ));
                }
                let functions: Vec<&str> = FUNCTION_KEYS
                    .iter()
                    .copied()
                    .filter(|k| get(e, k).is_some())
                    .collect();
                let (kind, function) = match functions.as_slice() {
                    [] => match default_functions.first() {
                        Some(k) => (k.to_string(), get(&defaults, k).and_then(|v| v.as_str()).unwrap_or_default().to_string()),
                        None => return Err(lookup_error(format!("One of data_hash, lookup_key, data_dig, or hiera3_backend must be defined in hierarchy '{name}'"), path)),
                    },
                    [k] => (k.to_string(), get(e, k).and_then(|v| v.as_str()).unwrap_or_default().to_string()),
                    _ => return Err(lookup_error(format!("Only one of data_hash, lookup_key, data_dig, or hiera3_backend can be defined in hierarchy '{name}'"), path)),
                };
                if kind == "hiera3_backend" {
                    return Err(lookup_error_at(
                        "'hiera3_backend' is only allowed in the global layer".into(),
                        path,
                        line_of(text, r"\s+hiera3_backend:", 1),
                    ));
                }
                let locs: Vec<&str> = LOCATION_KEYS
                    .iter()
                    .copied()
                    .filter(|k| get(e, k).is_some())
                    .collect();
                if locs.len() > 1 {
                    return Err(lookup_error(format!("Only one of path, paths, glob, globs, uri, uris, or mapped_paths can be defined in hierarchy '{name}'"), path));
                }
                let locations = match locs.first() {
                    None => Locations::None,
                    Some(&k) => {
                        let v = get(e, k).cloned().unwrap_or(Value::Undef);
                        match k {
                            "path" | "paths" => Locations::Paths(string_list(&v)),
                            "glob" | "globs" => Locations::Globs(string_list(&v)),
                            "uri" | "uris" => Locations::Uris(string_list(&v)),
                            _ => {
                                let l = string_list(&v);
                                let [variable, key, template] =
                                    <[String; 3]>::try_from(l).unwrap_or_default();
                                Locations::Mapped(variable, key, template)
                            }
                        }
                    }
                };
                let options = match get(e, "options").or_else(|| get(&defaults, "options")) {
                    Some(Value::Hash(o)) => (**o).clone(),
                    _ => Map::default(),
                };
                for reserved in ["path", "uri"] {
                    if get(&options, reserved).is_some() {
                        return Err(lookup_error(format!("Option key '{reserved}' used in hierarchy '{name}' is reserved by Puppet"), path));
                    }
                }
                out.push(Entry {
                    name,
                    function_kind: kind,
                    function,
                    datadir: get(e, "datadir")
                        .and_then(|v| v.as_str())
                        .map(str::to_string)
                        .unwrap_or_else(|| datadir.clone()),
                    locations,
                    options,
                    extension: None,
                });
            }
            Ok(Some(out))
        };
        let hierarchy = match entries("hierarchy")? {
            Some(h) => h,
            None => vec![Entry {
                name: "Common".into(),
                function_kind: default_functions
                    .first()
                    .unwrap_or(&"data_hash")
                    .to_string(),
                function: default_functions
                    .first()
                    .and_then(|k| get(&defaults, k))
                    .and_then(|v| v.as_str())
                    .unwrap_or("yaml_data")
                    .to_string(),
                datadir: datadir.clone(),
                locations: Locations::Paths(vec!["common.yaml".into()]),
                options: Map::default(),
                extension: None,
            }],
        };
        let default_hierarchy = entries("default_hierarchy")?;
        if default_hierarchy.is_some() && !in_module {
            return Err(lookup_error_at(
                "'default_hierarchy' is only allowed in the module layer".into(),
                path,
                line_of(text, r"(?:^|\s+)default_hierarchy:", 1),
            ));
        }
        Ok(Config {
            path: path.to_path_buf(),
            root: path.parent().map(Path::to_path_buf).unwrap_or_default(),
            hierarchy,
            default_hierarchy,
            version: 5,
        })
    }

    /// The deprecated version 4: `datadir`, and levels with a `backend` (`yaml`, `json`) and
    /// `path`/`paths` without extension (the level's name when none).
    fn v4(path: &Path, h: &Map) -> Result<Config, Error> {
        let datadir = get(h, "datadir")
            .and_then(|v| v.as_str())
            .unwrap_or("data")
            .to_string();
        let mut hierarchy: Vec<Entry> = Vec::new();
        let default_level = {
            let mut m = Map::default();
            m.insert(Value::string("name"), Value::string("common"));
            m.insert(Value::string("backend"), Value::string("yaml"));
            Value::array(vec![Value::hash(m)])
        };
        let levels = get(h, "hierarchy").cloned().unwrap_or(default_level);
        let Value::Array(levels) = levels else {
            return Err(lookup_error(
                format!("The Lookup Configuration at '{}' has wrong type, entry 'hierarchy' expects an Array value", path.display()),
                path,
            ));
        };
        for e in levels.iter() {
            let Value::Hash(e) = e else { continue };
            let name = get(e, "name")
                .and_then(|v| v.as_str())
                .unwrap_or_default()
                .to_string();
            if hierarchy.iter().any(|x| x.name == name) {
                return Err(lookup_error(
                    format!("Hierarchy name '{name}' defined more than once."),
                    path,
                ));
            }
            let backend = get(e, "backend")
                .and_then(|v| v.as_str())
                .unwrap_or_default()
                .to_string();
            if backend != "yaml" && backend != "json" {
                return Err(lookup_error(
                    format!("No data provider is registered for backend '{backend}'"),
                    path,
                ));
            }
            let paths = match get(e, "paths").or_else(|| get(e, "path")) {
                Some(v) => string_list(v),
                None => vec![name.clone()],
            };
            hierarchy.push(Entry {
                name,
                function_kind: "data_hash".into(),
                function: format!("{backend}_data"),
                datadir: get(e, "datadir")
                    .and_then(|v| v.as_str())
                    .map(str::to_string)
                    .unwrap_or_else(|| datadir.clone()),
                locations: Locations::Paths(paths),
                options: Map::default(),
                extension: Some(format!(".{backend}")),
            });
        }
        Ok(Config {
            path: path.to_path_buf(),
            root: path.parent().map(Path::to_path_buf).unwrap_or_default(),
            hierarchy,
            default_hierarchy: None,
            version: 4,
        })
    }

    /// The 1-based number of the first line (outside comments) matching `re`.
    pub fn find_line(&self, re: &regex::Regex) -> Option<usize> {
        let text = crate::env::fs::read_to_string(&self.path).ok()?;
        line_matching(&text, re, 1)
    }
}
