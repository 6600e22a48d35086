//! The breakpoint machinery through a scripted front-end: where stops happen, what a stop
//! sees (stack, variables, expressions in a frame's scope), stepping, aborting.

use super::*;
use crate::format::to_programmatic;
use crate::Session;
use std::cell::RefCell;
use std::path::PathBuf;

/// What the scripted front-end saw at each stop.
#[derive(Debug, Clone)]
struct Seen {
    reason: String,
    /// The stack, innermost first, as `description@line`.
    stack: Vec<String>,
    /// Answers to the expressions asked, in order.
    answers: Vec<String>,
    vars: Vec<String>,
}

/// A front-end that, at each stop, evaluates `ask` in the innermost frame, records what it
/// saw, and goes on as `script` says (then continues).
fn scripted(
    session: &mut Session,
    ask: &'static [&'static str],
    script: Vec<Resume>,
) -> Rc<RefCell<Vec<Seen>>> {
    let seen = Rc::new(RefCell::new(Vec::new()));
    let record = seen.clone();
    let mut script = script.into_iter();
    session.set_debugger(Some(Box::new(move |stop: &mut Stop<'_>| {
        let stack = stop
            .frames()
            .iter()
            .map(|f| format!("{}@{}", f.description, f.line))
            .collect();
        let answers = ask
            .iter()
            .map(|text| match stop.eval(text) {
                Ok(v) => to_programmatic(&v),
                Err(e) => format!("error: {}", e.message),
            })
            .collect();
        let vars = stop
            .variables()
            .iter()
            .map(|v| format!("{}={}", v.name, to_programmatic(&v.value)))
            .collect();
        record.borrow_mut().push(Seen {
            reason: stop.reason().describe(),
            stack,
            answers,
            vars,
        });
        script.next().unwrap_or(Resume::Continue)
    })));
    seen
}

fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("prepl-debug-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

use crate::tests::write_file as write;

/// A session on a modulepath with the fixture module `web`.
fn with_module(name: &str) -> Session {
    let root = fresh_dir(name);
    write(
        &root,
        "web/manifests/init.pp",
        "class web($port = 8080) {\n  $doubled = $port * 2\n  web::site { 'a': port => $port }\n  notify { \"web ${doubled}\": }\n}\n",
    );
    write(
        &root,
        "web/manifests/site.pp",
        "define web::site(Integer $port) {\n  $url = \"http://${title}:${port}\"\n  notify { $url: }\n}\n",
    );
    write(
        &root,
        "web/manifests/broken.pp",
        "class web::broken {\n  $reason = 'no luck'\n  fail(\"broken: ${reason}\")\n}\n",
    );
    write(
        &root,
        "web/functions/twice.pp",
        "function web::twice(Integer $x) >> Integer {\n  $y = $x * 2\n  $y\n}\n",
    );
    write(
        &root,
        "web/manifests/stops.pp",
        "class web::stops {\n  $here = 'inside'\n  debug::break()\n  notify { 'after': }\n}\n",
    );
    let mut s = Session::new();
    s.set_environment(crate::env::Environment {
        name: "production".into(),
        dir: None,
        modulepath: vec![root],
    });
    s.set_cycle_warnings(false);
    s
}

#[test]
fn without_a_front_end_a_break_says_where_it_is_and_goes_on() {
    let mut s = Session::new();
    let v = s.eval("$x = 1\ndebug::break()\n$x + 1").unwrap();
    assert_eq!(to_programmatic(&v), "2");
    let logs = s.take_logs();
    assert_eq!(logs.len(), 1, "{logs:?}");
    assert!(
        logs[0].1.starts_with("debug::break() at In[1]:2"),
        "{logs:?}"
    );
    // A breakpoint set without a front-end is a log line too.
    s.breakpoints_mut()
        .add(BreakSpec::parse("function upcase").unwrap());
    assert_eq!(to_programmatic(&s.eval("upcase('a')").unwrap()), "'A'");
    let logs = s.take_logs();
    assert!(
        logs[0]
            .1
            .starts_with("Stopped at breakpoint 1 (function upcase)"),
        "{logs:?}"
    );
}

#[test]
fn a_break_in_code_stops_in_its_scope() {
    let mut s = with_module("scope");
    let seen = scripted(
        &mut s,
        &["$here", "$title", "$facts =~ Hash", "$nosuch"],
        vec![],
    );
    s.eval("$top = 1\ninclude web::stops").unwrap();
    let seen = seen.borrow();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].reason, "debug::break()");
    assert_eq!(seen[0].stack, ["Class[web::stops]@3", "main (In[1])@2"]);
    assert_eq!(
        seen[0].answers,
        [
            "'inside'",
            "'web::stops'",
            "true",
            "error: Unknown variable: 'nosuch'."
        ]
    );
    assert!(seen[0].vars.contains(&"here='inside'".to_string()));
    // The compilation went on after it.
    assert!(s.catalog().find("Notify", "after").is_some());
}

#[test]
fn a_conditional_break_stops_only_when_true() {
    let mut s = Session::new();
    let seen = scripted(&mut s, &["$x"], vec![]);
    s.eval("[1, 2, 3, 4, 5].each |$x| { debug::break({'if' => $x > 3}) }")
        .unwrap();
    let answers: Vec<_> = seen.borrow().iter().map(|s| s.answers[0].clone()).collect();
    assert_eq!(answers, ["4", "5"]);
    // (a value read for the last time stays in its slot while debugging: it is shown)
    s.eval("define d($ps) { $ps.each |$i, $p| { $u = \"${title}:${p}\"\n debug::break($i == 1) } }\nd { 'x': ps => [1, 2] }")
        .unwrap();
    let last = seen.borrow().last().unwrap().vars.clone();
    assert_eq!(
        last,
        [
            "caller_module_name=''",
            "i=1",
            "module_name=''",
            "name='x'",
            "p=2",
            "ps=[1, 2]",
            "title='x'",
            "u='x:2'"
        ]
    );
    assert!(last.contains(&"p=2".to_string()), "{last:?}");
    assert!(last.contains(&"title='x'".to_string()), "{last:?}");
    assert_eq!(
        seen.borrow()[0].stack,
        ["lambda of each@1", "main (In[1])@1"]
    );
    assert_eq!(seen.borrow()[2].stack, ["lambda of each@2", "D[x]@1"]);
    // (and as a Boolean)
    s.eval("[1, 2].each |$y| { debug::break($y == 2) }")
        .unwrap();
    assert_eq!(seen.borrow().len(), 4);
}

#[test]
fn a_class_breakpoint_stops_at_its_first_statement() {
    let mut s = with_module("class");
    let seen = scripted(
        &mut s,
        &["$port", "$doubled"],
        vec![Resume::Next, Resume::Step],
    );
    s.breakpoints_mut().add(BreakSpec::parse("web").unwrap());
    s.eval("include web").unwrap();
    let seen = seen.borrow();
    // At entry, then `:next` to line 3 ($doubled is set), then `:step` to line 4 (a define
    // instance runs later, in the finishing steps).
    let lines: Vec<_> = seen.iter().map(|s| s.stack[0].clone()).collect();
    assert_eq!(lines, ["Class[web]@2", "Class[web]@3", "Class[web]@4"]);
    assert_eq!(seen[0].reason, "breakpoint 1 (web)");
    assert_eq!(
        seen[0].answers,
        ["8080", "error: Unknown variable: 'doubled'."]
    );
    assert_eq!(seen[1].answers, ["8080", "16160"]);
    assert_eq!(s.breakpoints().list()[0].hits, 1);
}

#[test]
fn a_define_breakpoint_with_a_title_pattern() {
    let mut s = with_module("define");
    let seen = scripted(&mut s, &["$title", "$port"], vec![]);
    s.breakpoints_mut()
        .add(BreakSpec::parse("web::site b*").unwrap());
    s.eval("web::site { ['a', 'b1', 'c', 'b2']: port => 1 }")
        .unwrap();
    let seen = seen.borrow();
    let titles: Vec<_> = seen.iter().map(|s| s.answers[0].clone()).collect();
    assert_eq!(titles, ["'b1'", "'b2'"]);
    assert_eq!(seen[0].stack, ["Web::Site[b1]@2"]);
}

#[test]
fn stepping_into_functions_and_finishing_them() {
    let mut s = with_module("step");
    let seen = scripted(
        &mut s,
        &["$x"],
        vec![Resume::Step, Resume::Step, Resume::Finish, Resume::Continue],
    );
    s.breakpoints_mut()
        .add(BreakSpec::parse("In[1]:1").unwrap());
    let v = s.eval("$a = web::twice(3)\n$b = $a + 1\n$b").unwrap();
    assert_eq!(to_programmatic(&v), "7");
    let seen = seen.borrow();
    let tops: Vec<_> = seen.iter().map(|s| s.stack[0].clone()).collect();
    assert_eq!(
        tops,
        [
            "main (In[1])@1",
            "function web::twice@2",
            "function web::twice@3",
            "main (In[1])@2"
        ]
    );
    assert_eq!(seen[1].answers, ["3"]);
    assert!(
        seen[1].vars.contains(&"x=3".to_string()),
        "{:?}",
        seen[1].vars
    );
}

#[test]
fn an_error_breakpoint_stops_where_it_is_raised() {
    let mut s = with_module("error");
    let seen = scripted(&mut s, &["$reason", "$title"], vec![]);
    s.breakpoints_mut().add(BreakSpec::Error);
    let e = s.eval("include web::broken").unwrap_err();
    assert!(e.message.contains("broken: no luck"), "{}", e.message);
    let seen = seen.borrow();
    assert_eq!(seen.len(), 1, "one stop for the error: {seen:?}");
    assert!(seen[0].reason.starts_with("error: "), "{}", seen[0].reason);
    assert!(seen[0].reason.contains("broken: no luck"));
    assert_eq!(seen[0].stack, ["Class[web::broken]@3", "main (In[1])@1"]);
    assert_eq!(seen[0].answers, ["'no luck'", "'web::broken'"]);
}

#[test]
fn aborting_fails_the_input_and_keeps_the_session_as_it_was() {
    let mut s = with_module("abort");
    s.eval("$kept = 1").unwrap();
    let _seen = scripted(&mut s, &[], vec![Resume::Abort]);
    s.breakpoints_mut()
        .add(BreakSpec::parse("web::site").unwrap());
    let e = s.eval("$gone = 2\ninclude web").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Interrupted);
    assert_eq!(e.message, ABORTED);
    assert!(s.variable("gone").is_none());
    assert!(s.variable("kept").is_some());
    assert!(s.catalog().find("Class", "Web").is_none());
}

#[test]
fn resource_and_function_breakpoints() {
    let mut s = with_module("resource");
    let seen = scripted(&mut s, &["$port"], vec![]);
    s.breakpoints_mut()
        .add(BreakSpec::parse("resource Notify[http://*]").unwrap());
    s.breakpoints_mut()
        .add(BreakSpec::parse("function web::twice").unwrap());
    s.eval("include web\n$t = web::twice(2)").unwrap();
    let seen = seen.borrow();
    let reasons: Vec<_> = seen.iter().map(|s| s.reason.clone()).collect();
    assert_eq!(
        reasons,
        [
            "breakpoint 2 (function web::twice)",
            "breakpoint 1 (resource Notify[http://*])"
        ]
    );
    assert_eq!(seen[1].stack[0], "Web::Site[a]@3");
    assert_eq!(seen[1].answers, ["8080"]);
}

#[test]
fn disabled_breakpoints_do_not_stop_and_nothing_is_watched_without_them() {
    let mut s = Session::new();
    let seen = scripted(&mut s, &[], vec![]);
    let id = s.breakpoints_mut().add(BreakSpec::parse("web").unwrap());
    s.breakpoints_mut().set_enabled(id, false);
    s.eval("class web { notify { 'x': } }\ninclude web")
        .unwrap();
    assert!(seen.borrow().is_empty());
    assert!(!s.evaluator.debug.armed());
    // (a module calling `debug::break` somewhere keeps the stack from the start)
    let mut m = with_module("disabled");
    let _seen = scripted(&mut m, &[], vec![]);
    m.eval("1").unwrap();
    assert!(m.evaluator.debug.armed());
    assert!(s.breakpoints_mut().delete(id));
    assert!(!s.breakpoints_mut().delete(id));
}

#[test]
fn frames_can_be_selected_and_evaluated_in() {
    let mut s = with_module("frames");
    let answers = Rc::new(RefCell::new(Vec::new()));
    let record = answers.clone();
    s.set_debugger(Some(Box::new(move |stop: &mut Stop<'_>| {
        for i in 0..3 {
            if stop.select(i) {
                let v = stop.eval("[$title, $x]").map(|v| to_programmatic(&v));
                record.borrow_mut().push(v.unwrap_or_else(|e| e.message));
            }
        }
        assert!(!stop.select(3));
        Resume::Continue
    })));
    s.eval("$x = 'top'\n[1].each |$x| { include web::stops }")
        .unwrap();
    assert_eq!(
        *answers.borrow(),
        ["['web::stops', 'top']", "['main', 1]", "['main', 'top']"]
    );
}

#[test]
fn breakpoint_specs_read_and_print_back() {
    for (text, shown) in [
        ("apache", "apache"),
        ("Apache::Vhost 'default*'", "apache::vhost default*"),
        ("apache::vhost /^d/", "apache::vhost /^d/"),
        ("manifests/init.pp:12", "manifests/init.pp:12"),
        ("In[3]:2", "In[3]:2"),
        ("function lookup", "function lookup"),
        ("error", "error"),
        ("resource file[/etc/*]", "resource File[/etc/*]"),
        ("resource apache::vhost", "resource Apache::Vhost"),
    ] {
        assert_eq!(BreakSpec::parse(text).unwrap().to_string(), shown, "{text}");
    }
    for bad in [
        "",
        "function",
        "resource",
        "resource a b[x]",
        "a$b",
        "error x",
    ] {
        assert!(BreakSpec::parse(bad).is_err(), "{bad}");
    }
    assert!(Pattern::parse("a*b?").unwrap().matches("axxby"));
    assert!(!Pattern::parse("a*b?").unwrap().matches("axxb"));
}

#[test]
fn a_define_breakpoint_costs_nothing_to_the_code_around_it() {
    let mut s = with_module("coarse");
    // (no `debug::break` in the modules: it would keep the whole stack)
    let env = s.environment().clone();
    std::fs::remove_file(env.modulepath[0].join("web/manifests/stops.pp")).unwrap();
    s.set_environment(env);
    let seen = scripted(&mut s, &["$port"], vec![Resume::Continue, Resume::Next]);
    s.breakpoints_mut()
        .add(BreakSpec::parse("web::site").unwrap());
    s.eval("function f($n) { if $n < 2 { $n } else { f($n - 1) + f($n - 2) } }")
        .unwrap();
    // Only class and define bodies are watched: statements are not, and function bodies
    // still run compiled.
    s.evaluator.debug_arm();
    assert!(s.evaluator.watching);
    assert!(!s.evaluator.debugging);
    let v = s
        .eval("$x = f(15)\nweb::site { 'b': port => $x }\nweb::site { 'c': port => 2 }")
        .unwrap();
    assert_eq!(to_programmatic(&v), "[Web::Site['c']]");
    assert_eq!(
        s.evaluator.functions.get("f").unwrap().is_compiled(),
        Some(true)
    );
    let seen = seen.borrow();
    // Stops at the first statement of each instance; `:next` after the second watches
    // statements from then on.
    let tops: Vec<_> = seen
        .iter()
        .map(|s| (s.stack[0].clone(), s.answers[0].clone()))
        .collect();
    assert_eq!(
        tops,
        [
            ("Web::Site[b]@2".to_string(), "610".to_string()),
            ("Web::Site[c]@2".to_string(), "2".to_string()),
            ("Web::Site[c]@3".to_string(), "2".to_string()),
        ]
    );
}

#[test]
fn outer_frames_are_where_their_calls_are() {
    let mut s = with_module("outer");
    let seen = scripted(&mut s, &[], vec![]);
    s.breakpoints_mut()
        .add(BreakSpec::parse("web::stops").unwrap());
    s.eval("$a = 1\n\ninclude web::stops").unwrap();
    assert_eq!(
        seen.borrow()[0].stack,
        ["Class[web::stops]@2", "main (In[1])@3"]
    );
}

#[test]
fn an_error_breakpoint_stops_at_errors_of_the_finishing_steps() {
    // A define instance's parameters are bound in the finishing steps, after the input's
    // statements: the stop is in the instance's scope.
    let mut s = Session::new();
    let seen = scripted(&mut s, &["$title", "$x"], vec![]);
    s.breakpoints_mut().add(BreakSpec::Error);
    let e = s
        .eval("define d(Integer $x) { notify { $title: } }\n$a = 1\nd { 'one': x => 'no' }")
        .unwrap_err();
    assert!(
        e.message.contains("expects an Integer value"),
        "{}",
        e.message
    );
    {
        let seen = seen.borrow();
        assert_eq!(seen.len(), 1, "{seen:?}");
        assert!(seen[0].reason.starts_with("error: ") && seen[0].reason.contains("'x'"));
        assert_eq!(seen[0].stack, ["D[one]@1"]);
        assert_eq!(seen[0].answers[0], "'one'");
        assert!(
            seen[0].vars.contains(&"title='one'".to_string()),
            "{:?}",
            seen[0].vars
        );
    }
    // A class's parameters: in the class's scope, before its body.
    let mut s = Session::new();
    let seen = scripted(&mut s, &["$title"], vec![]);
    s.breakpoints_mut().add(BreakSpec::Error);
    s.eval("class c(Integer $x) { notify { 'in c': } }\n\nclass { 'c': x => 'no' }")
        .unwrap_err();
    {
        let seen = seen.borrow();
        assert_eq!(seen.len(), 1, "{seen:?}");
        assert_eq!(seen[0].stack, ["Class[c]@1", "main (In[1])@3"]);
        assert_eq!(seen[0].answers, ["'c'"]);
    }
    // Other errors of the finishing steps (here a relationship to a resource that does
    // not exist) stop in a frame of the finishing steps, at the error's place.
    let mut s = Session::new();
    let seen = scripted(&mut s, &["$a"], vec![]);
    s.breakpoints_mut().add(BreakSpec::Error);
    let e = s
        .eval("$a = 1\nnotify { 'x': }\nNotify['x'] -> Notify['missing']")
        .unwrap_err();
    let seen = seen.borrow();
    assert_eq!(seen.len(), 1, "{seen:?}");
    assert!(seen[0].reason.contains("missing"), "{}", seen[0].reason);
    assert_eq!(seen[0].stack.len(), 1);
    assert!(
        seen[0].stack[0].starts_with("finishing steps (In[1])@"),
        "{:?}",
        seen[0].stack
    );
    assert_eq!(seen[0].answers, ["1"]);
    assert!(e.message.contains("missing"));
    // Without the breakpoint, nothing stops; aborting at such a stop fails the input as
    // aborted.
    let mut s = Session::new();
    let _seen = scripted(&mut s, &[], vec![Resume::Abort]);
    s.breakpoints_mut().add(BreakSpec::Error);
    let e = s
        .eval("define d(Integer $x) {}\nd { 'one': x => 'no' }")
        .unwrap_err();
    assert_eq!(e.message, ABORTED);
}

#[test]
fn assigning_while_stopped() {
    let mut s = with_module("assign");
    let answers = Rc::new(RefCell::new(Vec::new()));
    let record = answers.clone();
    s.set_debugger(Some(Box::new(move |stop: &mut Stop<'_>| {
        for text in [
            "$here = 'changed'",
            "$mine = 5",
            "$mine * 2",
            "[$a, $b] = [1, 2]",
            "$a + $b",
            "if true { $here = 2 }",
        ] {
            record.borrow_mut().push(match stop.eval(text) {
                Ok(v) => to_programmatic(&v),
                Err(e) => format!("error: {} / {}", e.message, e.hint.unwrap_or_default()),
            });
        }
        Resume::Continue
    })));
    // (the class assigns $mine after the stop: what the prompt assigned is gone by then)
    write(
        &s.environment().modulepath[0].clone(),
        "web/manifests/later.pp",
        "class web::later {\n  $here = 'inside'\n  debug::break()\n  $mine = 'the code'\n  notify { $mine: }\n}\n",
    );
    s.eval("include web::later").unwrap();
    let answers = answers.borrow();
    assert!(
        answers[0]
            .starts_with("error: Cannot reassign variable '$here' / $here is the stopped code's"),
        "{answers:?}"
    );
    assert_eq!(answers[1..5], ["5", "10", "[1, 2]", "3"]);
    assert!(
        answers[5].starts_with("error: Cannot reassign variable '$here'"),
        "{answers:?}"
    );
    assert!(s.catalog().find("Notify", "the code").is_some());
    assert!(s.variable("a").is_none() && s.variable("mine").is_none());
}

#[test]
fn class_breakpoints_alone_show_the_functions_and_lambdas_between() {
    // (a module without `debug::break`: the stack keeps only class and define frames)
    let root = fresh_dir("between");
    write(
        &root,
        "m/manifests/init.pp",
        "class m {\n  $v = 1\n  notify { 'm': }\n}\n",
    );
    let mut s = Session::new();
    s.set_environment(crate::env::Environment {
        name: "production".into(),
        dir: None,
        modulepath: vec![root],
    });
    let frames = Rc::new(RefCell::new(Vec::new()));
    let record = frames.clone();
    s.set_debugger(Some(Box::new(move |stop: &mut Stop<'_>| {
        for f in stop.frames() {
            record
                .borrow_mut()
                .push(format!("{}@{} {}", f.description, f.line, f.tracked));
        }
        assert!(stop.select(1));
        assert!(stop.variables().is_empty());
        Resume::Continue
    })));
    s.breakpoints_mut().add(BreakSpec::parse("m").unwrap());
    s.eval("function f() {\n  [1].each |$x| {\n    include m\n  }\n}\n$a = 1\nf()")
        .unwrap();
    assert_eq!(
        *frames.borrow(),
        [
            "Class[m]@2 true",
            "lambda of each@3 false",
            "function f@2 false",
            "main (In[1])@7 true"
        ]
    );
    // (they are gone once it goes on: the next stop has them again, made anew)
    s.eval("f()").unwrap();
    assert_eq!(frames.borrow().len(), 4, "{:?}", frames.borrow());
}
