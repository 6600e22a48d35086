//! The `hiera.yaml` of each layer (global, environment, module), read once a lookup and kept
//! across sessions while the file is unchanged.

use super::*;

impl Lookup<'_> {
    pub(super) fn config(&mut self, path: PathBuf, in_module: bool) -> Result<Rc<Config>, Error> {
        if let Some(c) = self.configs.get(fs::key(&path)) {
            return Ok(c.clone());
        }
        let stamp = crate::env::fs::probe(&path).map(|p| p.stamp);
        let cached = CONFIGS.with(|c| {
            c.borrow()
                .get(fs::key(&path))
                .filter(|(s, _)| Some(*s) == stamp)
                .map(|(_, c)| c.clone())
        });
        let c = match cached {
            Some(c) => c,
            None => {
                let c = match kept_configs::load(&path, in_module) {
                    Ok(c) => Rc::new(c),
                    Err(e) => {
                        if e.message.starts_with("hiera.yaml version 3 cannot be used") {
                            self.deprecated_version(&path, 3);
                        }
                        return Err(e);
                    }
                };
                if let Some(s) = stamp {
                    CONFIGS.with(|m| m.borrow_mut().insert(fs::key(&path).into(), (s, c.clone())));
                }
                c
            }
        };
        if c.version == 4 {
            self.deprecated_version(&path, 4);
        }
        self.configs.insert(fs::key(&path).into(), c.clone());
        Ok(c)
    }

    /// The reference's warning (once) about a `hiera.yaml` of version 3 or 4.
    pub(super) fn deprecated_version(&mut self, path: &Path, version: i64) {
        let message = format!(
            "{}: Use of 'hiera.yaml' version {version} is deprecated. It should be converted to version 5",
            path.display()
        );
        let full = format!("{message}\n   (file: {})", path.display());
        self.ev.warn_once(&message, Some(&full));
    }

    /// The global layer's `hiera.yaml` (version 5; its `datadir` is relative to its directory).
    /// Whether a layer that [`search`](Self::search) asks for `key` has a hierarchy level
    /// to search: the global layer, the environment's, the key's module (its default
    /// hierarchy too). Without one (no `hiera.yaml`, or one with `hierarchy: []` as
    /// Debian's global one), the search finds nothing, and the keys of a class's parameters
    /// need not be searched one by one (a few percent of compiling a module's class). The
    /// errors are those the search would raise first (a `hiera.yaml` that is a directory,
    /// or invalid).
    pub(super) fn has_levels(&mut self, key: &str) -> Result<bool, Error> {
        let has = |c: Option<Rc<Config>>| {
            c.is_some_and(|c| {
                !c.hierarchy.is_empty()
                    || c.default_hierarchy.as_ref().is_some_and(|d| !d.is_empty())
            })
        };
        let lk = LookupKey::parse(key)?;
        Ok(has(self.global_config()?)
            || has(self.env_config()?)
            || match lk.module.as_deref() {
                Some(module) => has(self.module_config(module)?),
                None => false,
            })
    }

    pub(super) fn global_config(&mut self) -> Result<Option<Rc<Config>>, Error> {
        let Some(path) = self.ev.get().hiera_config.clone() else {
            return Ok(None);
        };
        if !config_present(&path)? {
            return Ok(None);
        }
        self.config(path, false).map(Some)
    }

    pub(super) fn env_config(&mut self) -> Result<Option<Rc<Config>>, Error> {
        let Some(dir) = self.ev.get().env.dir.clone() else {
            return Ok(None);
        };
        let path = dir.join("hiera.yaml");
        if !config_present(&path)? {
            return Ok(None);
        }
        self.config(path, false).map(Some)
    }

    pub(super) fn module_config(&mut self, module: &str) -> Result<Option<Rc<Config>>, Error> {
        if let Some(known) = self.module_configs.get(module) {
            return Ok(known.clone());
        }
        let Some(dir) = module_dir(self.ev.get(), module) else {
            return Ok(None);
        };
        let path = dir.join("hiera.yaml");
        let config = match config_present(&path)? {
            true => Some(self.config(path, true)?),
            false => None,
        };
        self.module_configs
            .insert(module.to_string(), config.clone());
        Ok(config)
    }
}

/// Whether a layer has a `hiera.yaml` at `path`: a file (a directory there is the
/// reference's `Is a directory` error, not a layer without one; a FIFO or device is not
/// read).
pub(super) fn config_present(path: &Path) -> Result<bool, Error> {
    match crate::env::fs::probe(path) {
        None => Ok(false),
        Some(p) if p.is_file => Ok(true),
        Some(p) if p.is_dir => Err(Error::eval(format!(
            "Is a directory @ io_fread - {}",
            path.display()
        ))),
        Some(_) => Err(Error::eval(format!(
            "Unable to read {}: not a regular file",
            path.display()
        ))),
    }
}
