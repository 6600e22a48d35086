//! The nodes of a fleet diff: one per facts file (`--facts DIR|FILE`), per facterdb filter
//! (`--facts-for`), per name (`--node`); this machine when none is named.

use super::Request;
use crate::values::Value;
use std::path::{Path, PathBuf};

/// Where a node's facts come from (read on the thread that compiles it: values are not
/// `Send`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Facts {
    File(String),
    Facterdb(String),
    Local,
}

impl Facts {
    /// The facts themselves.
    pub fn read(&self) -> Result<Value, String> {
        match self {
            Facts::File(path) => crate::env::facts_file::load(path),
            Facts::Facterdb(filter) => crate::env::facterdb::find(filter).map(|(_, v)| v),
            Facts::Local => Ok(crate::env::facts::local()),
        }
    }
}

#[derive(Debug, Clone)]
pub struct Node {
    pub name: String,
    pub facts: Facts,
}

/// The nodes the request names.
pub fn nodes(req: &Request) -> Result<Vec<Node>, String> {
    let mut sets: Vec<(String, Facts)> = Vec::new();
    for path in &req.facts {
        let p = Path::new(path);
        if p.is_dir() {
            let mut files: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| format!("{path}: {e}"))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| {
                    f.is_file()
                        && f.extension().and_then(|x| x.to_str()).is_some_and(|x| {
                            matches!(
                                x.to_ascii_lowercase().as_str(),
                                "json" | "yaml" | "yml" | "facts"
                            )
                        })
                })
                .collect();
            files.sort();
            if files.is_empty() {
                return Err(format!("{path}: no facts files (*.json, *.yaml)"));
            }
            for f in files {
                sets.push((stem(&f), Facts::File(f.display().to_string())));
            }
        } else if p.is_file() {
            sets.push((stem(p), Facts::File(path.clone())));
        } else {
            return Err(format!("--facts {path}: no such file or directory"));
        }
    }
    for filter in &req.facts_for {
        sets.push((filter.clone(), Facts::Facterdb(filter.clone())));
    }
    let mut nodes: Vec<Node> = if req.nodes.is_empty() {
        sets.into_iter()
            .map(|(name, facts)| Node { name, facts })
            .collect()
    } else if sets.len() == 1 {
        let facts = sets.remove(0).1;
        req.nodes
            .iter()
            .map(|n| Node {
                name: n.clone(),
                facts: facts.clone(),
            })
            .collect()
    } else {
        let mut all: Vec<Node> = sets
            .into_iter()
            .map(|(name, facts)| Node { name, facts })
            .collect();
        all.extend(req.nodes.iter().map(|n| Node {
            name: n.clone(),
            facts: Facts::Local,
        }));
        all
    };
    if nodes.is_empty() {
        nodes.push(Node {
            name: crate::env::node::machine_fqdn().to_string(),
            facts: Facts::Local,
        });
    }
    let mut seen = std::collections::HashSet::new();
    for n in &nodes {
        if !seen.insert(n.name.clone()) {
            return Err(format!("two nodes are named {}", n.name));
        }
    }
    Ok(nodes)
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}
