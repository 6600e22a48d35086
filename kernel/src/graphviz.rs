//! Graphviz, when it is installed: DOT source to SVG by running `dot -Tsvg` (or the program
//! named by `PREPL_DOT`; an empty `PREPL_DOT` never runs one), with a time limit.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long `dot` may take before it is stopped (and the text graph shown instead).
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// The graph as SVG, or `None` when Graphviz is not there, fails or takes too long.
pub fn svg(dot_source: &str) -> Option<String> {
    let program = std::env::var("PREPL_DOT").unwrap_or_else(|_| "dot".into());
    if program.is_empty() {
        return None;
    }
    run(&program, dot_source, TIMEOUT)
}

/// Runs `program -Tsvg` on `dot_source`; the SVG element of its output.
pub fn run(program: &str, dot_source: &str, timeout: Duration) -> Option<String> {
    let mut child = Command::new(program)
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    // Write and read on threads of their own: a large graph fills the pipes both ways.
    let mut stdin = child.stdin.take()?;
    let source = dot_source.to_owned();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(source.as_bytes());
    });
    let mut stdout = child.stdout.take()?;
    let reader = std::thread::spawn(move || {
        let mut out = String::new();
        let _ = stdout.read_to_string(&mut out);
        out
    });
    let deadline = Instant::now() + timeout;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(10));
            }
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    };
    let _ = writer.join();
    let out = reader.join().ok()?;
    if !status.success() {
        return None;
    }
    // Only the <svg> element: no XML declaration or doctype inside the notebook.
    let start = out.find("<svg")?;
    Some(responsive(out[start..].trim_end()))
}

/// The SVG scaled to the output's width when it is wider (never beyond its own size), its
/// height following from the `viewBox`: a wide graph is shown whole rather than cut at the
/// right.
pub fn responsive(svg: &str) -> String {
    let Some(end) = svg.find('>') else {
        return svg.to_string();
    };
    let head = &svg[..end];
    let attr = |name: &str| -> Option<(usize, usize, String)> {
        let key = format!(" {name}=\"");
        let at = head.find(&key)?;
        let value_start = at + key.len();
        let len = head[value_start..].find('"')?;
        Some((
            at,
            value_start + len + 1,
            head[value_start..value_start + len].to_string(),
        ))
    };
    let (Some(width), Some(height)) = (attr("width"), attr("height")) else {
        return svg.to_string();
    };
    if !head.contains("viewBox") {
        return svg.to_string();
    }
    // Remove the later attribute first, so that the earlier one's offsets stay right.
    let mut head = head.to_string();
    let (first, second) = if width.0 < height.0 {
        (width.clone(), height)
    } else {
        (height, width.clone())
    };
    head.replace_range(second.0..second.1, "");
    head.replace_range(first.0..first.1, "");
    head.push_str(&format!(
        " width=\"100%\" style=\"max-width: {}; height: auto\"",
        width.2
    ));
    format!("{head}{}", &svg[end..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn graphs_scale_down_to_the_output_width() {
        let svg = "<svg width=\"676pt\" height=\"322pt\"\n viewBox=\"0.00 0.00 676.00 322.00\" xmlns=\"x\">\n<g/></svg>";
        assert_eq!(
            responsive(svg),
            "<svg\n viewBox=\"0.00 0.00 676.00 322.00\" xmlns=\"x\" width=\"100%\" style=\"max-width: 676pt; height: auto\">\n<g/></svg>"
        );
        // Without a viewBox to scale by, it stays as it is.
        assert_eq!(
            responsive("<svg width=\"1pt\" height=\"2pt\"></svg>"),
            "<svg width=\"1pt\" height=\"2pt\"></svg>"
        );
    }

    #[test]
    fn a_missing_program_gives_no_svg() {
        assert_eq!(run("/nonexistent/dot", "digraph { a -> b }", TIMEOUT), None);
    }

    #[test]
    fn a_program_that_fails_or_hangs_gives_no_svg() {
        assert_eq!(run("false", "digraph { a -> b }", TIMEOUT), None);
        // `sleep -Tsvg` fails at once; a shell that waits stands in for a slow dot.
        let dir = std::env::temp_dir().join(format!("prepl-slow-dot-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let slow = dir.join("slow-dot");
        std::fs::write(&slow, "#!/bin/sh\nsleep 5\n").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&slow, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        let started = Instant::now();
        assert_eq!(
            run(
                slow.to_str().unwrap(),
                "digraph {}",
                Duration::from_millis(200)
            ),
            None
        );
        assert!(started.elapsed() < Duration::from_secs(3));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn svg_from_graphviz_when_installed() {
        let Some(svg) = run("dot", "digraph { a -> b }", TIMEOUT) else {
            eprintln!("Graphviz is not installed: nothing to check");
            return;
        };
        assert!(svg.starts_with("<svg"), "{svg}");
        assert!(svg.ends_with("</svg>"), "{svg}");
    }
}
