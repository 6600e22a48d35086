//! Coalescing of stream output: consecutive log lines on the same stream go out as one
//! `stream` message, up to a size limit, so that long output is sent in batches.

use crate::output::StreamName;

pub struct StreamBatcher {
    pending: Option<(StreamName, String)>,
    limit: usize,
}

impl StreamBatcher {
    pub fn new(limit: usize) -> StreamBatcher {
        StreamBatcher {
            pending: None,
            limit,
        }
    }

    /// Adds text; returns a batch that is ready to send (the stream changed or the limit
    /// was reached).
    pub fn push(&mut self, name: StreamName, text: String) -> Option<(StreamName, String)> {
        let ready = match &mut self.pending {
            Some((n, t)) if *n == name && t.len() + text.len() <= self.limit => {
                t.push_str(&text);
                None
            }
            _ => self.pending.replace((name, text)),
        };
        if ready.is_some() {
            return ready;
        }
        if self
            .pending
            .as_ref()
            .is_some_and(|(_, t)| t.len() >= self.limit)
        {
            return self.pending.take();
        }
        None
    }

    /// The text gathered so far, if any.
    pub fn take(&mut self) -> Option<(StreamName, String)> {
        self.pending.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use StreamName::{Stderr, Stdout};

    #[test]
    fn same_stream_lines_are_joined() {
        let mut b = StreamBatcher::new(100);
        assert_eq!(b.push(Stdout, "a\n".into()), None);
        assert_eq!(b.push(Stdout, "b\n".into()), None);
        assert_eq!(b.take(), Some((Stdout, "a\nb\n".into())));
        assert_eq!(b.take(), None);
    }

    #[test]
    fn a_stream_change_sends_the_batch() {
        let mut b = StreamBatcher::new(100);
        b.push(Stdout, "a\n".into());
        assert_eq!(b.push(Stderr, "w\n".into()), Some((Stdout, "a\n".into())));
        assert_eq!(b.take(), Some((Stderr, "w\n".into())));
    }

    #[test]
    fn batches_stay_under_the_limit() {
        let mut b = StreamBatcher::new(6);
        let mut sent = Vec::new();
        for _ in 0..5 {
            sent.extend(b.push(Stdout, "ab\n".into()));
        }
        sent.extend(b.take());
        assert_eq!(
            sent,
            vec![
                (Stdout, "ab\nab\n".to_string()),
                (Stdout, "ab\nab\n".to_string()),
                (Stdout, "ab\n".to_string())
            ]
        );
    }
}
