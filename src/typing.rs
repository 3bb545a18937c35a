//! Typing into a one-line field key by key, GUI-free: the field's text with its cursor
//! ([`LineEdit`]), every key applied in the order it came, an Enter completing a line; and the
//! lines typed ahead that wait their turn ([`TypeAhead`]). How many keys arrive in one frame of
//! the window changes nothing: the same keys give the same lines and the same text left over.

use std::collections::VecDeque;

/// The most characters a line holds; what is typed beyond is not taken (no move or command is
/// anywhere near as long).
pub const MAX_LINE: usize = 200;

/// The most lines waiting their turn; a line beyond is refused with a word, never dropped
/// silently ([`TypeAhead::push`]).
pub const MAX_WAITING: usize = 256;

/// One key of a one-line field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Text typed or pasted, at the cursor (over the selection); a line break in it is an Enter.
    Insert(String),
    /// The character before the cursor, or the selection.
    Backspace,
    /// The word before the cursor, or the selection.
    BackspaceWord,
    /// The character after the cursor, or the selection.
    Delete,
    /// The cursor one character left (`true`: extending the selection).
    Left(bool),
    /// The cursor one character right (`true`: extending the selection).
    Right(bool),
    /// The cursor to the start (`true`: extending the selection).
    Home(bool),
    /// The cursor to the end (`true`: extending the selection).
    End(bool),
    /// Select the whole text.
    SelectAll,
    /// The line is complete: it is handed on and the field is empty.
    Enter,
}

/// A one-line field's text, its cursor and the other end of its selection (in characters).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineEdit {
    text: String,
    cursor: usize,
    anchor: usize,
}

impl LineEdit {
    /// `text` with the cursor at `cursor` and the selection reaching back to `anchor` (both
    /// clamped to the text).
    pub fn new(text: &str, cursor: usize, anchor: usize) -> LineEdit {
        let len = text.chars().count();
        LineEdit {
            text: text.to_owned(),
            cursor: cursor.min(len),
            anchor: anchor.min(len),
        }
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The cursor, in characters.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The other end of the selection (the cursor itself when nothing is selected).
    pub fn anchor(&self) -> usize {
        self.anchor
    }

    fn len(&self) -> usize {
        self.text.chars().count()
    }

    /// The byte offset of character `i`.
    fn byte(&self, i: usize) -> usize {
        self.text
            .char_indices()
            .nth(i)
            .map_or(self.text.len(), |(b, _)| b)
    }

    /// Removes characters `from..to`; the cursor stands at `from`.
    fn remove(&mut self, from: usize, to: usize) {
        let (a, b) = (self.byte(from), self.byte(to));
        self.text.replace_range(a..b, "");
        self.cursor = from;
        self.anchor = from;
    }

    /// Removes the selection; whether there was one.
    fn remove_selection(&mut self) -> bool {
        let (from, to) = (self.cursor.min(self.anchor), self.cursor.max(self.anchor));
        if from == to {
            return false;
        }
        self.remove(from, to);
        true
    }

    fn move_to(&mut self, to: usize, extend: bool) {
        self.cursor = to.min(self.len());
        if !extend {
            self.anchor = self.cursor;
        }
    }

    /// Applies one key; returns the line an Enter completed (one per line break of an
    /// [`Edit::Insert`]).
    pub fn apply(&mut self, edit: Edit) -> Vec<String> {
        let mut lines = Vec::new();
        match edit {
            Edit::Insert(text) => {
                let mut parts = text.split('\n').peekable();
                while let Some(part) = parts.next() {
                    self.insert(part);
                    if parts.peek().is_some() {
                        lines.push(self.enter());
                    }
                }
            }
            Edit::Backspace => {
                if !self.remove_selection() && self.cursor > 0 {
                    self.remove(self.cursor - 1, self.cursor);
                }
            }
            Edit::BackspaceWord => {
                if !self.remove_selection() {
                    let chars: Vec<char> = self.text.chars().collect();
                    let mut from = self.cursor;
                    while from > 0 && chars[from - 1].is_whitespace() {
                        from -= 1;
                    }
                    while from > 0 && !chars[from - 1].is_whitespace() {
                        from -= 1;
                    }
                    self.remove(from, self.cursor);
                }
            }
            Edit::Delete => {
                if !self.remove_selection() && self.cursor < self.len() {
                    self.remove(self.cursor, self.cursor + 1);
                }
            }
            Edit::Left(extend) => {
                let at = if self.cursor != self.anchor && !extend {
                    self.cursor.min(self.anchor)
                } else {
                    self.cursor.saturating_sub(1)
                };
                self.move_to(at, extend);
            }
            Edit::Right(extend) => {
                let at = if self.cursor != self.anchor && !extend {
                    self.cursor.max(self.anchor)
                } else {
                    self.cursor + 1
                };
                self.move_to(at, extend);
            }
            Edit::Home(extend) => self.move_to(0, extend),
            Edit::End(extend) => self.move_to(self.len(), extend),
            Edit::SelectAll => {
                self.anchor = 0;
                self.cursor = self.len();
            }
            Edit::Enter => lines.push(self.enter()),
        }
        lines
    }

    /// Inserts `text` (control characters left out) over the selection, up to [`MAX_LINE`].
    fn insert(&mut self, text: &str) {
        self.remove_selection();
        let room = MAX_LINE.saturating_sub(self.len());
        let text: String = text
            .chars()
            .filter(|c| !c.is_control())
            .take(room)
            .collect();
        let at = self.byte(self.cursor);
        self.text.insert_str(at, &text);
        self.cursor += text.chars().count();
        self.anchor = self.cursor;
    }

    /// The line so far, handed on; the field is empty.
    fn enter(&mut self) -> String {
        self.cursor = 0;
        self.anchor = 0;
        std::mem::take(&mut self.text)
    }
}

/// What became of a line typed ahead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fate {
    /// Waiting for its turn.
    Queued,
    /// Handed on; the answer is awaited.
    Sent,
    /// Answered, in these words.
    Answered(String),
}

/// The lines typed ahead, waiting their turn in the order they were typed, and the latest run
/// of lines typed one behind the other with what became of them.
#[derive(Clone, Debug, Default)]
pub struct TypeAhead {
    waiting: VecDeque<String>,
    /// The latest lines handed on, with their fates (at most [`TypeAhead::KEPT`]).
    done: VecDeque<(String, Fate)>,
}

impl TypeAhead {
    /// How many lines handed on are kept with their fates.
    pub const KEPT: usize = 8;

    /// A line typed: it waits its turn. A full queue refuses it (`Err` with the line). A line
    /// typed with nothing before it waiting or unanswered starts a new run: the fates of the
    /// lines before are forgotten.
    pub fn push(&mut self, line: String) -> Result<(), String> {
        if self.waiting.len() >= MAX_WAITING {
            return Err(line);
        }
        if self.waiting.is_empty() && !matches!(self.done.back(), Some((_, Fate::Sent))) {
            self.done.clear();
        }
        self.waiting.push_back(line);
        Ok(())
    }

    /// The next line whose turn it is, now handed on (its answer awaited).
    pub fn send_next(&mut self) -> Option<String> {
        let line = self.waiting.pop_front()?;
        self.done.push_back((line.clone(), Fate::Sent));
        while self.done.len() > Self::KEPT {
            self.done.pop_front();
        }
        Some(line)
    }

    /// The last line handed on was answered in `words`.
    pub fn answered(&mut self, words: &str) {
        if let Some((_, fate)) = self.done.back_mut()
            && *fate == Fate::Sent
        {
            *fate = Fate::Answered(words.to_owned());
        }
    }

    /// Whether no line waits.
    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty()
    }

    /// The lines waiting, in order.
    pub fn waiting(&self) -> impl Iterator<Item = &str> {
        self.waiting.iter().map(String::as_str)
    }

    /// The latest lines handed on, oldest first, with their fates.
    pub fn done(&self) -> impl Iterator<Item = &(String, Fate)> {
        self.done.iter()
    }

    /// Forgets the waiting lines (the seat's turn passed to a player who did not type them);
    /// returns how many there were.
    pub fn forget(&mut self) -> usize {
        let n = self.waiting.len();
        self.waiting.clear();
        self.done.clear();
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn run(field: &mut LineEdit, edits: impl IntoIterator<Item = Edit>) -> Vec<String> {
        edits.into_iter().flat_map(|e| field.apply(e)).collect()
    }

    fn ins(s: &str) -> Edit {
        Edit::Insert(s.to_owned())
    }

    #[test]
    fn enter_splits_and_editing_keys_work() {
        let mut f = LineEdit::default();
        let lines = run(
            &mut f,
            [
                ins("e4"),
                Edit::Enter,
                ins("Nf"),
                ins("x"),
                Edit::Backspace,
                ins("3"),
                Edit::Enter,
                ins("Nc"),
            ],
        );
        assert_eq!(lines, ["e4", "Nf3"]);
        assert_eq!((f.text(), f.cursor()), ("Nc", 2));
        // A selection is replaced by what is typed next.
        let mut f = LineEdit::new("exd5", 4, 0);
        assert_eq!(run(&mut f, [ins("d4"), Edit::Enter]), ["d4"]);
        // Cursor moves, insert in the middle, delete, word backspace.
        let mut f = LineEdit::new("e2e4", 4, 4);
        run(&mut f, [Edit::Left(false), Edit::Left(false), ins("-")]);
        assert_eq!(f.text(), "e2-e4");
        run(&mut f, [Edit::Home(false), Edit::Delete, ins("E")]);
        assert_eq!(f.text(), "E2-e4");
        let mut f = LineEdit::new("open a1 b2", 10, 10);
        run(&mut f, [Edit::BackspaceWord]);
        assert_eq!(f.text(), "open a1 ");
        run(&mut f, [Edit::SelectAll, Edit::Backspace]);
        assert_eq!((f.text(), f.cursor()), ("", 0));
        // A paste of several lines is several lines.
        let mut f = LineEdit::default();
        assert_eq!(run(&mut f, [ins("e4\ne5\nNf")]), ["e4", "e5"]);
        assert_eq!(f.text(), "Nf");
    }

    #[test]
    fn lines_are_bounded_and_control_characters_left_out() {
        let mut f = LineEdit::default();
        run(&mut f, [ins(&"a".repeat(MAX_LINE + 50)), ins("\u{7}b")]);
        assert_eq!(f.text().chars().count(), MAX_LINE);
        let mut q = TypeAhead::default();
        for i in 0..MAX_WAITING {
            assert!(q.push(i.to_string()).is_ok());
        }
        assert_eq!(q.push("late".into()), Err("late".to_owned()));
        assert_eq!(q.send_next().as_deref(), Some("0"));
        q.answered("Legal.");
        assert_eq!(
            q.done().last(),
            Some(&("0".to_owned(), Fate::Answered("Legal.".into())))
        );
        assert_eq!(q.forget(), MAX_WAITING - 1);
        assert!(q.is_empty());
    }

    proptest! {
        /// However the keys of a typed sequence are cut into frames, the same lines come out, in
        /// the order typed, and the same text is left in the field.
        #[test]
        fn any_cut_into_frames_gives_the_same_lines(
            lines in prop::collection::vec("[a-hKQRBNx1-8=O?-]{0,6}", 0..20),
            rest in "[a-h1-8]{0,4}",
            cuts in prop::collection::vec(1usize..5, 0..40),
        ) {
            let mut keys = Vec::new();
            for line in &lines {
                keys.extend(line.chars().map(|c| ins(&c.to_string())));
                keys.push(Edit::Enter);
            }
            keys.extend(rest.chars().map(|c| ins(&c.to_string())));
            let mut field = LineEdit::default();
            let mut queue = TypeAhead::default();
            let mut keys = keys.into_iter().peekable();
            let mut cuts = cuts.into_iter().cycle();
            while keys.peek().is_some() {
                let n = cuts.next().unwrap_or(1);
                // One frame: its keys, then the lines it completed join the queue.
                let frame: Vec<Edit> = keys.by_ref().take(n).collect();
                for line in run(&mut field, frame) {
                    prop_assert!(queue.push(line).is_ok());
                }
            }
            let got: Vec<String> = std::iter::from_fn(|| queue.send_next()).collect();
            prop_assert_eq!(got, lines);
            prop_assert_eq!(field.text(), rest.as_str());
        }
    }
}
