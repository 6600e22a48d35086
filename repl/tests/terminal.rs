//! End-to-end: drives a real `prepl` in a terminal (tmux) through a session.
//! Skipped (with a message) when tmux is not installed.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn start(&self, home: &Path, history: &Path) {
        let command = format!(
            "env -u NO_COLOR HOME='{}' PREPL_HISTORY='{}' TERM=xterm-256color '{}'; sleep 30",
            home.display(),
            history.display(),
            env!("CARGO_BIN_EXE_prepl")
        );
        self.run(&[
            "new-session",
            "-d",
            "-s",
            "t",
            "-x",
            "200",
            "-y",
            "50",
            &command,
        ]);
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "t"];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    /// Types literal text (no key names).
    fn type_text(&self, text: &str) {
        self.run(&["send-keys", "-t", "t", "-l", text]);
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "t", "-S", "-200"])
    }

    /// Waits until the screen contains `needle` (after `from` earlier occurrences).
    fn wait_for_nth(&self, needle: &str, n: usize) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let screen = self.screen();
            if screen.matches(needle).count() >= n {
                return screen;
            }
            if Instant::now() > deadline {
                panic!("timed out waiting for {needle:?} (x{n}); the screen:\n{screen}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn wait_for(&self, needle: &str) -> String {
        self.wait_for_nth(needle, 1)
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

fn scratch_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("prepl-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

#[test]
fn interactive_session_in_a_terminal() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed: skipping the terminal test");
        return;
    }
    let dir = scratch_dir();
    let history = dir.join("history");
    let tmux = Tmux {
        socket: format!("prepl-e2e-{}", std::process::id()),
    };
    tmux.start(&dir, &history);
    tmux.wait_for("prepl[1]>");

    // Multi-line input: an open bracket continues on the next line.
    tmux.type_text("$xs = [1,");
    tmux.keys(&["Enter"]);
    tmux.wait_for("...>");
    tmux.type_text("2, 3]");
    tmux.keys(&["Enter"]);
    tmux.wait_for("=> [1, 2, 3]");

    // Completion of a variable, then of a function after `.`.
    tmux.wait_for("prepl[2]>");
    tmux.type_text("$x");
    tmux.keys(&["Tab"]);
    tmux.wait_for("prepl[2]> $xs");
    tmux.type_text(".filt");
    tmux.keys(&["Tab"]);
    tmux.wait_for("prepl[2]> $xs.filter");
    tmux.type_text(" |$v| { $v > 1 }");
    tmux.keys(&["Enter"]);
    tmux.wait_for("=> [2, 3]");

    // An error, then more work in the same session.
    tmux.wait_for("prepl[3]>");
    tmux.type_text("$nosuch + 1");
    tmux.keys(&["Enter"]);
    tmux.wait_for("Unknown variable");
    tmux.wait_for("prepl[4]>");
    tmux.type_text("$xs[0] + $_[1]");
    tmux.keys(&["Enter"]);
    tmux.wait_for("=> 4");

    // Ctrl-C interrupts a long evaluation; the session survives.
    tmux.wait_for("prepl[5]>");
    tmux.type_text("Integer[1, 1000000000].each |$x| { }");
    tmux.keys(&["Enter"]);
    std::thread::sleep(Duration::from_millis(500));
    tmux.keys(&["C-c"]);
    tmux.wait_for("Interrupted.");
    tmux.wait_for("prepl[6]>");
    tmux.type_text("$xs[1]");
    tmux.keys(&["Enter"]);
    tmux.wait_for("=> 2");

    // Ctrl-C at the prompt clears the line.
    tmux.wait_for("prepl[7]>");
    tmux.type_text("this is dropped");
    tmux.keys(&["C-c"]);
    tmux.wait_for_nth("prepl[7]>", 2);

    // Resources compile into the catalog; `:catalog graph`, completed, shows it.
    tmux.type_text("package { 'ntp': } -> service { 'ntpd': }");
    tmux.keys(&["Enter"]);
    tmux.wait_for("=> [Service['ntpd']]");
    tmux.wait_for("prepl[8]>");
    tmux.type_text(":cat");
    tmux.keys(&["Tab"]);
    tmux.wait_for("prepl[8]> :catalog");
    tmux.type_text(" gr");
    tmux.keys(&["Tab"]);
    tmux.wait_for("prepl[8]> :catalog graph");
    tmux.keys(&["Enter"]);
    tmux.wait_for("  Package[ntp] -> Service[ntpd]");
    tmux.wait_for("     └─ Service[ntpd]");

    // History survives a restart.
    tmux.type_text(":quit");
    tmux.keys(&["Enter"]);
    std::thread::sleep(Duration::from_millis(300));
    drop(tmux);
    let saved = std::fs::read_to_string(&history).expect("the history file exists");
    assert!(saved.contains("$xs[1]"), "history file: {saved}");
    let tmux = Tmux {
        socket: format!("prepl-e2e-{}-again", std::process::id()),
    };
    tmux.start(&dir, &history);
    tmux.wait_for("prepl[1]>");
    tmux.keys(&["Up"]);
    tmux.wait_for("prepl[1]> :quit");
    tmux.keys(&["Up"]);
    tmux.wait_for("prepl[1]> :catalog graph");
    tmux.keys(&["C-c"]);
    tmux.keys(&["C-d"]);
    let _ = std::fs::remove_dir_all(&dir);
}
