//! An explanation of a type question (`v =~ T`, `T1 < T2`, `T1 == T2`): a verdict, a headline
//! and a tree of notes, shown as an indented list (`:why`, `explain_type()`) or as nested HTML
//! lists (the kernel). Notes worded as the reference words its mismatch descriptions (the
//! lines of its parameter and `assert_type` errors) are marked `reference`; the others are
//! prepl's own.

/// One reason (or, for a match, one fact), with the reasons behind it.
#[derive(Debug, Clone, PartialEq)]
pub struct Note {
    pub text: String,
    /// Worded exactly as a line of the reference's mismatch errors.
    pub reference: bool,
    pub children: Vec<Note>,
}

impl Note {
    /// A line the reference also prints.
    pub fn reference(text: impl Into<String>) -> Note {
        Note {
            text: text.into(),
            reference: true,
            children: Vec::new(),
        }
    }

    /// A line of prepl's own.
    pub fn own(text: impl Into<String>) -> Note {
        Note {
            text: text.into(),
            reference: false,
            children: Vec::new(),
        }
    }

    pub fn with(mut self, children: Vec<Note>) -> Note {
        self.children = children;
        self
    }

    /// The same notes, all marked as prepl's own (reference wording the reference does not
    /// print in this place).
    pub fn all_own(notes: Vec<Note>) -> Vec<Note> {
        notes
            .into_iter()
            .map(|n| Note {
                text: n.text,
                reference: false,
                children: Note::all_own(n.children),
            })
            .collect()
    }

    /// The notes with at most `max` siblings in each list, the rest summed up in a last note
    /// (an explanation of a big collection stays readable).
    pub fn capped(notes: Vec<Note>, max: usize) -> Vec<Note> {
        let total = notes.len();
        let mut kept: Vec<Note> = notes
            .into_iter()
            .take(max)
            .map(|mut n| {
                n.children = Note::capped(std::mem::take(&mut n.children), max);
                n
            })
            .collect();
        if total > max {
            kept.push(Note::own(format!("... and {} more", total - max)));
        }
        kept
    }

    fn write(&self, out: &mut String, depth: usize) {
        for _ in 0..depth {
            out.push_str("  ");
        }
        out.push_str("- ");
        out.push_str(&self.text);
        out.push('\n');
        for c in &self.children {
            c.write(out, depth + 1);
        }
    }
}

/// The answer to a type question and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Explanation {
    /// Whether the match, comparison or equality holds.
    pub holds: bool,
    /// `[1, 'a'] does not match Array[Integer]`.
    pub headline: String,
    pub notes: Vec<Note>,
}

impl Explanation {
    /// `true: headline` or `false: headline`, then the notes as an indented list.
    pub fn text(&self) -> String {
        let mut out = format!("{}: {}\n", self.holds, self.headline);
        for n in &self.notes {
            n.write(&mut out, 0);
        }
        out.truncate(out.trim_end().len());
        out
    }

    /// Every note's text, depth first (for tests and searching).
    pub fn lines(&self) -> Vec<&str> {
        fn walk<'a>(notes: &'a [Note], out: &mut Vec<&'a str>) {
            for n in notes {
                out.push(&n.text);
                walk(&n.children, out);
            }
        }
        let mut out = Vec::new();
        walk(&self.notes, &mut out);
        out
    }

    /// The lines marked as the reference's wording, depth first.
    pub fn reference_lines(&self) -> Vec<&str> {
        fn walk<'a>(notes: &'a [Note], out: &mut Vec<&'a str>) {
            for n in notes {
                if n.reference {
                    out.push(&n.text);
                }
                walk(&n.children, out);
            }
        }
        let mut out = Vec::new();
        walk(&self.notes, &mut out);
        out
    }
}

/// At most this many characters of a value in a headline.
const MAX_SHOWN: usize = 70;

/// A value's `%p` form, shortened for a headline.
pub fn shown(text: String) -> String {
    if text.chars().count() <= MAX_SHOWN {
        return text;
    }
    let mut s: String = text.chars().take(MAX_SHOWN - 3).collect();
    s.push_str("...");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_an_indented_list_after_the_verdict() {
        let e = Explanation {
            holds: false,
            headline: "1 does not match String".into(),
            notes: vec![Note::reference("expects a String value, got Integer")
                .with(vec![Note::own("an Integer is never a String")])],
        };
        assert_eq!(
            e.text(),
            "false: 1 does not match String\n- expects a String value, got Integer\n  - an Integer is never a String"
        );
        assert_eq!(
            e.reference_lines(),
            vec!["expects a String value, got Integer"]
        );
        assert_eq!(e.lines().len(), 2);
        assert!(!Note::all_own(e.notes.clone())[0].reference);
    }

    #[test]
    fn long_lists_are_capped() {
        let notes: Vec<Note> = (0..5)
            .map(|i| {
                Note::reference(format!("index {i}")).with(vec![Note::own("a"), Note::own("b")])
            })
            .collect();
        let capped = Note::capped(notes, 3);
        assert_eq!(capped.len(), 4);
        assert_eq!(capped[3].text, "... and 2 more");
        assert_eq!(capped[0].children.len(), 2);
        assert_eq!(
            Note::capped(capped.clone(), 1)[0].children[1].text,
            "... and 1 more"
        );
    }

    #[test]
    fn long_values_are_shortened() {
        assert_eq!(shown("abc".into()), "abc");
        let long = "x".repeat(100);
        assert_eq!(shown(long).chars().count(), MAX_SHOWN);
    }
}
