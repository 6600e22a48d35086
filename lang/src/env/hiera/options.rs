//! `lookup_options`: read from the environment's and a module's data, checked, and compiled
//! into exact keys and patterns.

use super::*;

impl Lookup<'_> {
    /// `lookup_options` for a key: the environment's, merged with its module's.
    pub(super) fn lookup_options_for(&mut self, lk: &LookupKey) -> Result<Option<Map>, Error> {
        let module = lk.module.clone();
        if !self.options.contains_key(&module) {
            let compiled = self.retrieve_lookup_options(module.as_deref())?;
            self.options.insert(module.clone(), compiled);
        }
        let Some(Some((exact, patterns))) = self.options.get(&module) else {
            return Ok(None);
        };
        Ok(match options_for_key(exact, patterns, &lk.root) {
            Some(Value::Hash(h)) => Some((*h).clone()),
            _ => None,
        })
    }

    pub(super) fn retrieve_lookup_options(
        &mut self,
        module: Option<&str>,
    ) -> Result<CompiledOptions, Error> {
        let lk = LookupKey::parse("lookup_options")?;
        let hash = Strategy::Hash;
        self.x.push(|| Kind::Top("lookup_options".into()));
        let r = (|| {
            let global = self.layer_lookup(Layer::Global, module, &lk, &hash, false)?;
            let env = self.layer_lookup(Layer::Environment, module, &lk, &hash, false)?;
            // The global layer's options, with the environment's merged over them.
            let env = match (validate_options(global, None)?, env) {
                (None, e) => e,
                (Some(g), None) => Some(g),
                (Some(g), Some(e)) => Some(hash.merge(g, e)?),
            };
            let mut opts = validate_options(env, None)?;
            if let Some(m) = module {
                let from_module = self.layer_lookup(Layer::Module, Some(m), &lk, &hash, false)?;
                let from_module = validate_options(from_module, Some(m))?;
                opts = match (opts, from_module) {
                    (None, m) => m,
                    (Some(e), None) => Some(e),
                    (Some(e), Some(mo)) => {
                        self.x.push(|| Kind::Merge {
                            strategy: "hash",
                            options: None,
                        });
                        self.x.push(|| Kind::Scope("Global and Environment".into()));
                        self.x.found("lookup_options", &e);
                        self.x.pop();
                        self.x.push(|| Kind::Scope(format!("Module {m}")));
                        self.x.found("lookup_options", &mo);
                        self.x.pop();
                        let merged = hash.merge(e, mo)?;
                        self.x.result(&merged);
                        self.x.pop();
                        Some(merged)
                    }
                };
            }
            compile_options(opts)
        })();
        self.x.pop();
        r
    }
}

pub(super) fn validate_options(
    opts: Option<Value>,
    module: Option<&str>,
) -> Result<Option<Value>, Error> {
    let Some(opts) = opts else {
        return Ok(None);
    };
    let Value::Hash(h) = &opts else {
        return Err(lookup_error("value of lookup_options must be a hash"));
    };
    if let Some(m) = module {
        let prefix = format!("{m}::");
        for k in h.keys() {
            let k = k.as_str().unwrap_or_default();
            if let Some(pattern) = k.strip_prefix('^') {
                if !pattern.starts_with(&prefix) {
                    return Err(lookup_error(format!("all lookup_options patterns must match a key starting with module name '{m}'")));
                }
            } else if !k.starts_with(&prefix) {
                return Err(lookup_error(format!(
                    "all lookup_options keys must start with module name '{m}'"
                )));
            }
        }
    }
    Ok(Some(opts))
}

pub(super) fn compile_options(opts: Option<Value>) -> Result<CompiledOptions, Error> {
    let Some(Value::Hash(h)) = opts else {
        return Ok(None);
    };
    let mut exact = Map::default();
    let mut patterns = Vec::new();
    for (k, v) in h.iter() {
        let key = k.as_str().unwrap_or_default();
        if key.starts_with('^') {
            let re = Regexp::new_described(key).map_err(lookup_error)?;
            patterns.push((Rc::new(re), v.clone()));
        } else {
            exact.insert(k.clone(), v.clone());
        }
    }
    Ok(Some((exact, patterns)))
}

/// The `lookup_options` entry for a key's root: its own, else the first pattern's that
/// matches it.
pub(super) fn options_for_key(
    exact: &Map,
    patterns: &[(Rc<Regexp>, Value)],
    root: &str,
) -> Option<Value> {
    exact.get(&Value::string(root)).cloned().or_else(|| {
        patterns
            .iter()
            .find(|(re, _)| re.matches(root))
            .map(|(_, v)| v.clone())
    })
}
