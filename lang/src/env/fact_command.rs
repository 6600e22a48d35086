//! A custom fact's command (`setcode 'cmd'`, `Facter::Core::Execution.execute`/`exec`,
//! backticks and `%x()`),
//! run only when the session allows running commands (`prepl --allow-exec`, `:set exec on`),
//! as Facter 4 runs it: through the shell, with `LC_ALL=C` and `LANG=C`, its standard output
//! stripped, standard error left out, and killed after a time limit (300 s unless the code
//! gives `timeout:`; then, unless `on_fail: :raise`, its output is empty, as Facter has it:
//! Facter's reader of the output never finishes). As `generate()` does, prepl runs it in a process group of its own
//! (killed whole), bounds its output (4 MiB), and looks at the interrupt while waiting.

use crate::erb::HostError;
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The most output a command may write before it is killed.
const MAX_OUTPUT: usize = 4 << 20;

/// Facter's time limit when the code gives none.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(300);

/// Runs `command` through `/bin/sh`; its standard output stripped, or why it failed (in
/// Facter's words: "Failed while executing 'CMD': ..."). A status other than 0 is no
/// failure: Facter gives the output all the same.
/// Past the time limit, the command is killed and it is a failure when `raise_on_timeout`,
/// else its output is empty.
pub fn run(command: &str, timeout: Duration, raise_on_timeout: bool) -> Result<String, HostError> {
    output(command, timeout, raise_on_timeout).map(|out| out.trim().to_string())
}

/// Runs `command` as `run` does; its whole standard output (Ruby's backticks).
pub fn output(
    command: &str,
    timeout: Duration,
    raise_on_timeout: bool,
) -> Result<String, HostError> {
    let failed = |why: &str| HostError::Raise(format!("Failed while executing '{command}': {why}"));
    let mut child = Command::new("/bin/sh")
        .arg("-c")
        .arg(command)
        .process_group(0)
        .env("LC_ALL", "C")
        .env("LANG", "C")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| failed(&e.to_string()))?;
    let mut stdout = child.stdout.take().expect("piped");
    let kill = |child: &mut std::process::Child| {
        // SAFETY: a signal to the process group the child leads (its id, negated).
        unsafe { libc::kill(-(child.id() as libc::pid_t), libc::SIGKILL) };
        let _ = child.wait();
    };
    let deadline = Instant::now() + timeout;
    let mut bytes = Vec::new();
    let mut piece = vec![0u8; 64 << 10];
    loop {
        if crate::limits::check_interrupt().is_err() {
            kill(&mut child);
            return Err(failed("interrupted"));
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            kill(&mut child);
            if !raise_on_timeout {
                return Ok(String::new());
            }
            return Err(failed(&format!(
                "Timeout encounter after {}s, killing process with pid: {}",
                timeout.as_secs(),
                child.id()
            )));
        }
        let mut ready = libc::pollfd {
            fd: std::os::fd::AsRawFd::as_raw_fd(&stdout),
            events: libc::POLLIN,
            revents: 0,
        };
        let wait = left.as_millis().min(50) as libc::c_int;
        // SAFETY: one valid pollfd for the duration of the call.
        if unsafe { libc::poll(&mut ready, 1, wait) } <= 0 {
            continue;
        }
        match stdout.read(&mut piece) {
            Ok(0) => break,
            Ok(n) => {
                if bytes.len() + n > MAX_OUTPUT {
                    kill(&mut child);
                    return Err(failed(&format!(
                        "its output is over {} MiB",
                        MAX_OUTPUT >> 20
                    )));
                }
                bytes.extend_from_slice(&piece[..n]);
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => {
                kill(&mut child);
                return Err(failed(&e.to_string()));
            }
        }
    }
    let _ = child.wait();
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_stripped_status_ignored() {
        let out = run(
            "echo '  hi '; echo there; echo err >&2; exit 3",
            DEFAULT_TIMEOUT,
            true,
        );
        assert_eq!(out.unwrap(), "hi \nthere");
        assert_eq!(
            run("printf \"$LC_ALL\"", DEFAULT_TIMEOUT, true).unwrap(),
            "C"
        );
        assert_eq!(
            output("echo ' hi '", DEFAULT_TIMEOUT, true).unwrap(),
            " hi \n"
        );
    }

    #[test]
    fn time_limit_kills_the_process_group() {
        let started = Instant::now();
        let err = run("sleep 30 & sleep 30", Duration::from_millis(300), true).unwrap_err();
        let HostError::Raise(message) = err else {
            panic!("{err:?}")
        };
        assert!(
            message.starts_with(
                "Failed while executing 'sleep 30 & sleep 30': Timeout encounter after 0s"
            ),
            "{message}"
        );
        assert!(started.elapsed() < Duration::from_secs(10));
        // Unless on_fail is :raise, its output is empty (what it wrote is lost, as in Facter).
        let out = run("echo partial; sleep 30", Duration::from_millis(300), false);
        assert_eq!(out.unwrap(), "");
    }

    #[test]
    fn output_is_bounded() {
        let err = run("yes", DEFAULT_TIMEOUT, false).unwrap_err();
        assert!(matches!(err, HostError::Raise(m) if m.ends_with("its output is over 4 MiB")));
    }
}
