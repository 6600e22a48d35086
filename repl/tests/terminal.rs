//! End-to-end: drives a real `prepl` in a terminal (tmux) through a session.
//! Skipped (with a message) when tmux is not installed.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

mod common;
use common::tmux::Tmux;

/// A terminal for one test (`socket` names its tmux server).
fn terminal(socket: String) -> Tmux {
    Tmux::new(socket, Duration::from_secs(20), 200)
}

/// Starting prepl in the terminal.
impl Tmux {
    fn start(&self, home: &Path, history: &Path) {
        self.start_with(home, history, "");
    }

    /// Starts prepl with command-line arguments (`args`, shell words).
    fn start_with(&self, home: &Path, history: &Path, args: &str) {
        let command = format!(
            "env -u NO_COLOR PREPL_BASEMODULEPATH= HOME='{}' PREPL_HISTORY='{}' TERM=xterm-256color '{}' {args}; sleep 30",
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
}

/// A fresh directory of the test's own (the tests of this file run in parallel threads of
/// one process: a shared directory would be removed under another test's feet).
fn scratch_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("prepl-e2e-{}-{test}", std::process::id()));
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
    let dir = scratch_dir("session");
    let history = dir.join("history");
    let tmux = terminal(format!("prepl-e2e-{}", std::process::id()));
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
    let tmux = terminal(format!("prepl-e2e-{}-again", std::process::id()));
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

fn write(root: &Path, file: &str, text: &str) {
    let path = root.join(file);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// The debugger in a terminal: a breakpoint on a module's class stops `include`; the
/// prompt names the place; expressions see the class's scope; `:next`, `:step` into a
/// define, `:stack`, `:up`/`:down`, `:continue`; `:break error` stops where a failing
/// `include` raises its error; Ctrl-C while stopped, twice, aborts (the session is as it
/// was).
#[test]
fn debugger_in_a_terminal() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed: skipping the terminal test");
        return;
    }
    let dir = scratch_dir("debugger");
    std::fs::create_dir_all(&dir).unwrap();
    let modules = dir.join("modules");
    write(
        &modules,
        "web/manifests/init.pp",
        "class web($port = 8080) {\n  $doubled = $port * 2\n  web::site { 'a': port => $port }\n  $half = web::half($port)\n  notify { \"web ${doubled}\": }\n}\n",
    );
    write(
        &modules,
        "web/manifests/site.pp",
        "define web::site(Integer $port) {\n  $url = \"http://${title}:${port}\"\n  notify { $url: }\n}\n",
    );
    write(
        &modules,
        "web/functions/half.pp",
        "function web::half(Integer $x) >> Integer {\n  $h = $x / 2\n  $h\n}\n",
    );
    write(
        &modules,
        "web/manifests/broken.pp",
        "class web::broken {\n  $reason = 'no luck'\n  fail(\"broken: ${reason}\")\n}\n",
    );
    let history = dir.join("history");
    let tmux = terminal(format!("prepl-e2e-debug-{}", std::process::id()));
    tmux.start_with(
        &dir,
        &history,
        &format!("-q --modulepath '{}'", modules.display()),
    );
    tmux.wait_for("prepl[1]>");

    tmux.type_text(":break web");
    tmux.keys(&["Enter"]);
    tmux.wait_for("Breakpoint 1: web");
    tmux.type_text("$before = 1");
    tmux.keys(&["Enter"]);
    tmux.wait_for("prepl[2]>");
    tmux.type_text("include web");
    tmux.keys(&["Enter"]);
    tmux.wait_for("Stopped at breakpoint 1 (web)");
    tmux.wait_for("debug Class[web] init.pp:2>");

    // The class's scope: its parameter, $title, the top scope.
    tmux.type_text("[$port, $title, $before]");
    tmux.keys(&["Enter"]);
    tmux.wait_for("=> [8080, 'web', 1]");
    // Tab completes the debugger's commands (and the kinds of breakpoint after :break).
    tmux.type_text(":wherea");
    tmux.keys(&["Tab"]);
    tmux.wait_for("init.pp:2> :whereami");
    tmux.keys(&["C-u"]);
    tmux.type_text(":break err");
    tmux.keys(&["Tab"]);
    tmux.wait_for("init.pp:2> :break error");
    tmux.keys(&["C-u"]);
    // `:next` runs line 2; `$doubled` is set.
    tmux.type_text(":next");
    tmux.keys(&["Enter"]);
    tmux.wait_for("debug Class[web] init.pp:3>");
    tmux.type_text("$doubled");
    tmux.keys(&["Enter"]);
    tmux.wait_for("=> 16160");
    // `:step` twice: into the function called on line 4.
    tmux.type_text(":step");
    tmux.keys(&["Enter"]);
    tmux.wait_for("debug Class[web] init.pp:4>");
    tmux.type_text(":step");
    tmux.keys(&["Enter"]);
    tmux.wait_for("debug function web::half half.pp:2>");
    tmux.type_text(":stack");
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("#2 main (In[2])");
    assert!(screen.contains("#1 Class[web] at"), "{screen}");
    tmux.type_text("$x");
    tmux.keys(&["Enter"]);
    tmux.wait_for("=> 8080");
    // Up into the class: its variables; down again.
    tmux.type_text(":up");
    tmux.keys(&["Enter"]);
    tmux.wait_for("debug Class[web] init.pp:4>");
    tmux.type_text(":vars");
    tmux.keys(&["Enter"]);
    tmux.wait_for("$doubled = 16160");
    tmux.type_text(":down");
    tmux.keys(&["Enter"]);
    tmux.wait_for_nth("debug function web::half half.pp:2>", 3);
    // `:finish` returns to the class, then the define instance runs later: step into it.
    tmux.type_text(":finish");
    tmux.keys(&["Enter"]);
    tmux.wait_for("debug Class[web] init.pp:5>");
    tmux.type_text(":step");
    tmux.keys(&["Enter"]);
    tmux.wait_for("debug Web::Site[a] site.pp:2>");
    tmux.type_text(":whereami");
    tmux.keys(&["Enter"]);
    tmux.wait_for("=> 2   $url");
    tmux.type_text(":continue");
    tmux.keys(&["Enter"]);
    tmux.wait_for("=> [Class[web]]");
    tmux.wait_for("prepl[3]>");

    // The post-mortem of a failing include.
    tmux.type_text(":break error");
    tmux.keys(&["Enter"]);
    tmux.wait_for("Breakpoint 2: error");
    tmux.type_text("include web::broken");
    tmux.keys(&["Enter"]);
    tmux.wait_for("Stopped where the error is raised");
    tmux.wait_for("debug Class[web::broken] broken.pp:3>");
    tmux.type_text("$reason");
    tmux.keys(&["Enter"]);
    tmux.wait_for("=> 'no luck'");
    // Ctrl-C while an expression runs interrupts it; at the prompt, twice, aborts.
    tmux.type_text("Integer[1, 1000000000].each |$x| { }");
    tmux.keys(&["Enter"]);
    std::thread::sleep(Duration::from_millis(300));
    tmux.keys(&["C-c"]);
    tmux.wait_for("Interrupted.");
    tmux.keys(&["C-c"]);
    tmux.wait_for("Ctrl-C again");
    tmux.keys(&["C-c"]);
    tmux.wait_for("Aborted.");
    tmux.wait_for("prepl[3]>");
    // The session is as it was: the failed input left nothing.
    tmux.type_text(":breaks");
    tmux.keys(&["Enter"]);
    tmux.wait_for("(stopped once)");
    tmux.type_text(":delete 2");
    tmux.keys(&["Enter"]);
    tmux.wait_for("Deleted breakpoint 2.");

    // A packaged module, when installed: stop in apache's default vhost.
    if Path::new("/usr/share/puppet/modules/apache/manifests/vhost.pp").exists() {
        tmux.type_text(":modulepath /usr/share/puppet/modules");
        tmux.keys(&["Enter"]);
        tmux.type_text(":break apache::vhost default*");
        tmux.keys(&["Enter"]);
        tmux.wait_for("Breakpoint 3: apache::vhost default*");
        tmux.type_text("include apache");
        tmux.keys(&["Enter"]);
        let screen = tmux.wait_for("debug Apache::Vhost[default");
        assert!(screen.contains("vhost.pp:"), "{screen}");
        tmux.type_text("[$title, $port]");
        tmux.keys(&["Enter"]);
        tmux.wait_for("=> ['default', '80']");
        tmux.type_text(":delete 3");
        tmux.keys(&["Enter"]);
        tmux.type_text(":c");
        tmux.keys(&["Enter"]);
        tmux.wait_for("=> [Class[apache]]");
    }
    tmux.keys(&["C-d"]);
}

/// Issue 37's "finding things" and "messages that read well", as a user meets them: listings
/// and help of the modulepath's classes and of resource types, completion of facts' keys,
/// attributes and classes, bare `help`, elided huge results, the cycle advice, the error's
/// location naming the input with the caret under a method's name.
/// Messages that carry the reference's own location name the input a resource was declared
/// in, as the reference names files: `(file: In[1], line: 2)`.
#[test]
fn locations_in_messages_name_the_input() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed: skipping the terminal test");
        return;
    }
    let dir = scratch_dir("locations");
    let tmux = terminal(format!("prepl-e2e-{}-locations", std::process::id()));
    tmux.start(&dir, &dir.join("history"));
    tmux.wait_for("prepl[1]>");
    let command = |text: &str, expect: &str| {
        tmux.type_text(text);
        tmux.keys(&["Enter"]);
        tmux.wait_for(expect)
    };
    command("class c { notify { n: } }", "prepl[2]>");
    command("include c", "prepl[3]>");
    let screen = command("notify { n: }", "prepl[4]>");
    assert!(
        screen.contains(
            "already declared at (file: In[1], line: 1); cannot redeclare (file: In[3], line: 1)"
        ),
        "{screen}"
    );
    let screen = command("file { '/tmp/x': bogus => 1 }", "prepl[5]>");
    assert!(
        screen.contains("no parameter named 'bogus' (file: In[4], line: 1) on File[/tmp/x] (file: In[4], line: 1)"),
        "{screen}"
    );
    tmux.keys(&["C-d"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Short command forms: `:c` is the catalog at the prompt (and `:continue` at the
/// debugger's), `:res` the resource types; `:r` is ambiguous and never resets the session.
#[test]
fn short_command_forms_in_a_terminal() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed: skipping the terminal test");
        return;
    }
    let dir = scratch_dir("short");
    let tmux = terminal(format!("prepl-e2e-{}-short", std::process::id()));
    tmux.start(&dir, &dir.join("history"));
    tmux.wait_for("prepl[1]>");
    let command = |text: &str, expect: &str| {
        tmux.type_text(text);
        tmux.keys(&["Enter"]);
        tmux.wait_for(expect)
    };
    command("$kept = 'still here'", "prepl[2]>");
    command("notify { 'shortform': }", "prepl[3]>");
    command(":c", "Notify  shortform");
    command(":res noti", "  notify  built in");
    command(":r", "Ambiguous command ':r': :resource_types, :reset");
    command(
        ":continue",
        ":continue is a command of the debugger's prompt",
    );
    command("$kept", "=> 'still here'");
    tmux.keys(&["C-d"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// An environment's warnings (environment.conf) come after the banner, not above it.
#[test]
fn environment_warnings_follow_the_banner() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed: skipping the terminal test");
        return;
    }
    let dir = scratch_dir("envwarn");
    let env = dir.join("env");
    write(
        &env,
        "environment.conf",
        "modulepath = modules\nfoo = bar\n",
    );
    std::fs::create_dir_all(env.join("modules")).expect("modules directory");
    let tmux = terminal(format!("prepl-e2e-{}-envwarn", std::process::id()));
    tmux.start_with(
        &dir,
        &dir.join("history"),
        &format!("--environment '{}'", env.display()),
    );
    let screen = tmux.wait_for("prepl[1]>");
    let banner = screen.find("the Puppet language, interactively");
    let warning = screen.find("unknown setting(s) are being ignored: foo");
    assert!(
        matches!((banner, warning), (Some(b), Some(w)) if b < w),
        "the warning should follow the banner:\n{screen}"
    );
    tmux.keys(&["C-d"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn finding_things_in_a_terminal() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed: skipping the terminal test");
        return;
    }
    let dir = scratch_dir("finding");
    let modules = dir.join("modules");
    write(
        &modules,
        "mymod/manifests/init.pp",
        "# @summary Serves things.\n#\n# @param port\n#   Where it listens.\nclass mymod(Mymod::Port $port = 80, String $user) {\n}\n",
    );
    write(
        &modules,
        "mymod/types/port.pp",
        "type Mymod::Port = Integer[1, 65535]\n",
    );
    let tmux = terminal(format!("prepl-e2e-{}-finding", std::process::id()));
    tmux.start_with(
        &dir,
        &dir.join("history"),
        &format!("--modulepath '{}'", modules.display()),
    );
    tmux.wait_for("prepl[1]>");
    let command = |text: &str, expect: &str| {
        tmux.type_text(text);
        tmux.keys(&["Enter"]);
        tmux.wait_for(expect);
    };
    command(":classes my", "mymod  module mymod");
    command(":help mymod", "- **port** `Mymod::Port` = `80`");
    tmux.wait_for("    Where it listens.");
    tmux.wait_for("Serves things.");
    command(":types Mymod::", "(module mymod)");
    command(":help notify", "- **withpath**");
    // Bare `help` answers with the command.
    command("help", ":help lists them");

    // Completion: a fact's key, a resource's attribute, a class of the modulepath.
    tmux.type_text("$facts['clientv");
    tmux.keys(&["Tab"]);
    tmux.wait_for("prepl[1]> $facts['clientversion");
    tmux.type_text("']");
    tmux.keys(&["Enter"]);
    tmux.wait_for("=> '7.23.0'");
    tmux.type_text("file { '/x': ens");
    tmux.keys(&["Tab"]);
    tmux.wait_for("prepl[2]> file { '/x': ensure");
    tmux.type_text(" => file }");
    tmux.keys(&["Enter"]);
    tmux.wait_for("=> [File['/x']]");
    tmux.type_text("include mym");
    tmux.keys(&["Tab"]);
    tmux.wait_for("prepl[3]> include mymod");
    tmux.keys(&["C-c"]);

    // A huge result is elided; the cycle warning says what to do; an error names the input.
    command(":set print-limit 3", "at most 3 elements");
    command("Array(Integer[1, 100000])", "=> [1, 2, 3, … 99997 more]");
    command(
        "notify { a: } -> notify { b: } -> Notify[a]",
        "See the relationships with :catalog graph",
    );
    command("[1, 2, 3].fliter", "(file: In[5], line: 1, column: 11)");
    let screen = tmux.wait_for("          ^");
    assert!(screen.contains("Did you mean 'filter'?"), "{screen}");
    // Log lines and errors are cut to the print limit's characters (300 here).
    command(
        "fail(Array(Integer[1, 100000]).join('-'))",
        " more characters",
    );
    command(
        "notice(Array(Integer[1, 100000]).join(','))",
        "… 588594 more characters",
    );
    tmux.keys(&["C-d"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The README's interactive session (its first example, then the `:why` one that goes on
/// from it) is what prepl prints: each input typed into a real terminal, the screen
/// compared with the README's text.
#[test]
fn readme_session_is_what_prepl_prints() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed: skipping the terminal test");
        return;
    }
    let readme = include_str!("../../README.md");
    let block = |from: &str| -> &str {
        let start = readme.find(from).expect("the README has the example");
        let len = readme[start..]
            .find("```")
            .expect("the example's block ends");
        &readme[start..start + len]
    };
    let transcript = format!(
        "{}{}",
        block("prepl[1]> $servers = {"),
        block("prepl[6]> :why")
    );
    let dir = scratch_dir("readme");
    let tmux = terminal(format!("prepl-e2e-{}-readme", std::process::id()));
    tmux.start_with(&dir, &dir.join("history"), "-q");
    tmux.wait_for("prepl[1]>");
    let mut prompts = 1;
    let mut typed = 0;
    for line in transcript.lines() {
        let input = line.strip_prefix("     ...> ").or_else(|| {
            line.split_once("]> ")
                .map(|(_, rest)| rest)
                .filter(|_| line.starts_with("prepl["))
        });
        if let Some(input) = input {
            // (the prompt for this line, so that the last answer is on the screen first:
            // typed ahead on a loaded machine, an input showed before the answer above it)
            tmux.wait_for_prompts(typed + 1);
            tmux.type_text(input);
            tmux.keys(&["Enter"]);
            typed += 1;
            if line.starts_with("prepl[") {
                prompts += 1;
            }
        }
    }
    let screen = tmux.wait_for_nth("prepl[", prompts);
    std::thread::sleep(Duration::from_millis(300));
    let screen = {
        let _ = screen;
        tmux.screen()
    };
    let trimmed = |t: &str| t.lines().map(str::trim_end).collect::<Vec<_>>().join("\n");
    let (screen, transcript) = (trimmed(&screen), trimmed(&transcript));
    assert!(
        screen.contains(transcript.trim_end()),
        "the README's session differs from what prepl prints:\n--- README\n{transcript}\n--- prepl\n{screen}"
    );
    tmux.keys(&["C-d"]);
    let _ = std::fs::remove_dir_all(&dir);
}
