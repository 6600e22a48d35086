//! A terminal of its own for a test: a tmux server on a private socket, one session `t`,
//! killed when dropped.

use std::process::Command;
use std::time::{Duration, Instant};

pub struct Tmux {
    socket: String,
    /// How long `wait_for_nth` waits before failing the test.
    wait: Duration,
    /// How many lines above the screen `screen` includes.
    scrollback: u32,
}

impl Tmux {
    pub fn new(socket: String, wait: Duration, scrollback: u32) -> Tmux {
        Tmux {
            socket,
            wait,
            scrollback,
        }
    }

    pub fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "t"];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    /// Types literal text (no key names).
    pub fn type_text(&self, text: &str) {
        self.run(&["send-keys", "-t", "t", "-l", text]);
    }

    pub fn screen(&self) -> String {
        let from = format!("-{}", self.scrollback);
        self.run(&["capture-pane", "-p", "-t", "t", "-S", &from])
    }

    /// Waits until the screen shows `needle` at least `n` times.
    pub fn wait_for_nth(&self, needle: &str, n: usize) -> String {
        let deadline = Instant::now() + self.wait;
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

    /// Waits until the screen shows at least `n` prompts, first lines (`prepl[N]> `) and
    /// continuation lines (`...>`) together: the answer to each input typed so far is
    /// printed before the next is typed, however slow the machine.
    pub fn wait_for_prompts(&self, n: usize) -> String {
        let deadline = Instant::now() + self.wait;
        loop {
            let screen = self.screen();
            if screen.matches("prepl[").count() + screen.matches("...>").count() >= n {
                return screen;
            }
            if Instant::now() > deadline {
                panic!("timed out waiting for {n} prompts; the screen:\n{screen}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    pub fn wait_for(&self, needle: &str) -> String {
        self.wait_for_nth(needle, 1)
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}
