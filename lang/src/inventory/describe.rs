//! What `:help NAME` shows for a resource type, a defined type or a class, as `puppet
//! describe` shows a resource type: the documentation, then each parameter (its type and
//! default for classes and defines, from their source; the module's doc comments where they
//! exist: puppet-strings' `@summary`, `@param NAME`), the namevar, and where it is defined.
//!
//! The reference's built-in types are described with the text its `puppet describe TYPE`
//! prints (recorded in `builtin_types/` by `scripts/gen-builtin-type-docs`); module types
//! written in Ruby from their source ([`super::ruby_doc`]); classes and defines from the
//! session's definitions, else from the modulepath's files (parsed, not evaluated).

use super::{find, Kind};
use crate::syntax::ast::{ExprKind, Param};
use crate::Session;
use std::fmt::Write;
use std::path::Path;

/// `puppet describe TYPE` of the reference's built-in types.
fn builtin_text(name: &str) -> Option<&'static str> {
    Some(match name {
        "exec" => include_str!("builtin_types/exec.txt"),
        "file" => include_str!("builtin_types/file.txt"),
        "filebucket" => include_str!("builtin_types/filebucket.txt"),
        "group" => include_str!("builtin_types/group.txt"),
        "notify" => include_str!("builtin_types/notify.txt"),
        "package" => include_str!("builtin_types/package.txt"),
        "resources" => include_str!("builtin_types/resources.txt"),
        "schedule" => include_str!("builtin_types/schedule.txt"),
        "service" => include_str!("builtin_types/service.txt"),
        "stage" => include_str!("builtin_types/stage.txt"),
        "tidy" => include_str!("builtin_types/tidy.txt"),
        "user" => include_str!("builtin_types/user.txt"),
        "whit" => include_str!("builtin_types/whit.txt"),
        _ => return None,
    })
}

/// The description of a resource type, defined type or class named `name` (any case, with
/// or without a leading `::`), if the session or its modulepath has one.
pub fn describe(session: &Session, name: &str) -> Option<String> {
    let name = name.strip_prefix("::").unwrap_or(name).to_ascii_lowercase();
    if let Some(text) = builtin_text(&name) {
        return Some(format!(
            "{}\n(Built-in resource type; this is what the reference's `puppet describe {name}` \
             prints.)",
            text.trim_end()
        ));
    }
    let env = session.environment();
    if let Some(path) = crate::env::ruby_types::type_file(env, &name) {
        return Some(ruby_type(&name, &path));
    }
    let compilation = &session.evaluator.compilation;
    if let Some(d) = compilation.defines.get(name.as_str()) {
        let text = &d.source.text;
        let (line, _) = d.source.line_col(d.span.start);
        let doc = doc_comment(text, line);
        return Some(definition(
            Kind::Define,
            &d.def.name,
            &d.def.params,
            text,
            &doc,
            &format!("{}:{line}", d.source.name),
        ));
    }
    if let Some(c) = compilation.classes.get(name.as_str()) {
        let text = &c.source.text;
        let (line, _) = c.source.line_col(c.span.start);
        let doc = doc_comment(text, line);
        return Some(definition(
            Kind::Class,
            &c.def.name,
            &c.def.params,
            text,
            &doc,
            &format!("{}:{line}", c.source.name),
        ));
    }
    let found = find(env, Kind::Define, &name).or_else(|| find(env, Kind::Class, &name))?;
    let text = std::fs::read_to_string(&found.file).ok()?;
    let doc = doc_comment(&text, found.line);
    let location = format!("{}:{}", found.file.display(), found.line);
    let params = crate::syntax::parse(&text)
        .ok()
        .and_then(|program| params_of(&program.body, found.kind, &name));
    Some(match params {
        Some(params) => definition(found.kind, &found.name, &params, &text, &doc, &location),
        None => definition(found.kind, &found.name, &[], &text, &doc, &location),
    })
}

/// The description of a function of the modulepath that prepl has no built-in version of:
/// written in Puppet (`functions/*.pp`: its signature as written, its doc comment) or in
/// Ruby (`lib/puppet/functions/`: the comments and `param` lines of its dispatches).
pub fn describe_function(session: &Session, name: &str) -> Option<String> {
    let name = name.strip_prefix("::").unwrap_or(name);
    let found = find(session.environment(), Kind::Function, name)?;
    let text = std::fs::read_to_string(&found.file).ok()?;
    let mut out = String::new();
    let title = format!("{} (function)", found.name);
    let _ = writeln!(out, "{title}\n{}", "=".repeat(title.chars().count()));
    let _ = writeln!(out, "Defined at {}:{}\n", found.file.display(), found.line);
    if found.file.extension().is_some_and(|e| e == "pp") {
        let def = crate::syntax::parse(&text).ok().and_then(|program| {
            program.body.iter().find_map(|e| match &e.kind {
                ExprKind::FunctionDef(f) if f.name.eq_ignore_ascii_case(name) => Some(f.clone()),
                _ => None,
            })
        });
        if let Some(f) = def {
            let params: Vec<String> = f
                .params
                .iter()
                .map(|p| {
                    let typ = p
                        .type_expr
                        .as_ref()
                        .map(|t| format!("{} ", squeeze(span_text(&text, t.span))))
                        .unwrap_or_default();
                    let default = p
                        .default
                        .as_ref()
                        .map(|d| format!(" = {}", squeeze(span_text(&text, d.span))))
                        .unwrap_or_default();
                    let rest = if p.captures_rest { "*" } else { "" };
                    format!("{typ}{rest}${}{default}", p.name)
                })
                .collect();
            let ret = f
                .return_type
                .as_ref()
                .map(|t| format!(" >> {}", squeeze(span_text(&text, t.span))))
                .unwrap_or_default();
            let _ = writeln!(out, "{}({}){ret}\n", found.name, params.join(", "));
        }
        let (description, param_docs) = split_doc(&doc_comment(&text, found.line));
        for l in &description {
            let _ = writeln!(out, "{l}");
        }
        for (p, d) in &param_docs {
            let _ = writeln!(out, "- **{p}**");
            for line in d.lines() {
                let _ = writeln!(out, "    {line}");
            }
        }
    } else {
        // Ruby: the comments (without `#`) and each dispatch's parameter lines.
        for line in text.lines() {
            let t = line.trim();
            if let Some(c) = t.strip_prefix('#') {
                if !c.trim_start().starts_with("frozen_string_literal") {
                    let _ = writeln!(out, "{}", c.strip_prefix(' ').unwrap_or(c));
                }
            } else if t.starts_with("dispatch ")
                || t.starts_with("param ")
                || t.starts_with("optional_param ")
                || t.starts_with("repeated_param ")
                || t.starts_with("block_param")
                || t.starts_with("return_type ")
            {
                let _ = writeln!(out, "  {t}");
            }
        }
        out.push_str("\n(A Ruby function of the module; prepl runs it from its source.)\n");
    }
    Some(out)
}

/// A type alias of the modulepath (loaded or not): its doc comment and its definition as
/// written (`:help Stdlib::Port`).
pub fn describe_type_alias(session: &Session, name: &str) -> Option<String> {
    let name = name.strip_prefix("::").unwrap_or(name);
    let found = find(session.environment(), Kind::TypeAlias, name)?;
    let text = std::fs::read_to_string(&found.file).ok()?;
    let (description, _) = split_doc(&doc_comment(&text, found.line));
    let definition: Vec<&str> = text
        .lines()
        .skip(found.line - 1)
        .take_while(|l| !l.trim().is_empty())
        .collect();
    let mut out = format!(
        "{} (type alias of module {})\nDefined at {}:{}\n\n",
        found.name,
        found.module,
        found.file.display(),
        found.line
    );
    for l in &description {
        let _ = writeln!(out, "{l}");
    }
    if !description.is_empty() {
        out.push('\n');
    }
    let _ = writeln!(out, "{}", definition.join("\n"));
    Some(out)
}

/// The parameter names of a class or define of the modulepath (its file parsed).
pub fn parameter_names(
    env: &crate::env::Environment,
    kind: Kind,
    name: &str,
) -> Option<Vec<String>> {
    let found = find(env, kind, name)?;
    let text = std::fs::read_to_string(&found.file).ok()?;
    let program = crate::syntax::parse(&text).ok()?;
    let params = params_of(&program.body, kind, name)?;
    Some(params.iter().map(|p| p.name.to_string()).collect())
}

/// The parameters of the class or define `name` among `body`'s definitions (nested in
/// classes too).
fn params_of(body: &[crate::syntax::ast::Expr], kind: Kind, name: &str) -> Option<Vec<Param>> {
    for e in body {
        match &e.kind {
            ExprKind::ClassDef(c) => {
                if kind == Kind::Class && c.name.eq_ignore_ascii_case(name) {
                    return Some(c.params.clone());
                }
                if let Some(p) = params_of(&c.body, kind, name) {
                    return Some(p);
                }
            }
            ExprKind::DefineDef(d) if kind == Kind::Define && d.name.eq_ignore_ascii_case(name) => {
                return Some(d.params.clone());
            }
            _ => {}
        }
    }
    None
}

/// The comment lines right above line `line` (1-based), without their `#`.
fn doc_comment(text: &str, line: usize) -> Vec<String> {
    let lines: Vec<&str> = text.lines().take(line.saturating_sub(1)).collect();
    let mut out: Vec<String> = lines
        .iter()
        .rev()
        .take_while(|l| l.trim_start().starts_with('#'))
        .map(|l| {
            let l = l.trim_start().trim_start_matches('#');
            l.strip_prefix(' ').unwrap_or(l).trim_end().to_string()
        })
        .collect();
    out.reverse();
    out
}

/// A doc comment split into its description and its `@param` texts (puppet-strings'
/// tags; other tags, such as `@example`, stay in the description).
fn split_doc(doc: &[String]) -> (Vec<String>, Vec<(String, String)>) {
    let mut description = Vec::new();
    let mut params: Vec<(String, String)> = Vec::new();
    let mut in_param = false;
    for line in doc {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix("@param ") {
            let rest = rest.trim_start();
            let (name, text) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            let name = name.trim_start_matches(['$', '[']).trim_end_matches(']');
            params.push((name.to_string(), text.trim().to_string()));
            in_param = true;
        } else if trimmed.starts_with('@') {
            in_param = false;
            let shown = trimmed
                .strip_prefix("@summary")
                .map_or(line.as_str(), str::trim);
            if !shown.is_empty() {
                description.push(shown.to_string());
            }
        } else if in_param && !trimmed.is_empty() {
            // Each line kept (examples and lists stay as written), without the two spaces
            // puppet-strings indents a tag's text by.
            let p = &mut params.last_mut().expect("in a @param").1;
            if !p.is_empty() {
                p.push('\n');
            }
            p.push_str(line.strip_prefix("  ").unwrap_or(line).trim_end());
        } else {
            in_param = false;
            description.push(line.clone());
        }
    }
    while description.first().is_some_and(|l| l.trim().is_empty()) {
        description.remove(0);
    }
    while description.last().is_some_and(|l| l.trim().is_empty()) {
        description.pop();
    }
    (description, params)
}

fn span_text(text: &str, span: crate::syntax::ast::Span) -> &str {
    text.get(span.start as usize..span.end as usize)
        .unwrap_or("?")
}

/// A class or define in `puppet describe`'s layout.
fn definition(
    kind: Kind,
    name: &str,
    params: &[Param],
    text: &str,
    doc: &[String],
    location: &str,
) -> String {
    let mut out = String::new();
    let title = format!("{name} ({})", kind.label());
    let _ = writeln!(out, "{title}\n{}", "=".repeat(title.chars().count()));
    let _ = writeln!(out, "Defined at {location}\n");
    let (description, param_docs) = split_doc(doc);
    for l in &description {
        let _ = writeln!(out, "{l}");
    }
    if !description.is_empty() {
        out.push('\n');
    }
    if params.is_empty() {
        out.push_str("No parameters.\n");
        return out;
    }
    out.push_str("\nParameters\n----------\n");
    for p in params {
        let typ = p
            .type_expr
            .as_ref()
            .map_or("Any".into(), |t| squeeze(span_text(text, t.span)));
        let _ = write!(out, "\n- **{}** `{typ}`", p.name);
        match &p.default {
            Some(d) => {
                let _ = writeln!(out, " = `{}`", squeeze(span_text(text, d.span)));
            }
            None => out.push_str(" (no default in the code: from Hiera, else required)\n"),
        }
        if let Some((_, d)) = param_docs.iter().find(|(n, _)| **n == *p.name) {
            for line in d.lines() {
                let _ = writeln!(out, "    {line}");
            }
        }
    }
    out
}

/// Source text on one line: runs of white space (new lines too) as one space; long texts
/// cut.
fn squeeze(text: &str) -> String {
    let one: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if one.chars().count() > 100 {
        let cut: String = one.chars().take(99).collect();
        format!("{cut}…")
    } else {
        one
    }
}

/// A module's resource type written in Ruby, in `puppet describe`'s layout.
fn ruby_type(name: &str, path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let doc = super::ruby_doc::read(&text);
    let info = crate::env::ruby_types::load(path);
    let mut out = String::new();
    let _ = writeln!(out, "{name}\n{}", "=".repeat(name.len()));
    if !doc.doc.is_empty() {
        let _ = writeln!(out, "{}", doc.doc.replace("@summary\n", "").trim());
    }
    out.push_str("\n\nParameters\n----------\n");
    let namevars: &[&str] = info.map_or(&[], |i| i.namevars);
    let mut listed: Vec<&str> = Vec::new();
    for a in &doc.attributes {
        if listed.contains(&a.name.as_str()) {
            continue;
        }
        listed.push(&a.name);
        let namevar = a.namevar || namevars.first() == Some(&a.name.as_str());
        let _ = writeln!(
            out,
            "\n- **{}**{}{}",
            a.name,
            if namevar { " (*namevar*)" } else { "" },
            if a.property { " (property)" } else { "" }
        );
        for l in a.doc.lines() {
            let _ = writeln!(out, "    {l}");
        }
    }
    // Attributes the static reading found that no `newparam` line shows (made by a helper).
    if let Some(info) = info {
        let others: Vec<&str> = info
            .parameters
            .iter()
            .copied()
            .filter(|p| !listed.contains(p))
            .collect();
        if !others.is_empty() {
            let _ = writeln!(out, "\nAlso: {}", others.join(", "));
        }
    }
    let _ = writeln!(out, "\n(Resource type of a module, {})", path.display());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doc_comments_and_their_param_tags() {
        let text = "# @summary Keeps time.\n#\n# Longer text.\n#\n# @param servers\n#   The servers\n#   to use.\n# @example\n#   include ntp\nclass ntp(Array[String] $servers = ['a',\n    'b'], $x) {}\n";
        let doc = doc_comment(text, 10);
        let (description, params) = split_doc(&doc);
        assert_eq!(
            description,
            [
                "Keeps time.",
                "",
                "Longer text.",
                "",
                "@example",
                "  include ntp"
            ]
        );
        assert_eq!(
            params,
            [("servers".to_string(), "The servers\nto use.".to_string())]
        );
        let program = crate::syntax::parse(text).unwrap();
        let p = params_of(&program.body, Kind::Class, "NTP").unwrap();
        let shown = definition(Kind::Class, "ntp", &p, text, &doc, "x.pp:10");
        assert!(
            shown.starts_with("ntp (class)\n===========\nDefined at x.pp:10\n\nKeeps time.\n"),
            "{shown}"
        );
        assert!(
            shown.contains(
                "- **servers** `Array[String]` = `['a', 'b']`\n    The servers\n    to use.\n"
            ),
            "{shown}"
        );
        assert!(
            shown.contains("- **x** `Any` (no default in the code: from Hiera, else required)\n"),
            "{shown}"
        );
    }

    #[test]
    fn functions_of_modules() {
        let root = std::env::temp_dir().join(format!("prepl-describe-fn-{}", std::process::id()));
        let m = root.join("fm");
        std::fs::create_dir_all(m.join("functions")).unwrap();
        std::fs::create_dir_all(m.join("lib/puppet/functions/fm")).unwrap();
        std::fs::write(
            m.join("functions/twice.pp"),
            "# @summary Doubles.\n# @param x\n#   The number.\nfunction fm::twice(Integer $x, *$rest) >> Integer { $x * 2 }\n",
        )
        .unwrap();
        std::fs::write(
            m.join("lib/puppet/functions/fm/up.rb"),
            "# frozen_string_literal: true\n# @summary Upper case.\nPuppet::Functions.create_function(:'fm::up') do\n  dispatch :up do\n    param 'String', :s\n  end\nend\n",
        )
        .unwrap();
        let mut s = Session::new();
        s.set_environment(crate::env::Environment {
            modulepath: vec![root.clone()],
            ..Default::default()
        });
        let d = describe_function(&s, "fm::twice").unwrap();
        assert!(d.starts_with("fm::twice (function)\n"), "{d}");
        assert!(d.contains("\nfm::twice(Integer $x, *$rest) >> Integer\n\nDoubles.\n- **x**\n    The number.\n"), "{d}");
        let d = describe_function(&s, "fm::up").unwrap();
        assert!(
            d.contains("@summary Upper case.\n  dispatch :up do\n  param 'String', :s\n"),
            "{d}"
        );
        assert!(!d.contains("frozen"), "{d}");
        assert!(describe_function(&s, "fm::nope").is_none());
        std::fs::create_dir_all(m.join("types")).unwrap();
        std::fs::write(
            m.join("types/port.pp"),
            "# A port.\ntype Fm::Port = Integer[\n  1, 65535]\n\n# after\n",
        )
        .unwrap();
        let d = describe_type_alias(&s, "fm::port").unwrap();
        assert!(
            d.starts_with("Fm::Port (type alias of module fm)\nDefined at "),
            "{d}"
        );
        assert!(
            d.ends_with("types/port.pp:2\n\nA port.\n\ntype Fm::Port = Integer[\n  1, 65535]\n"),
            "{d}"
        );
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn built_in_types_session_classes_and_defines() {
        let mut s = Session::new();
        let file = describe(&s, "File").unwrap();
        assert!(file.starts_with("file\n====\n"), "{file}");
        assert!(file.contains("- **path** (*namevar*)"));
        assert!(file.contains("puppet describe file"));
        assert!(describe(&s, "no_such_thing").is_none());
        s.eval("# Says hello.\ndefine greet(String $who = 'world') { }\nclass base { }")
            .unwrap();
        let d = describe(&s, "greet").unwrap();
        assert!(d.starts_with("greet (defined type)\n"), "{d}");
        assert!(d.contains("Defined at In[1]:2"), "{d}");
        assert!(d.contains("Says hello."), "{d}");
        assert!(d.contains("- **who** `String` = `'world'`"), "{d}");
        assert!(describe(&s, "::Base").unwrap().contains("No parameters."));
    }
}
