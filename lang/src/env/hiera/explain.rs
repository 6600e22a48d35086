//! The tree a lookup builds when asked to explain itself, and its text as
//! `puppet lookup --explain` prints it (the reference's `Lookup::Explainer`).

use crate::format::ruby::inspect;
use crate::values::Value;

#[derive(Debug, Clone)]
pub enum Kind {
    Root,
    /// `Searching for "key"`.
    Top(String),
    InvalidKey(String),
    MergeSource(String),
    Module(String),
    Interpolate(String),
    Merge {
        strategy: &'static str,
        options: Option<Value>,
    },
    /// A data provider: its name and configuration file (environment or module layer),
    /// or a hierarchy entry (no configuration file).
    DataProvider {
        name: String,
        config: Option<String>,
    },
    Location {
        path: String,
        original: String,
        /// A `uri`/`uris` location (shown as `URI`).
        is_uri: bool,
    },
    SubLookup(Vec<String>),
    Segment,
    Scope(String),
}

#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    None,
    Found,
    FoundInOverrides,
    FoundInDefaults,
    NotFound,
    LocationNotFound,
    Result,
    ModuleNotFound,
    ModuleProviderNotFound,
}

#[derive(Debug, Clone)]
struct Node {
    kind: Kind,
    parent: usize,
    event: Event,
    key: String,
    value: Option<Value>,
    texts: Vec<String>,
    branches: Vec<usize>,
}

/// Collects what a lookup did, when enabled (a disabled explainer ignores everything).
#[derive(Debug, Clone)]
pub struct Explainer {
    enabled: bool,
    nodes: Vec<Node>,
    current: usize,
}

impl Explainer {
    pub fn new(enabled: bool) -> Explainer {
        // A disabled explainer (every lookup that is not `--explain`) holds no nodes.
        let root = || Node {
            kind: Kind::Root,
            parent: 0,
            event: Event::None,
            key: String::new(),
            value: None,
            texts: Vec::new(),
            branches: Vec::new(),
        };
        Explainer {
            enabled,
            nodes: if enabled { vec![root()] } else { Vec::new() },
            current: 0,
        }
    }

    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// Opens a node of the kind `kind` makes (called only when explaining: a lookup
    /// would otherwise word every step it takes for nothing).
    pub fn push(&mut self, kind: impl FnOnce() -> Kind) {
        if !self.enabled {
            return;
        }
        let kind = kind();
        let key = match &kind {
            Kind::Top(k) | Kind::InvalidKey(k) => k.clone(),
            _ => String::new(),
        };
        let id = self.nodes.len();
        self.nodes.push(Node {
            kind,
            parent: self.current,
            event: Event::None,
            key,
            value: None,
            texts: Vec::new(),
            branches: Vec::new(),
        });
        self.nodes[self.current].branches.push(id);
        self.current = id;
    }

    pub fn pop(&mut self) {
        if self.enabled {
            self.current = self.nodes[self.current].parent;
        }
    }

    /// Adds a leaf node (pushed and popped at once).
    pub fn leaf(&mut self, kind: impl FnOnce() -> Kind, event: Event) {
        if !self.enabled {
            return;
        }
        self.push(kind);
        self.nodes[self.current].event = event;
        self.pop();
    }

    fn set(&mut self, event: Event, key: Option<&str>, value: Option<&Value>) {
        if !self.enabled {
            return;
        }
        let n = &mut self.nodes[self.current];
        n.event = event;
        if let Some(k) = key {
            n.key = k.to_string();
        }
        n.value = value.cloned();
    }

    pub fn found(&mut self, key: &str, value: &Value) {
        self.set(Event::Found, Some(key), Some(value));
    }
    pub fn found_in_overrides(&mut self, key: &str, value: &Value) {
        self.set(Event::FoundInOverrides, Some(key), Some(value));
    }
    pub fn found_in_defaults(&mut self, key: &str, value: &Value) {
        self.set(Event::FoundInDefaults, Some(key), Some(value));
    }
    pub fn not_found(&mut self, key: &str) {
        self.set(Event::NotFound, Some(key), None);
    }
    pub fn location_not_found(&mut self) {
        self.set(Event::LocationNotFound, None, None);
    }
    pub fn result(&mut self, value: &Value) {
        self.set(Event::Result, None, Some(value));
    }
    pub fn text(&mut self, text: String) {
        if self.enabled {
            self.nodes[self.current].texts.push(text);
        }
    }
    pub fn merge_source(&mut self, source: &str) {
        self.leaf(|| Kind::MergeSource(source.to_string()), Event::None);
    }

    /// The explanation as text.
    pub fn explain(&self) -> String {
        let mut out = String::new();
        let Some(root) = self.nodes.first() else {
            return out;
        };
        for &b in &root.branches {
            self.dump(b, &mut out, "", "");
        }
        for t in &root.texts {
            out.push_str(t);
            out.push('\n');
        }
        out
    }

    fn dump_texts(&self, n: &Node, out: &mut String, indent: &str) {
        for t in &n.texts {
            out.push_str(indent);
            out.push_str(t);
            out.push('\n');
        }
    }

    fn dump_outcome(&self, n: &Node, out: &mut String, indent: &str) {
        match n.event {
            Event::NotFound => {
                out.push_str(&format!("{indent}No such key: \"{}\"\n", n.key));
            }
            Event::Found | Event::FoundInOverrides | Event::FoundInDefaults => {
                out.push_str(&format!("{indent}Found key: \"{}\" value: ", n.key));
                dump_value(out, indent, n.value.as_ref().unwrap_or(&Value::Undef));
                if n.event == Event::FoundInOverrides {
                    out.push_str(" in overrides");
                }
                if n.event == Event::FoundInDefaults {
                    out.push_str(" in defaults");
                }
                out.push('\n');
            }
            _ => {}
        }
        self.dump_texts(n, out, indent);
    }

    fn dump(&self, id: usize, out: &mut String, indent: &str, first: &str) {
        let n = &self.nodes[id];
        let inner = format!("{indent}  ");
        let branches = |out: &mut String| {
            for &b in &n.branches {
                self.dump(b, out, &inner, &inner);
            }
        };
        match &n.kind {
            Kind::Root => branches(out),
            Kind::Top(key) => {
                out.push_str(&format!("{first}Searching for \"{key}\"\n"));
                branches(out);
            }
            Kind::InvalidKey(key) => out.push_str(&format!("{first}Invalid key \"{key}\"\n")),
            Kind::MergeSource(s) => {
                out.push_str(&format!("{first}Using merge options from \"{s}\" hash\n"))
            }
            Kind::Module(m) => match n.event {
                Event::ModuleNotFound => {
                    out.push_str(&format!("{indent}Module \"{m}\" not found\n"))
                }
                Event::ModuleProviderNotFound => out.push_str(&format!(
                    "{indent}Module data provider for module \"{m}\" not found\n"
                )),
                _ => {}
            },
            Kind::Interpolate(e) => {
                out.push_str(&format!("{first}Interpolation on \"{e}\"\n"));
                branches(out);
            }
            Kind::Merge { strategy, options } => {
                if n.branches.is_empty() {
                    return;
                }
                if n.branches.len() == 1 {
                    return self.dump(n.branches[0], out, indent, first);
                }
                out.push_str(&format!("{first}Merge strategy {strategy}\n"));
                if let Some(o) = options {
                    out.push_str(&format!("{inner}Options: "));
                    dump_value(out, &inner, o);
                    out.push('\n');
                }
                branches(out);
                if n.event == Event::Result {
                    out.push_str(&format!("{inner}Merged result: "));
                    dump_value(out, &inner, n.value.as_ref().unwrap_or(&Value::Undef));
                    out.push('\n');
                }
            }
            Kind::DataProvider { name, config } => {
                out.push_str(&format!("{first}{name}\n"));
                if let Some(c) = config {
                    out.push_str(&format!("{inner}Using configuration \"{c}\"\n"));
                }
                branches(out);
                self.dump_outcome(n, out, &inner);
            }
            Kind::Location {
                path,
                original,
                is_uri,
            } => {
                let (what, word) = if *is_uri {
                    ("URI", "uri")
                } else {
                    ("Path", "path")
                };
                out.push_str(&format!("{indent}{what} \"{path}\"\n"));
                out.push_str(&format!("{inner}Original {word}: \"{original}\"\n"));
                branches(out);
                if n.event == Event::LocationNotFound {
                    out.push_str(&format!("{inner}Path not found\n"));
                }
                self.dump_outcome(n, out, &inner);
            }
            Kind::SubLookup(segments) => {
                out.push_str(&format!("{indent}Sub key: \"{}\"\n", segments.join(".")));
                branches(out);
                self.dump_outcome(n, out, &inner);
            }
            Kind::Segment => self.dump_outcome(n, out, indent),
            Kind::Scope(name) => {
                out.push_str(&format!("{indent}{name}\n"));
                branches(out);
                self.dump_outcome(n, out, &inner);
            }
        }
    }
}

/// A value as the explainer prints it: hashes and arrays one entry a line, the rest in
/// Ruby's `inspect` form.
fn dump_value(out: &mut String, indent: &str, v: &Value) {
    let inner = format!("{indent}  ");
    match v {
        Value::Hash(h) => {
            out.push('{');
            if !h.is_empty() {
                let mut sep = "\n";
                for (k, v) in h.iter() {
                    out.push_str(sep);
                    out.push_str(&inner);
                    dump_value(out, &inner, k);
                    out.push_str(" => ");
                    dump_value(out, &inner, v);
                    sep = ",\n";
                }
                out.push('\n');
                out.push_str(indent);
            }
            out.push('}');
        }
        Value::Array(a) => {
            out.push('[');
            if !a.is_empty() {
                let mut sep = "\n";
                for v in a.iter() {
                    out.push_str(sep);
                    out.push_str(&inner);
                    dump_value(out, &inner, v);
                    sep = ",\n";
                }
                out.push('\n');
                out.push_str(indent);
            }
            out.push(']');
        }
        other => out.push_str(&inspect(other)),
    }
}
