//! Output that survives a closed pipe: `flitwave ... | head` ends quietly (exit status 0)
//! instead of panicking on the broken pipe.

use std::io::{ErrorKind, Write};

/// Write `s` to standard output; on a closed pipe exit quietly, on another failure say so on
/// standard error and exit with status 2.
pub(crate) fn write(s: &str) {
    let mut o = std::io::stdout().lock();
    if let Err(e) = o.write_all(s.as_bytes()).and_then(|_| o.flush()) {
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        error(&format!("error: cannot write to standard output: {e}"));
        std::process::exit(2);
    }
}

/// Write a line to standard error, ignoring a closed standard error.
pub(crate) fn error(s: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{s}");
}
