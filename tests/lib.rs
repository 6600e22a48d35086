//! Support for the workspace-level tests: running one corpus case through a fresh session.

use prepl::{format, Session};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// One program of a corpus with the reference's result.
#[derive(Debug, Clone)]
pub struct Case {
    pub id: String,
    pub area: String,
    pub src: String,
    pub expected: Outcome,
}

/// What a program produced: a value (programmatic form) or an error message, plus log lines
/// (`notice: text`).
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub value: Option<String>,
    pub error: Option<String>,
    pub log: Vec<String>,
}

impl Outcome {
    /// A one-line summary for failure reports.
    pub fn summary(&self) -> String {
        let main = match (&self.value, &self.error) {
            (Some(v), _) => v.clone(),
            (None, Some(e)) => format!("error: {e}"),
            _ => "(nothing)".into(),
        };
        if self.log.is_empty() {
            main
        } else {
            format!("{main}  log: {:?}", self.log)
        }
    }
}

pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

/// Reads every `expected/*.jsonl` file of the corpus.
pub fn load_corpus(dir: &Path) -> Vec<Case> {
    let mut files: Vec<_> = std::fs::read_dir(dir.join("expected"))
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut cases = Vec::new();
    for file in files {
        let area = file
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for (n, line) in text.lines().enumerate() {
            let Ok(j) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            let s = |k: &str| j.get(k).and_then(|v| v.as_str()).map(str::to_string);
            let error = s("error");
            let mut log: Vec<String> = j
                .get("log")
                .and_then(|l| l.as_array())
                .map(|a| {
                    a.iter()
                        .filter_map(|x| x.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default();
            // The oracle also logs the final error as an `err:` line (sometimes with " on node
            // <host>" appended); that is the error itself.
            if let Some(e) = &error {
                if log
                    .last()
                    .is_some_and(|l| l.starts_with(&format!("err: {e}")))
                {
                    log.pop();
                }
            }
            cases.push(Case {
                id: s("id").unwrap_or_else(|| format!("{area}-{}", n + 1)),
                area: area.clone(),
                src: s("src").unwrap_or_default(),
                expected: Outcome {
                    value: s("value"),
                    error,
                    log,
                },
            });
        }
    }
    cases
}

/// Evaluates `src` in a fresh session, as the oracle does, interrupting it after `limit`.
pub fn run_case(src: &str, limit: Duration, watchdog: &Watchdog) -> Outcome {
    let mut session = Session::new();
    watchdog.arm(session.interrupt_handle(), limit);
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| session.eval(src)));
    watchdog.disarm();
    let log: Vec<String> = session
        .take_logs()
        .into_iter()
        .filter(|(level, _)| !matches!(level, prepl::LogLevel::Debug | prepl::LogLevel::Info))
        .map(|(level, m)| format!("{}: {m}", level.name()))
        .collect();
    match result {
        Ok(Ok(v)) => Outcome {
            value: Some(format::to_programmatic(&v)),
            error: None,
            log,
        },
        Ok(Err(e)) => Outcome {
            value: None,
            error: Some(e.full_message()),
            log,
        },
        Err(_) => Outcome {
            value: None,
            error: Some("PANIC".into()),
            log,
        },
    }
}

/// The deadline of the running case and the flag that interrupts it.
type Armed = Arc<Mutex<Option<(Instant, Arc<AtomicBool>)>>>;

/// Interrupts a running evaluation that takes too long.
pub struct Watchdog {
    state: Armed,
}

impl Watchdog {
    pub fn start() -> Watchdog {
        let state: Armed = Arc::new(Mutex::new(None));
        let s = state.clone();
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_millis(50));
            if let Ok(guard) = s.lock() {
                if let Some((deadline, flag)) = &*guard {
                    if Instant::now() > *deadline {
                        flag.store(true, Ordering::Relaxed);
                    }
                }
            }
            if Arc::strong_count(&s) == 1 {
                return;
            }
        });
        Watchdog { state }
    }
    fn arm(&self, flag: Arc<AtomicBool>, limit: Duration) {
        if let Ok(mut g) = self.state.lock() {
            *g = Some((Instant::now() + limit, flag));
        }
    }
    fn disarm(&self) {
        if let Ok(mut g) = self.state.lock() {
            *g = None;
        }
    }
}

/// Runs `f` on a thread with a stack large enough for deep evaluation.
pub fn with_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(512 * 1024 * 1024)
        .spawn(f)
        .expect("spawn test thread")
        .join()
        .expect("test thread panicked")
}
