//! The catalog document written as indented JSON text directly, byte for byte as
//! `serde_json::to_string_pretty` writes the [`Document`](super::Document) view: two spaces
//! per level, `"key": value`, empty arrays and objects as `[]` and `{}`, strings escaped as
//! serde_json escapes them (`\"`, `\\`, `\b`, `\t`, `\n`, `\f`, `\r`, other control
//! characters as `\u00XX`), floats as serde_json writes them.

use super::super::builtin_types::{self, ParamValue};
use super::super::{Catalog, Resource, ResourceId};
use crate::format;
use crate::types::PType;
use crate::values::Value;

#[derive(Default)]
pub(super) struct Writer<'a> {
    out: String,
    depth: usize,
    /// Where the text goes as it is written, [`SPILL`] bytes at a time, when it is not
    /// kept whole (`--catalog`: a catalog's text can be far larger than the catalog, as
    /// each class lists the tags of every class around it).
    sink: Option<&'a mut dyn std::io::Write>,
    /// The first error writing to the sink (nothing more is written after it).
    failed: Option<std::io::Error>,
}

/// How much text a [`Writer`] with a sink holds before writing it there.
const SPILL: usize = 64 << 10;

/// Whether a byte is written escaped in a JSON string.
fn needs_escape(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// Whether one of eight bytes is a control character, `"` or `\\` (bit tricks: a byte of
/// `x - 0x20..` borrows when below 0x20, `x ^ 0x22..` is zero where `"` is).
fn any_needs_escape(x: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let zero_byte = |v: u64| v.wrapping_sub(ONES) & !v & HIGH;
    let below_space = x.wrapping_sub(ONES * 0x20) & !x & HIGH;
    below_space | zero_byte(x ^ (ONES * u64::from(b'"'))) | zero_byte(x ^ (ONES * u64::from(b'\\')))
        != 0
}

impl<'a> Writer<'a> {
    pub(super) fn finish(self) -> String {
        self.out
    }

    /// A writer that writes its text to `sink` as it goes.
    pub(super) fn to_sink(sink: &'a mut dyn std::io::Write) -> Writer<'a> {
        Writer {
            sink: Some(sink),
            ..Writer::default()
        }
    }

    /// Writes what is held to the sink, once it is [`SPILL`] bytes or more (`all`: whatever
    /// there is).
    fn spill(&mut self, all: bool) {
        let Some(sink) = self.sink.as_mut() else {
            return;
        };
        if self.out.len() < SPILL && !all {
            return;
        }
        if self.failed.is_none() {
            if let Err(e) = sink.write_all(self.out.as_bytes()) {
                self.failed = Some(e);
            }
        }
        self.out.clear();
    }

    /// Writes the rest to the sink: the first error writing there, if any.
    pub(super) fn finish_to_sink(mut self) -> std::io::Result<()> {
        self.spill(true);
        match self.failed {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// A line break (after a comma when `comma`) and the current indentation, in one piece.
    fn line(&mut self, comma: bool) {
        const BREAKS: &str = concat!(
            ",\n",
            "                                                                ",
        );
        let from = usize::from(!comma);
        let width = 2 * self.depth;
        if width <= BREAKS.len() - 2 {
            self.out.push_str(&BREAKS[from..2 + width]);
        } else {
            self.out.push_str(&BREAKS[from..2]);
            for _ in 0..self.depth {
                self.out.push_str("  ");
            }
        }
    }

    /// Opens an array or object.
    fn begin(&mut self, open: char) -> bool {
        self.out.push(open);
        self.depth += 1;
        true
    }

    /// Starts an element of an array (`first` tells whether it is the first).
    fn element(&mut self, first: &mut bool) {
        self.line(!*first);
        *first = false;
    }

    /// Starts an entry of an object: its key and `: `.
    fn key(&mut self, first: &mut bool, key: &str) {
        self.element(first);
        self.string(key);
        self.out.push_str(": ");
    }

    /// [`Writer::key`] for a key written as it is: `"type": ` (no escaping needed).
    fn plain_key(&mut self, first: &mut bool, quoted_key_colon: &str) {
        self.element(first);
        self.out.push_str(quoted_key_colon);
    }

    /// Closes an array or object (`first`: it stayed empty).
    fn end(&mut self, close: char, first: bool) {
        self.depth -= 1;
        if !first {
            self.line(false);
        }
        self.out.push(close);
    }

    /// A string's contents, escaped (without the quotes).
    fn escaped(&mut self, s: &str) {
        let bytes = s.as_bytes();
        // Eight bytes at a time while none needs escaping (most strings need none).
        let mut i = 0;
        while i + 8 <= bytes.len() {
            let mut chunk = [0u8; 8];
            chunk.copy_from_slice(&bytes[i..i + 8]);
            if any_needs_escape(u64::from_le_bytes(chunk)) {
                break;
            }
            i += 8;
        }
        if i + 8 > bytes.len() {
            // The last bytes, padded with a letter.
            let mut chunk = [b'a'; 8];
            chunk[..bytes.len() - i].copy_from_slice(&bytes[i..]);
            if !any_needs_escape(u64::from_le_bytes(chunk)) {
                self.out.push_str(s);
                return;
            }
        }
        let mut start = 0;
        for (i, &b) in bytes.iter().enumerate().skip(i) {
            if !needs_escape(b) {
                continue;
            }
            self.out.push_str(&s[start..i]);
            start = i + 1;
            match b {
                b'"' => self.out.push_str("\\\""),
                b'\\' => self.out.push_str("\\\\"),
                0x08 => self.out.push_str("\\b"),
                b'\t' => self.out.push_str("\\t"),
                b'\n' => self.out.push_str("\\n"),
                0x0c => self.out.push_str("\\f"),
                b'\r' => self.out.push_str("\\r"),
                _ => {
                    const HEX: &[u8; 16] = b"0123456789abcdef";
                    self.out.push_str("\\u00");
                    self.out.push(HEX[(b >> 4) as usize] as char);
                    self.out.push(HEX[(b & 0xf) as usize] as char);
                }
            }
        }
        self.out.push_str(&s[start..]);
    }

    fn string(&mut self, s: &str) {
        self.out.reserve(s.len() + 2);
        self.out.push('"');
        self.escaped(s);
        self.out.push('"');
    }

    /// `"Type[title]"`
    fn reference(&mut self, type_name: &str, title: &str) {
        self.out.push('"');
        self.escaped(type_name);
        self.out.push('[');
        self.escaped(title);
        self.out.push_str("]\"");
    }

    fn integer(&mut self, i: i64) {
        crate::format::push_integer(&mut self.out, i);
    }

    fn strs<'s>(&mut self, items: impl Iterator<Item = &'s str>) {
        let mut first = self.begin('[');
        for t in items {
            self.element(&mut first);
            self.string(t);
        }
        self.end(']', first);
    }

    pub(super) fn document(&mut self, c: &Catalog) {
        let mut first = self.begin('{');
        self.key(&mut first, "name");
        self.string(&c.node_name);
        self.key(&mut first, "environment");
        self.string(&c.environment);
        self.key(&mut first, "resources");
        {
            let mut first = self.begin('[');
            for (id, r) in c.resources() {
                self.element(&mut first);
                self.resource(c, id, r);
                self.spill(false);
            }
            self.end(']', first);
        }
        self.key(&mut first, "edges");
        {
            let mut first = self.begin('[');
            for (source, target) in c.containment_edges() {
                self.element(&mut first);
                let (source, target) = (c.get(source), c.get(target));
                let mut f = self.begin('{');
                self.plain_key(&mut f, "\"source\": ");
                self.reference(&source.type_name, &source.title);
                self.plain_key(&mut f, "\"target\": ");
                self.reference(&target.type_name, &target.title);
                self.end('}', f);
                self.spill(false);
            }
            self.end(']', first);
        }
        self.key(&mut first, "classes");
        self.strs(c.classes().iter().map(|t| &**t));
        self.end('}', first);
    }

    /// `{"type", "title", "tags", "file", "line", "exported", "parameters"}`, as
    /// [`ResourceDoc`](super::ResourceDoc).
    fn resource(&mut self, catalog: &Catalog, id: ResourceId, r: &Resource) {
        let mut first = self.begin('{');
        self.plain_key(&mut first, "\"type\": ");
        self.string(&r.type_name);
        self.plain_key(&mut first, "\"title\": ");
        self.string(&r.title);
        self.plain_key(&mut first, "\"tags\": ");
        self.strs(catalog.tags_of(id).iter().map(|t| &**t));
        if let Some(f) = &r.file {
            self.plain_key(&mut first, "\"file\": ");
            self.string(f);
        }
        if let Some(l) = r.line {
            self.plain_key(&mut first, "\"line\": ");
            self.integer(i64::from(l));
        }
        self.plain_key(&mut first, "\"exported\": ");
        self.out.push_str(if r.exported { "true" } else { "false" });
        match catalog.type_info(&r.type_name) {
            Some(info) if &*r.type_name != "Class" && r.line.is_some() => {
                let params = builtin_types::catalog_parameters_ref(
                    info,
                    &r.title,
                    r.written_parameters().map(|(k, v)| (&**k, v)),
                );
                if !params.is_empty() {
                    self.plain_key(&mut first, "\"parameters\": ");
                    let mut f = self.begin('{');
                    for (k, v) in &params {
                        self.key(&mut f, &super::param_name(k));
                        match v {
                            ParamValue::Title(t) => self.string(t),
                            ParamValue::Given(v) => self.param(k, v),
                        }
                    }
                    self.end('}', f);
                }
            }
            _ => {
                let written = r
                    .written_parameters()
                    .filter(|(k, v)| r.writes_parameter(k, v));
                if written.clone().next().is_some() {
                    self.plain_key(&mut first, "\"parameters\": ");
                    let mut f = self.begin('{');
                    for (k, v) in written {
                        self.key(&mut f, &super::param_name(k));
                        self.param(k, v);
                    }
                    self.end('}', f);
                }
            }
        }
        let sensitive = super::sensitive_parameters(r);
        if !sensitive.is_empty() {
            self.plain_key(&mut first, "\"sensitive_parameters\": ");
            self.strs(sensitive.iter().map(|t| &**t));
        }
        self.end('}', first);
    }

    /// A parameter's value, as [`catalog_value`](super::catalog_value) gives it.
    fn param(&mut self, name: &str, v: &Value) {
        self.data(&super::catalog_value(name, v))
    }

    /// A value as JSON data, as [`Data`](super::Data).
    fn data(&mut self, v: &Value) {
        match v {
            Value::Undef => self.out.push_str("null"),
            Value::Boolean(b) => self.out.push_str(if *b { "true" } else { "false" }),
            Value::Integer(i) => self.integer(*i),
            Value::Float(f) if f.is_finite() => {
                let text = serde_json::to_string(f).unwrap_or_default();
                self.out.push_str(&text);
            }
            Value::Float(_) => self.out.push_str("null"),
            Value::String(t) => self.string(t),
            Value::Array(a) => {
                let mut first = self.begin('[');
                for x in a.iter() {
                    self.element(&mut first);
                    self.data(x);
                }
                self.end(']', first);
            }
            Value::Hash(h) if h.keys().all(|k| matches!(k, Value::String(_))) => {
                let mut first = self.begin('{');
                for (k, x) in h.iter() {
                    self.key(&mut first, k.as_str().unwrap_or_default());
                    self.data(x);
                }
                self.end('}', first);
            }
            Value::Hash(h) => {
                let mut first = self.begin('{');
                self.key(&mut first, "__ptype");
                self.string("Hash");
                self.key(&mut first, "__pvalue");
                let mut f = self.begin('[');
                for (k, x) in h.iter() {
                    self.element(&mut f);
                    self.data(k);
                    self.element(&mut f);
                    self.data(x);
                }
                self.end(']', f);
                self.end('}', first);
            }
            Value::Default => {
                let mut first = self.begin('{');
                self.key(&mut first, "__ptype");
                self.string("Default");
                self.end('}', first);
            }
            Value::Regexp(r) => self.rich("Regexp", r.source()),
            Value::Uri(u) => self.rich("URI", &u.to_string()),
            Value::Object(o) => {
                let mut first = self.begin('{');
                self.key(&mut first, "__ptype");
                self.string(o.typ.label());
                for (k, x) in o.init_hash().iter() {
                    self.key(&mut first, &format::to_display(k));
                    self.data(x);
                }
                self.end('}', first);
            }
            Value::Sensitive(inner) => {
                let mut first = self.begin('{');
                self.key(&mut first, "__ptype");
                self.string("Sensitive");
                self.key(&mut first, "__pvalue");
                self.data(inner);
                self.end('}', first);
            }
            Value::Type(t) => match &**t {
                PType::Resource {
                    type_name: Some(tn),
                    title: Some(title),
                } => self.reference(tn, title),
                PType::Class(Some(n)) => {
                    self.reference("Class", &crate::types::names::capitalize_segments(n))
                }
                _ => self.string(&format::to_display(v)),
            },
            other => match super::rich_label(other) {
                Some(label) => self.rich(label, &format::to_display(other)),
                None => self.string(&format::to_display(other)),
            },
        }
    }

    /// `{"__ptype": "Regexp", "__pvalue": "a+"}`
    fn rich(&mut self, ptype: &str, value: &str) {
        let mut first = self.begin('{');
        self.key(&mut first, "__ptype");
        self.string(ptype);
        self.key(&mut first, "__pvalue");
        self.string(value);
        self.end('}', first);
    }
}
