//! The input history of this kernel session, for `history_request`.

use serde_json::{json, Value as Json};

/// The session number reported in history entries (this kernel keeps only its own session).
pub const SESSION: i64 = 1;

/// How many bytes of inputs and outputs the history keeps: past that, the oldest entries
/// are forgotten (a session of many cells, never reset, does not grow without end).
const MAX_BYTES: usize = 16 << 20;

#[derive(Debug, Default)]
pub struct History {
    /// (execution count, input, output in plain text), oldest first.
    entries: std::collections::VecDeque<(i64, String, Option<String>)>,
    /// The bytes of the inputs and outputs in `entries`.
    bytes: usize,
}

fn size(e: &(i64, String, Option<String>)) -> usize {
    e.1.len() + e.2.as_ref().map_or(0, String::len)
}

impl History {
    pub fn push(&mut self, count: i64, input: &str, output: Option<String>) {
        self.push_within(count, input, output, MAX_BYTES);
    }

    /// Adds an entry, then forgets the oldest ones while they hold more than `max` bytes
    /// (the newest is kept whatever its size).
    fn push_within(&mut self, count: i64, input: &str, output: Option<String>, max: usize) {
        let entry = (count, input.to_string(), output);
        self.bytes += size(&entry);
        self.entries.push_back(entry);
        while self.bytes > max && self.entries.len() > 1 {
            if let Some(old) = self.entries.pop_front() {
                self.bytes -= size(&old);
            }
        }
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
                    self.entries
                        .range(self.entries.len().saturating_sub(n)..)
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
    fn the_oldest_entries_go_past_the_budget() {
        let mut h = History::default();
        for i in 1..=10 {
            h.push_within(i, &"x".repeat(10), Some("y".repeat(5)), 40);
        }
        let r = h.reply(&json!({"hist_access_type": "tail", "n": 100}));
        let counts: Vec<i64> = r["history"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e[1].as_i64().unwrap())
            .collect();
        assert_eq!(counts, [9, 10]);
        assert_eq!(h.bytes, 30);
        // One entry past the budget stays, alone, until the next.
        h.push_within(11, &"z".repeat(100), None, 40);
        assert_eq!(h.entries.len(), 1);
        h.push_within(12, "1", None, 40);
        assert_eq!((h.entries.len(), h.bytes), (1, 1));
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
