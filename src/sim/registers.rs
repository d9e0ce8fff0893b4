//! A walk over a block's state registers, written two ways from the one walk: as text, for a
//! person to read (a failed comparison shows it), and as an image of words, for two runs of one
//! block (the routers in bit planes on one thread and on several) to be compared exactly and
//! fast.
//!
//! The text holds the labels and the values; the image the values and the words that decide
//! the walk's shape (a count before a list, a mask of what follows, which stages exist), not
//! the labels. A walk keeps one rule: what it writes next — a label, a loop's length, a
//! branch — follows from the block's words already in the image, and a value's text from its
//! word. Then two equal images come from two equal walks, and so from two equal texts: the
//! image compares all the text compares.

use super::Flit;
use std::fmt::{self, Write};

/// What a walk over registers writes into: a text (`String`) or an image (`Vec<u64>`).
pub trait RegisterSink {
    /// A label or separator: the text's alone.
    fn text(&mut self, t: &'static str);
    /// A label with indices in it (`in3.vc1 `), never a value: the text's alone.
    fn label(&mut self, t: fmt::Arguments<'_>);
    /// A word that decides what the walk writes next and that the text does not show (a
    /// count, a mask): the image's alone.
    fn word(&mut self, w: u64);
    /// A register of value `w` that the text shows as `shown` (a state's name): both.
    fn shown(&mut self, w: u64, shown: fmt::Arguments<'_>);

    /// A register, in decimal.
    #[inline]
    fn dec(&mut self, v: u64) {
        self.shown(v, format_args!("{v}"));
    }

    /// A signed register, in decimal.
    #[inline]
    fn int(&mut self, v: i64) {
        self.shown(v as u64, format_args!("{v}"));
    }

    /// A register in hexadecimal (`0x1f`).
    #[inline]
    fn hex(&mut self, v: u64) {
        self.shown(v, format_args!("{v:#x}"));
    }

    /// A flit held in a register: `packet/flags/vc`.
    #[inline]
    fn flit(&mut self, f: &Flit) {
        self.dec(f.pkt as u64);
        self.text("/");
        self.dec(f.flags as u64);
        self.text("/");
        self.dec(f.vc as u64);
    }
}

/// The text: labels and values.
impl RegisterSink for String {
    fn text(&mut self, t: &'static str) {
        self.push_str(t);
    }
    fn label(&mut self, t: fmt::Arguments<'_>) {
        let _ = self.write_fmt(t);
    }
    fn word(&mut self, _: u64) {}
    fn shown(&mut self, _: u64, shown: fmt::Arguments<'_>) {
        let _ = self.write_fmt(shown);
    }
}

/// The image: values and the words of the shape, one `u64` each.
impl RegisterSink for Vec<u64> {
    #[inline(always)]
    fn text(&mut self, _: &'static str) {}
    #[inline(always)]
    fn label(&mut self, _: fmt::Arguments<'_>) {}
    #[inline(always)]
    fn word(&mut self, w: u64) {
        self.push(w);
    }
    #[inline(always)]
    fn shown(&mut self, w: u64, _: fmt::Arguments<'_>) {
        self.push(w);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A walk of a list of flits and a state, as a block would write them.
    fn walk(s: &mut impl RegisterSink, state: u8, flits: &[Flit]) {
        s.label(format_args!("in{} ", 3));
        s.shown(
            state as u64,
            format_args!("{}", ["IDLE", "ACTIVE"][state as usize]),
        );
        s.text(" flits=");
        s.word(flits.len() as u64);
        for f in flits {
            s.flit(f);
            s.text(",");
        }
        s.text(" mask=");
        s.hex(0x1f);
        s.text(" owner=");
        s.int(-1);
    }

    #[test]
    fn the_text_has_the_labels_and_values_and_the_image_the_values_and_counts() {
        let f = Flit {
            pkt: 7,
            flags: 3,
            vc: 1,
            ..Flit::default()
        };
        let (mut text, mut image) = (String::new(), Vec::new());
        walk(&mut text, 1, &[f, f]);
        walk(&mut image, 1, &[f, f]);
        assert_eq!(text, "in3 ACTIVE flits=7/3/1,7/3/1, mask=0x1f owner=-1");
        assert_eq!(image, [1, 2, 7, 3, 1, 7, 3, 1, 0x1f, u64::MAX]);
    }
}
