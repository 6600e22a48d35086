//! What a module's custom fact writes (`puts`, `warn` in its code) is the cell's output, on
//! the stream it wrote to, as a module function's is (the reference's Facter writes it to
//! its process's standard output and error).

use crate::output::{Event, StreamName};
use crate::worker::{ExecuteJob, Job, Worker};
use serde_json::Map;

/// The streams' text a cell sent.
fn streams(worker: &mut Worker, code: &str) -> Vec<(bool, String)> {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    worker.run(Job::Execute(ExecuteJob {
        code: code.to_string(),
        name: "In[1]".into(),
        silent: false,
        allow_stdin: false,
        user_expressions: Map::new(),
        events: tx,
    }));
    let mut out = Vec::new();
    while let Ok(event) = rx.try_recv() {
        if let Event::Stream { name, text } = event {
            out.push((matches!(name, StreamName::Stdout), text));
        }
    }
    out
}

#[test]
fn a_custom_facts_output_is_the_cells() {
    let dir = std::env::temp_dir().join(format!("prepl-kernel-fo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("fo/lib/facter")).unwrap();
    std::fs::write(
        dir.join("fo/lib/facter/fo.rb"),
        "puts 'loading fo'\n\
         Facter.add(:fo_said) do\n  setcode do\n    puts \"resolving #{Facter.value(:kernel)}\"\n    \
         warn 'careful'\n    'said'\n  end\nend\n",
    )
    .unwrap();
    let mut w = Worker::new();
    // (the facts are resolved when they are installed: the cell that changes them)
    let mut out = streams(&mut w, &format!("%modulepath {}", dir.display()));
    out.extend(streams(&mut w, "%facts set kernel=Plan9"));
    out.extend(streams(&mut w, "$facts['fo_said']"));
    let _ = std::fs::remove_dir_all(&dir);
    let stdout: String = out
        .iter()
        .filter(|(o, _)| *o)
        .map(|(_, t)| t.as_str())
        .collect();
    let stderr: String = out
        .iter()
        .filter(|(o, _)| !*o)
        .map(|(_, t)| t.as_str())
        .collect();
    assert!(stdout.contains("loading fo\nresolving Plan9\n"), "{out:?}");
    assert!(stderr.contains("careful\n"), "{out:?}");
}
