//! The data files of a hierarchy level: its paths interpolated, globs and mapped paths
//! expanded.

use super::*;

impl Lookup<'_> {
    /// The files of a hierarchy level (paths interpolated, globs expanded).
    pub(super) fn locations(
        &mut self,
        config: &Rc<Config>,
        entry: &Entry,
    ) -> Result<Vec<Option<Location>>, Error> {
        // The interpolation of paths is not part of an explanation.
        let explainer = std::mem::replace(&mut self.x, Explainer::new(false));
        let r = self.locations_unexplained(config, entry);
        self.x = explainer;
        r
    }

    pub(super) fn locations_unexplained(
        &mut self,
        config: &Rc<Config>,
        entry: &Entry,
    ) -> Result<Vec<Option<Location>>, Error> {
        let r = (|| {
            let datadir = self.interpolate_path(&entry.datadir)?;
            let datadir = config.root.join(datadir);
            Ok(match &entry.locations {
                Locations::None => vec![None],
                Locations::Paths(paths) => {
                    let mut out = Vec::new();
                    for p in paths {
                        let mut file = self.interpolate_path(p)?;
                        if let Some(ext) = &entry.extension {
                            if !file.ends_with(ext.as_str()) {
                                file.push_str(ext);
                            }
                        }
                        let path = datadir.join(file);
                        out.push(Some(Location {
                            original: p.clone(),
                            exists: crate::env::fs::exists(&path),
                            path,
                            is_uri: false,
                        }));
                    }
                    out
                }
                Locations::Globs(globs) => {
                    let mut out = Vec::new();
                    for g in globs {
                        let pattern = datadir.join(self.interpolate_path(g)?);
                        let pattern = pattern.display().to_string();
                        for path in glob::expand(&pattern)? {
                            out.push(Some(Location {
                                original: pattern.clone(),
                                path,
                                exists: true,
                                is_uri: false,
                            }));
                        }
                    }
                    out
                }
                Locations::Mapped(var, key, template) => {
                    let values = self.scope_lookup(var, "mapped_path[0]")?;
                    let values: Vec<Value> = match values {
                        Some(Value::Array(a)) => a.to_vec(),
                        Some(Value::String(s)) if !s.is_empty() => vec![Value::String(s)],
                        Some(Value::Hash(h)) if !h.is_empty() => h
                            .iter()
                            .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
                            .collect(),
                        _ => Vec::new(),
                    };
                    let mut out = Vec::new();
                    for v in values {
                        self.locals.push((key.clone(), v));
                        let p = self.interpolate_str(template, false);
                        self.locals.pop();
                        let path = datadir.join(p?);
                        out.push(Some(Location {
                            original: template.clone(),
                            exists: crate::env::fs::exists(&path),
                            path,
                            is_uri: false,
                        }));
                    }
                    out
                }
                Locations::Uris(uris) => {
                    if backends::BackendKind::of(entry).is_none() {
                        return Err(lookup_error(format!(
                            "Hierarchy entry '{}': 'uri' and 'uris' locations are not supported by prepl (only file data: yaml_data, json_data)",
                            entry.name
                        )));
                    }
                    let mut out = Vec::new();
                    for u in uris {
                        out.push(Some(Location {
                            original: u.clone(),
                            path: PathBuf::from(self.interpolate_path(u)?),
                            exists: true,
                            is_uri: true,
                        }));
                    }
                    out
                }
            })
        })();
        r.map_err(|e: Error| {
            // An undefined variable in hiera.yaml names the file (and line when found).
            match e
                .message
                .strip_prefix("Undefined variable '")
                .and_then(|m| m.split_once('\''))
            {
                Some((var, _)) => {
                    let re =
                        regex::Regex::new(&format!(r#"%\{{['"]?{}['"]?\}}"#, regex::escape(var)))
                            .ok();
                    let line = re.and_then(|re| config.find_line(&re));
                    let at = match line {
                        Some(l) => format!("(file: {}, line: {l})", config.path.display()),
                        None => format!("(file: {})", config.path.display()),
                    };
                    lookup_error(format!("Undefined variable '{var}' {at}"))
                }
                None => e,
            }
        })
    }
}
