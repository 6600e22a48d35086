//! The input history of this kernel session, for `history_request`.

use serde_json::{json, Value as Json};

/// The session number reported in history entries (this kernel keeps only its own session).
pub const SESSION: i64 = 1;

#[derive(Debug, Default)]
pub struct History {
    /// (execution count, input, output in plain text)
    entries: Vec<(i64, String, Option<String>)>,
}

impl History {
    pub fn push(&mut self, count: i64, input: &str, output: Option<String>) {
        self.entries.push((count, input.to_string(), output));
    }

    fn entry(&self, e: &(i64, String, Option<String>), output: bool) -> Json {
        if output {
            json!([SESSION, e.0, [e.1, e.2]])
        } else {
            json!([SESSION, e.0, e.1])
        }
    }

    /// The `history_reply` content for a request.
    pub fn reply(&self, req: &Json) -> Json {
        let output = req["output"].as_bool().unwrap_or(false);
        let n = req["n"].as_i64().map(|n| n.max(0) as usize);
        let picked: Vec<&(i64, String, Option<String>)> =
            match req["hist_access_type"].as_str().unwrap_or("") {
                "tail" => {
                    let n = n.unwrap_or(10);
                    self.entries[self.entries.len().saturating_sub(n)..]
                        .iter()
                        .collect()
                }
                "range" => {
                    let session = req["session"].as_i64().unwrap_or(0);
                    // 0 means the current session, as does its own number.
                    if session != 0 && session != SESSION {
                        Vec::new()
                    } else {
                        let start = req["start"].as_i64().unwrap_or(0);
                        let stop = req["stop"].as_i64().unwrap_or(i64::MAX);
                        self.entries
                            .iter()
                            .filter(|e| e.0 >= start && e.0 < stop)
                            .collect()
                    }
                }
                "search" => {
                    let pattern = req["pattern"].as_str().unwrap_or("*");
                    let unique = req["unique"].as_bool().unwrap_or(false);
                    let mut found: Vec<_> = self
                        .entries
                        .iter()
                        .filter(|e| prepl::syntax::glob::glob_match(pattern, &e.1))
                        .collect();
                    if unique {
                        // Keep the most recent occurrence of each input.
                        let mut seen = std::collections::HashSet::new();
                        let mut kept: Vec<_> = found
                            .iter()
                            .rev()
                            .filter(|e| seen.insert(&e.1))
                            .copied()
                            .collect();
                        kept.reverse();
                        found = kept;
                    }
                    if let Some(n) = n {
                        found.drain(..found.len().saturating_sub(n));
                    }
                    found
                }
                _ => Vec::new(),
            };
        json!({
            "status": "ok",
            "history": picked.into_iter().map(|e| self.entry(e, output)).collect::<Vec<_>>(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use prepl::syntax::glob::glob_match;

    fn sample() -> History {
        let mut h = History::default();
        h.push(1, "1 + 2", Some("3".into()));
        h.push(2, "$x = 1", None);
        h.push(3, "1 + 2", Some("3".into()));
        h
    }

    #[test]
    fn globs() {
        assert!(glob_match("1*", "1 + 2"));
        assert!(glob_match("*+?", "1 +2"));
        assert!(!glob_match("2*", "1 + 2"));
        assert!(glob_match("*", ""));
    }

    #[test]
    fn tail_range_search() {
        let h = sample();
        let r = h.reply(&json!({"hist_access_type": "tail", "n": 2, "output": true}));
        assert_eq!(
            r["history"],
            json!([[1, 2, ["$x = 1", null]], [1, 3, ["1 + 2", "3"]]])
        );
        let r = h.reply(&json!({"hist_access_type": "range", "session": 1, "start": 2, "stop": 3}));
        assert_eq!(r["history"], json!([[1, 2, "$x = 1"]]));
        let r = h.reply(&json!({"hist_access_type": "search", "pattern": "1*"}));
        assert_eq!(r["history"].as_array().unwrap().len(), 2);
        let r = h.reply(&json!({"hist_access_type": "search", "pattern": "1*", "unique": true}));
        assert_eq!(r["history"], json!([[1, 3, "1 + 2"]]));
        let r = h.reply(&json!({"hist_access_type": "search", "pattern": "*", "n": 1}));
        assert_eq!(r["history"], json!([[1, 3, "1 + 2"]]));
    }
}
