//! What the waveform testbenches share: an in-memory writer to read a trace back, and the
//! trace window of a test.

use flitwave::sim::trace::TraceConfig;
use std::cell::RefCell;
use std::rc::Rc;

/// The clock period of the traced tests, ps (seed 000's 6.25 ns).
pub const PERIOD: u64 = 6250;

/// Trace `scopes` (all when empty) over `window`.
pub(crate) fn cfg(scopes: &[&str], window: Option<(u64, u64)>) -> TraceConfig {
    TraceConfig {
        scopes: scopes.iter().map(|s| s.to_string()).collect(),
        window,
        period_ps: PERIOD,
        ..Default::default()
    }
}

/// An in-memory writer the test can read back after the tracer is gone.
#[derive(Clone, Default)]
pub(crate) struct SharedBuf(pub(crate) Rc<RefCell<Vec<u8>>>);
impl SharedBuf {
    pub(crate) fn text(&self) -> String {
        String::from_utf8(self.0.borrow().clone()).unwrap()
    }
}
impl std::io::Write for SharedBuf {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
