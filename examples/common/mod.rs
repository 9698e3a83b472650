//! What the stage benchmarks (game_stage.rs, render_stage.rs) share.

/// The allocator of the `ccbulletin` binary, so that a stage costs what it
/// costs there.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Nanoseconds this thread has run on a CPU; 0 where Linux does not say.
pub fn on_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}
