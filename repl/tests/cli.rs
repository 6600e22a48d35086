//! The non-interactive mode: `-e`, a file argument and piped standard input print the value
//! of the last expression on stdout, log lines and errors on stderr, with no prompts or
//! colours. Expected values are the reference's (`puppet-oracle`).

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn prepl(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_prepl"))
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("prepl runs");
    let mut input = child.stdin.take().expect("stdin");
    input
        .write_all(stdin.unwrap_or("").as_bytes())
        .expect("write stdin");
    drop(input);
    child.wait_with_output().expect("prepl ends")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn execute_prints_the_value() {
    let out = prepl(&["-e", "[1, 2].map |$x| { $x * 2 }"], None);
    assert_eq!(text(&out.stdout), "[2, 4]\n");
    assert_eq!(text(&out.stderr), "");
    assert!(out.status.success());
}

#[test]
fn logs_go_to_stderr() {
    let out = prepl(
        &["-e", "notice(\"hi\"); warning(\"careful\"); \"done\""],
        None,
    );
    assert_eq!(text(&out.stdout), "'done'\n");
    assert_eq!(text(&out.stderr), "Notice: hi\nWarning: careful\n");
}

#[test]
fn errors_exit_with_status_one() {
    let out = prepl(&["-e", "$nosuch"], None);
    assert_eq!(text(&out.stdout), "");
    assert_eq!(
        text(&out.stderr),
        "Error: Evaluation Error: Unknown variable: 'nosuch'. (line 1, column 1)\n$nosuch\n^\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn empty_input_is_undef() {
    assert_eq!(text(&prepl(&["-e", "  "], None).stdout), "undef\n");
}

#[test]
fn piped_stdin_and_files() {
    let src = "$a = {\"k\" => [1, \"two\"]}\n$a";
    let out = prepl(&[], Some(src));
    assert_eq!(text(&out.stdout), "{'k' => [1, 'two']}\n");
    let path = std::env::temp_dir().join(format!("prepl-cli-{}.pp", std::process::id()));
    std::fs::write(&path, src).expect("write the file");
    let out = prepl(&[path.to_str().expect("utf-8 path")], None);
    let _ = std::fs::remove_file(&path);
    assert_eq!(text(&out.stdout), "{'k' => [1, 'two']}\n");
    let out = prepl(&["/nonexistent/file.pp"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).starts_with("Error: Could not read file /nonexistent/file.pp"));
}

#[test]
fn help_version_and_bad_arguments() {
    let out = prepl(&["--help"], None);
    assert!(text(&out.stdout).starts_with("Usage: prepl"));
    let out = prepl(&["--version"], None);
    assert_eq!(
        text(&out.stdout),
        format!("prepl {}\n", env!("CARGO_PKG_VERSION"))
    );
    let out = prepl(&["--bogus"], None);
    assert_eq!(out.status.code(), Some(2));
}
