//! The `megahex` command line. The only code in the project that prints.

mod cli;

/// Checking a file allocates thousands of small values (the YAML's strings and mappings, the
/// typed scenario, the board); mimalloc serves them at about half the cost of the system
/// allocator, measured in `benches/validate.rs`.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(cli::run());
}
