//! Interpolation in Hiera data and hierarchy paths: `%{facts.x}`, `%{lookup('k')}`,
//! `%{alias('k')}`, `%{literal('%')}`, `%{scope('v')}`, and the variables they read.

use super::*;

impl Lookup<'_> {
    /// Interpolates `%{...}` in strings, arrays and hashes (keys and values). A part that
    /// holds nothing to interpolate is kept as it is (not copied), and an array or hash the
    /// data shares (a YAML alias, `*a` used many times) is interpolated once and its result
    /// shared: a "billion laughs" file (nine aliases of nine aliases ...) is a few small
    /// arrays in memory and stays so.
    pub(super) fn interpolate(&mut self, v: &Value, allow_methods: bool) -> Result<Value, Error> {
        let mut done = rustc_hash::FxHashMap::default();
        Ok(self
            .interpolate_shared(v, allow_methods, &mut done)?
            .unwrap_or_else(|| v.clone()))
    }

    /// [`Self::interpolate`], `None` when nothing in `v` changes; `done` holds the answers
    /// for the arrays and hashes met so far, by address.
    pub(super) fn interpolate_shared(
        &mut self,
        v: &Value,
        allow_methods: bool,
        done: &mut rustc_hash::FxHashMap<usize, Option<Value>>,
    ) -> Result<Option<Value>, Error> {
        let address = match v {
            Value::String(s) if s.contains("%{") => {
                return self.interpolate_string(s, allow_methods).map(Some)
            }
            Value::Array(a) => std::rc::Rc::as_ptr(a) as usize,
            Value::Hash(h) => std::rc::Rc::as_ptr(h) as usize,
            _ => return Ok(None),
        };
        if let Some(known) = done.get(&address) {
            return Ok(known.clone());
        }
        crate::limits::check_interrupt()?;
        let out = match v {
            Value::Array(a) => {
                let mut changed: Option<Vec<Value>> = None;
                for (i, x) in a.iter().enumerate() {
                    let new = self.interpolate_shared(x, allow_methods, done)?;
                    if let (None, Some(_)) = (&changed, &new) {
                        crate::limits::reserve_for::<Value>(a.len())?;
                        changed = Some(a.iter().take(i).cloned().collect());
                    }
                    if let Some(items) = &mut changed {
                        items.push(new.unwrap_or_else(|| x.clone()));
                    }
                }
                changed.map(Value::array)
            }
            Value::Hash(h) => {
                let mut changed: Option<Map> = None;
                for (i, (k, x)) in h.iter().enumerate() {
                    let new_k = self.interpolate_shared(k, allow_methods, done)?;
                    let new_x = self.interpolate_shared(x, allow_methods, done)?;
                    if changed.is_none() && (new_k.is_some() || new_x.is_some()) {
                        let mut m = Map::default();
                        for (a, b) in h.iter().take(i) {
                            m.insert(a.clone(), b.clone());
                        }
                        changed = Some(m);
                    }
                    if let Some(m) = &mut changed {
                        m.insert(
                            new_k.unwrap_or_else(|| k.clone()),
                            new_x.unwrap_or_else(|| x.clone()),
                        );
                    }
                }
                changed.map(Value::hash)
            }
            _ => None,
        };
        done.insert(address, out.clone());
        Ok(out)
    }

    pub(super) fn interpolate_str(
        &mut self,
        s: &str,
        allow_methods: bool,
    ) -> Result<String, Error> {
        if !s.contains("%{") {
            return Ok(s.to_string());
        }
        Ok(match self.interpolate_string(s, allow_methods)? {
            Value::String(s) => s.to_string(),
            other => crate::format::ruby::to_s(&other),
        })
    }

    pub(super) fn interpolate_string(
        &mut self,
        subject: &str,
        allow_methods: bool,
    ) -> Result<Value, Error> {
        self.x.push(|| Kind::Interpolate(subject.to_string()));
        let r = self.interpolate_string_inner(subject, allow_methods);
        self.x.pop();
        r
    }

    pub(super) fn interpolate_string_inner(
        &mut self,
        subject: &str,
        allow_methods: bool,
    ) -> Result<Value, Error> {
        static METHOD: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
        let method_re = METHOD.get_or_init(|| {
            regex::Regex::new(r#"^(\w+)\((?:"([^"]+)"|'([^']+)')\)$"#).expect("re")
        });
        let mut out = String::new();
        let mut last = 0;
        // Each `%{...}`: up to the first `}` after it (the reference's `%\{([^\}]*)\}`),
        // found with a byte search rather than a regular expression: paths of the hierarchy
        // are interpolated at every lookup.
        while let Some((start, inner, end)) = next_interpolation(subject, last) {
            let whole = &subject[start..end];
            crate::limits::push_str(&mut out, &subject[last..start])?;
            last = end;
            let expr = inner.trim();
            if matches!(expr, "" | "::" | "\"\"" | "''" | "\"::\"" | "'::'") {
                continue;
            }
            // (a call ends with `)`: only then the method syntax is looked for)
            let call = match expr.ends_with(')') {
                true => method_re.captures(expr),
                false => None,
            };
            let (method, key) = match call {
                Some(m) => {
                    if !allow_methods {
                        return Err(lookup_error(
                            "Interpolation using method syntax is not allowed in this context",
                        ));
                    }
                    let key = m.get(2).or(m.get(3)).map_or("", |k| k.as_str());
                    (m[1].to_string(), key.to_string())
                }
                None => ("scope".to_string(), expr.to_string()),
            };
            let value = match method.as_str() {
                "lookup" | "hiera" | "alias" => {
                    if method == "alias" && whole != subject {
                        return Err(lookup_error("'alias' interpolation is only permitted if the expression is equal to the entire string"));
                    }
                    let v = crate::limits::deep(|| self.global_lookup(&key))?;
                    if method == "alias" {
                        return Ok(v);
                    }
                    v
                }
                "scope" => self.scope_lookup(&key, subject)?.unwrap_or(Value::Undef),
                "literal" => Value::string(key.as_str()),
                other => {
                    return Err(lookup_error(format!(
                        "Unknown interpolation method '{other}'"
                    )))
                }
            };
            let name = if method == "scope" {
                format!("scope:{key}")
            } else {
                key.clone()
            };
            if self.stack.contains(&name) {
                return Err(lookup_error(format!(
                    "Recursive lookup detected in [{}]",
                    self.stack.join(", ")
                )));
            }
            self.stack.push(name);
            let value = self.interpolate(&value, allow_methods);
            self.stack.pop();
            // (growth checked: a variable of hundreds of MiB interpolated a few times)
            match value? {
                Value::Undef => {}
                Value::String(s) => crate::limits::push_str(&mut out, &s)?,
                other => crate::limits::push_str(&mut out, &crate::format::ruby::to_s(&other))?,
            }
        }
        crate::limits::push_str(&mut out, &subject[last..])?;
        // (and the value's copy of it)
        crate::limits::reserve(out.len())?;
        Ok(Value::string(out))
    }

    /// `%{lookup('k')}`: the value, or an empty string.
    pub(super) fn global_lookup(&mut self, key: &str) -> Result<Value, Error> {
        Ok(self
            .lookup_names(&[key.to_string()], None)?
            .map(|(_, v, _)| v)
            .unwrap_or_else(|| Value::string("")))
    }

    /// `%{var}`, `%{facts.os.family}`, `%{::fqdn}`: a variable, then its keys.
    pub(super) fn scope_lookup(
        &mut self,
        key: &str,
        subject: &str,
    ) -> Result<Option<Value>, Error> {
        let mut segments = split_key(key)
            .ok_or_else(|| lookup_error(format!("Syntax error in string: {subject}")))?;
        let root = segments.remove(0).text();
        self.x.push(|| Kind::Scope("Global Scope".into()));
        if self.reads.is_some() {
            let v = self.variable(&root);
            if let Some(reads) = &mut self.reads {
                reads.push((root.clone(), v));
            }
        }
        let value = if let Some(v) = self.overrides.get(&Value::string(root.as_str())) {
            let v = v.clone();
            self.x.found_in_overrides(&root, &v);
            Some(v)
        } else {
            match self.variable(&root) {
                Some(v) => {
                    self.x.found(&root, &v);
                    Some(v)
                }
                None => match self.defaults.get(&Value::string(root.as_str())) {
                    Some(v) => {
                        let v = v.clone();
                        self.x.found_in_defaults(&root, &v);
                        Some(v)
                    }
                    None if matches!(
                        root.trim_start_matches("::"),
                        "facts" | "trusted" | "server_facts"
                    ) =>
                    {
                        None
                    }
                    None => {
                        self.x.pop();
                        return Err(Error::eval(undefined_variable(self.ev.get(), &root)));
                    }
                },
            }
        };
        self.x.pop();
        match value {
            Some(v) if !v.is_undef() && !segments.is_empty() => {
                self.x
                    .push(|| Kind::SubLookup(segments.iter().map(Segment::text).collect()));
                let r = dig_segments(&mut self.x, key, &segments, v);
                self.x.pop();
                r
            }
            other => Ok(other),
        }
    }

    pub(super) fn variable(&self, name: &str) -> Option<Value> {
        if let Some((_, v)) = self.locals.iter().rev().find(|(k, _)| k == name) {
            return Some(v.clone());
        }
        self.ev.get().lookup_variable(name)
    }
}

/// The reference's error for a variable an interpolation names that has no value
/// (`Scope#lookupvar`): a qualified name whose class is not known or not evaluated says so
/// (`Undefined variable 'a::x'; class a could not be found`); one read in an evaluated class
/// (or its parents) that lacks it is named from the top scope (`'::a::x'`).
pub(super) fn undefined_variable(ev: &crate::eval::Evaluator, name: &str) -> String {
    let Some(at) = name.find("::") else {
        return format!("Undefined variable '{name}'; ");
    };
    let mut fqn = if at == 0 { &name[2..] } else { name }.to_string();
    loop {
        let Some((class, leaf)) = fqn.rsplit_once("::") else {
            return format!("Undefined variable '::{fqn}'; ");
        };
        let lower = class.to_ascii_lowercase();
        match ev.compilation.class_scopes.get(lower.as_str()) {
            Some(scope) => match scope.parent.as_ref().map(|p| &p.kind) {
                // (an inherited class's variables are searched under its parent's name)
                Some(crate::compile::scope::ScopeKind::Class(parent)) => {
                    fqn = format!("{parent}::{leaf}");
                }
                _ => return format!("Undefined variable '::{fqn}'; "),
            },
            None => {
                use crate::env::modules;
                let known = ev.compilation.classes.contains_key(lower.as_str())
                    || modules::definition_file(&ev.env, modules::Kind::Manifest, &lower).is_some();
                let why = if known {
                    "has not been evaluated"
                } else {
                    "could not be found"
                };
                return format!("Undefined variable '{fqn}'; class {class} {why}");
            }
        }
    }
}

/// The next `%{...}` of `subject` at or after byte `from`: its start, its inside and its end
/// (after the first `}` that follows it); none when no `}` follows.
pub(super) fn next_interpolation(subject: &str, from: usize) -> Option<(usize, &str, usize)> {
    let start = from + subject[from..].find("%{")?;
    let close = start + 2 + subject[start + 2..].find('}')?;
    Some((start, &subject[start + 2..close], close + 1))
}
