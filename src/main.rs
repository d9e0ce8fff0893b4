//! The flitwave command line: run, sweep, fattree, topology, routes, list, trace, bench,
//! reproduce, rtl.

/// Print to standard output; a closed pipe (`flitwave ... | head`) ends the program quietly.
macro_rules! out {
    ($($t:tt)*) => {
        $crate::cli::out::write(&format!($($t)*))
    };
}

/// [`out!`] with a newline.
macro_rules! outln {
    () => {
        $crate::cli::out::write("\n")
    };
    ($($t:tt)*) => {
        $crate::cli::out::write(&format!("{}\n", format_args!($($t)*)))
    };
}

/// A line on standard error (a closed standard error is ignored).
macro_rules! errln {
    ($($t:tt)*) => {
        $crate::cli::out::error(&format!($($t)*))
    };
}

mod cli;

use clap::Parser;
use cli::args::{Cli, Cmd};

/// The heap in huge pages where the system has them (`flitwave::huge_pages`).
#[global_allocator]
static HEAP: flitwave::huge_pages::HugeHeap = flitwave::huge_pages::HugeHeap;

fn main() {
    let cli = Cli::parse();
    flitwave::output::on_interrupt_remove_partial_files();
    // a malformed FLITWAVE_MEMORY_LIMIT or FLITWAVE_HUGE_PAGES is an error of every command,
    // before it does anything
    let r = flitwave::memory::limit()
        .and_then(|_| flitwave::huge_pages::check_setting())
        .and_then(|_| match cli.cmd {
            Cmd::Run(a) => cli::run::cmd_run(a),
            Cmd::Sweep(a) => cli::sweep::cmd_sweep(a),
            Cmd::Merge(a) => cli::sweep::cmd_merge(a),
            Cmd::Plot(a) => cli::plot::cmd_plot(a),
            Cmd::Explore(a) => cli::plot::cmd_explore(a),
            Cmd::Topology(a) => cli::tools::cmd_topology(a),
            Cmd::Routes(a) => cli::tools::cmd_routes(a),
            Cmd::List => cli::tools::cmd_list(),
            Cmd::Trace(c) => cli::trace::cmd_trace(c),
            Cmd::Bench(a) => cli::tools::cmd_bench(a),
            Cmd::Reproduce(a) => cli::reproduce::cmd_reproduce(a),
            Cmd::Rtl(c) => cli::rtl::cmd_rtl(c),
            Cmd::Fattree(a) => cli::fattree::cmd_fattree(a),
        });
    if let Err(e) = r {
        cli::out::error(&format!("error: {e}"));
        std::process::exit(2);
    }
}
