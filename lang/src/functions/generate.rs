//! `generate(command, args...)`: runs a command and answers its output, as the reference does
//! on the compiling machine — only when the session allows running commands
//! (`Session::set_allow_exec`: `prepl --allow-exec`, `:set exec on`); refused otherwise.

use super::{builtin, Builtin};
use crate::error::Error;
use crate::eval::{Closure, EvalResult, Evaluator};
use crate::format::to_display;
use crate::values::Value;
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};

/// The reference's checks of the command name, before anything runs.
fn check_command(command: &str) -> Result<(), Error> {
    if !command.starts_with('/') {
        return Err(Error::eval("Generators must be fully qualified"));
    }
    // (the reference's `\w` is ASCII: `/usr/bin/é` is refused)
    let valid = command
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '/' | '_' | '.' | '+'));
    if !valid {
        return Err(Error::eval(
            "Generators can only contain alphanumerics, file separators, and dashes",
        ));
    }
    if command.contains("..") {
        return Err(Error::eval("Can not use generators with '..' in them."));
    }
    Ok(())
}

/// Runs the command in its own directory, with standard error joined to standard output
/// (as the reference's `Puppet::Util::Execution.execute`); the output, or the reference's
/// failure message. The output counts against the memory limit and the interrupt is
/// looked at while waiting for it: either kills the command (in a process group of its
/// own, so what it started goes too) and is the error.
fn run(words: &[String]) -> Result<String, Error> {
    let command = &words[0];
    let failed = |status: &str, output: &str| {
        Error::eval(format!(
            "Failed to execute generator {command}: Execution of '{}' returned {status}: {output}",
            words.join(" ")
        ))
    };
    let dir = Path::new(command).parent().unwrap_or(Path::new("/"));
    let (mut reader, writer) = std::io::pipe().map_err(|e| Error::eval(e.to_string()))?;
    let writer2 = writer.try_clone().map_err(|e| Error::eval(e.to_string()))?;
    let mut child = match Command::new(command)
        .process_group(0)
        .args(&words[1..])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(writer2)
        .spawn()
    {
        Ok(child) => child,
        // The reference's child process fails to exec and exits with 1.
        Err(_) => return Err(failed("1", "")),
    };
    let read = read_output(&mut reader);
    if read.is_err() {
        // SAFETY: a signal to the process group the child leads (its id, negated).
        unsafe { libc::kill(-(child.id() as libc::pid_t), libc::SIGKILL) };
    }
    let status = child.wait().map_err(|e| Error::eval(e.to_string()))?;
    let bytes = read?;
    let output = String::from_utf8_lossy(&bytes).into_owned();
    match status.code() {
        Some(0) => Ok(output),
        Some(code) => Err(failed(&code.to_string(), &output)),
        None => Err(failed("a signal", &output)),
    }
}

/// All a pipe gives until its end, in pieces as they come: each counted against the memory
/// limit, and the interrupt looked at every 50 ms while nothing comes.
fn read_output(reader: &mut std::io::PipeReader) -> Result<Vec<u8>, Error> {
    use std::os::fd::AsRawFd;
    let mut bytes = Vec::new();
    let mut piece = vec![0u8; 64 << 10];
    loop {
        crate::limits::check_interrupt()?;
        let mut ready = libc::pollfd {
            fd: reader.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid pollfd for the duration of the call.
        if unsafe { libc::poll(&mut ready, 1, 50) } <= 0 {
            continue; // nothing yet (or a signal): look at the interrupt again
        }
        match reader.read(&mut piece) {
            Ok(0) => return Ok(bytes),
            Ok(n) => {
                if bytes.len() + n > bytes.capacity() {
                    // (the vector grows into a new block while it holds the old one)
                    crate::limits::reserve((bytes.len() + n).max(bytes.capacity() * 2))?;
                }
                bytes.extend_from_slice(&piece[..n]);
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(Error::eval(e.to_string())),
        }
    }
}

fn generate(ev: &mut Evaluator, args: &[Value], _: Option<&Closure>) -> EvalResult {
    if args.is_empty() {
        return Err(
            Error::eval("generate(): Wrong number of arguments given (0 for minimum 1)").into(),
        );
    }
    let words: Vec<String> = args.iter().map(to_display).collect();
    check_command(&words[0])?;
    if !ev.allow_exec {
        return Err(Error::eval(format!(
            "generate(): running commands is not enabled in this session; '{}' was not run \
             (enable it with prepl --allow-exec, :set exec on, or the kernel's %set exec on)",
            words[0]
        ))
        .into());
    }
    Ok(Value::from(run(&words)?))
}

pub fn builtins() -> Vec<Builtin> {
    vec![builtin(
        "generate",
        &["Any *$args"],
        generate,
        "generate(String $command, String *$args) -> String\nRuns a command (an absolute path, no shell) and answers its output; refused unless the session allows running commands (--allow-exec, :set exec on).\n\n    generate('/bin/date', '+%Y')",
    )]
}

#[cfg(test)]
mod tests {
    use crate::Session;

    fn eval(s: &mut Session, src: &str) -> Result<String, String> {
        s.eval(src)
            .map(|v| crate::format::to_programmatic(&v))
            .map_err(|e| {
                e.message
                    .trim_start_matches("Error while evaluating a Function Call, ")
                    .to_string()
            })
    }

    #[test]
    fn refused_unless_enabled_then_run_as_the_reference_does() {
        let mut s = Session::new();
        let refused = eval(&mut s, "generate('/bin/echo', 'hi')").unwrap_err();
        assert!(
            refused.contains("running commands is not enabled"),
            "{refused}"
        );
        assert_eq!(
            eval(&mut s, "generate('echo', 'hi')").unwrap_err(),
            "Generators must be fully qualified"
        );
        assert_eq!(
            eval(&mut s, "generate('/bin/../echo')").unwrap_err(),
            "Can not use generators with '..' in them."
        );
        // The reference's `\w` is ASCII.
        assert_eq!(
            eval(&mut s, "generate('/bin/éch')").unwrap_err(),
            "Generators can only contain alphanumerics, file separators, and dashes"
        );
        s.set_allow_exec(true);
        assert_eq!(
            eval(&mut s, "generate('/bin/echo', 'a;b')"),
            Ok("\"a;b\\n\"".into())
        );
        assert_eq!(
            eval(
                &mut s,
                "generate('/bin/sh', '-c', 'echo err >&2; echo out')"
            ),
            Ok("\"err\\nout\\n\"".into())
        );
        assert_eq!(
            eval(&mut s, "generate('/bin/false')").unwrap_err(),
            "Failed to execute generator /bin/false: Execution of '/bin/false' returned 1: "
        );
        assert_eq!(
            eval(&mut s, "generate('/nonexistent/x')").unwrap_err(),
            "Failed to execute generator /nonexistent/x: Execution of '/nonexistent/x' returned 1: "
        );
    }
}
