//! Shell-style wildcard matching (`*` any run, `?` one character) of a whole text: the
//! kernel's history search and the debugger's title patterns.

/// Shell-style glob matching (`*`, `?`) over the whole text, iteratively with backtracking
/// to the last star (linear in practice, no recursion).
pub fn glob_match(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    let (mut pi, mut ti) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        if pi < p.len() && (p[pi] == '?' || p[pi] == t[ti]) {
            pi += 1;
            ti += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some((pi, ti));
            pi += 1;
        } else if let Some((sp, st)) = star {
            pi = sp + 1;
            ti = st + 1;
            star = Some((sp, st + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

#[cfg(test)]
mod tests {
    use super::glob_match;

    #[test]
    fn stars_and_question_marks_over_the_whole_text() {
        assert!(glob_match("www*", "www.example.com"));
        assert!(glob_match("*.com", "www.example.com"));
        assert!(glob_match("w?w*", "www"));
        assert!(glob_match("é?", "éa"));
        assert!(!glob_match("www", "www2"));
        assert!(!glob_match("?", ""));
        // many stars against a long text that does not match: no exponential backtracking
        let text = "a".repeat(5000);
        assert!(!glob_match(&format!("{}b", "a*".repeat(30)), &text));
    }
}
