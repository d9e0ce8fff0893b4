//! The flitwave command line (being assembled).
fn main() {
    eprintln!("flitwave: CLI is being assembled");
}
