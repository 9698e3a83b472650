//! The memory one page's render may take. minijinja's fuel bounds the steps
//! of a render and charges most of the data it makes, but not all of it (a
//! list doubled by `l + l` is built lazily and materialized uncharged;
//! `[s, s]|join` charges only the joined text): a `--templates` file that
//! doubles a value in a loop took 0.9 to 6 GB before fuel stopped it, or
//! never stopped. So the program's allocator ([`Budgeted`], set in the
//! binary) counts the bytes a thread holds while it renders a page, and a
//! render that holds more than [`PAGE_BYTES`] ends the run with exit status
//! 2 and a message naming the template. With `--templates`, every page is
//! rendered once before anything is written (the dry run), so the run
//! ends before it writes anything.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;

/// The most a page's render may hold: the bulletin of a 40-player round
/// robin (780 games, the largest page of the benchmarks) is 1.1 MB of HTML,
/// so this leaves some sixty times that.
pub const PAGE_BYTES: usize = 64 << 20;

thread_local! {
    /// The bytes this thread holds since its render began, net of what it
    /// freed; `None` when it renders nothing.
    static HELD: Cell<Option<isize>> = const { Cell::new(None) };
    /// The name of the template being rendered, for the message.
    static NAME: Cell<(*const u8, usize)> = const { Cell::new((std::ptr::null(), 0)) };
}

/// An allocator that counts, on a thread rendering a page, the bytes it
/// holds, and ends the run when they pass [`PAGE_BYTES`]. Outside a render
/// it only passes each call on (one thread-local read).
pub struct Budgeted<A>(pub A);

/// Counts `delta` bytes for the render on this thread, if any.
fn count(delta: isize) {
    // `try_with`: a thread being torn down has no counter, and needs none.
    let _ = HELD.try_with(|held| {
        if let Some(n) = held.get() {
            let n = n + delta;
            held.set(Some(n));
            if n > PAGE_BYTES as isize {
                held.set(None);
                over();
            }
        }
    });
}

/// What to undo when a render runs away, before the run ends (the lock
/// file that names the run): set by [`on_runaway`].
type Undo = Box<dyn Fn() + Send + Sync>;
static UNDO: std::sync::Mutex<Option<Undo>> = std::sync::Mutex::new(None);

/// Sets what to undo when a render runs away, until the guard is dropped.
pub fn on_runaway(undo: impl Fn() + Send + Sync + 'static) -> RunawayGuard {
    *UNDO.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(Box::new(undo));
    RunawayGuard
}

/// Keeps the undo of [`on_runaway`] set while it lives.
pub struct RunawayGuard;

impl Drop for RunawayGuard {
    fn drop(&mut self) {
        *UNDO.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = None;
    }
}

/// Ends the run: the render ran away. Its counter is off, so what this
/// allocates is not counted again.
#[cold]
fn over() -> ! {
    use std::io::Write;
    if let Ok(undo) = UNDO.try_lock()
        && let Some(undo) = undo.as_ref()
    {
        undo();
    }
    let (ptr, len) = NAME.with(Cell::get);
    // SAFETY: set by `render` from a `&str` that outlives the render, and
    // cleared when it ends; a render is on this thread now.
    let name = if ptr.is_null() {
        &[][..]
    } else {
        unsafe { std::slice::from_raw_parts(ptr, len) }
    };
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(b"error: template ");
    let _ = err.write_all(name);
    let _ = err.write_all(b": the render holds over 64 MB of memory, more than any page needs: a template that builds text or lists without end (docs/output.md, \"Templates and the stylesheet\")\n");
    let _ = err.flush();
    std::process::exit(2)
}

// SAFETY: every call is passed on to `A` unchanged; only counted beside.
unsafe impl<A: GlobalAlloc> GlobalAlloc for Budgeted<A> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { self.0.alloc(layout) };
        if !p.is_null() {
            count(layout.size() as isize);
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { self.0.alloc_zeroed(layout) };
        if !p.is_null() {
            count(layout.size() as isize);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { self.0.dealloc(ptr, layout) };
        count(-(layout.size() as isize));
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { self.0.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            count(new_size as isize - layout.size() as isize);
        }
        p
    }
}

/// Runs `render` (the render of template `name`) with its memory counted
/// against [`PAGE_BYTES`] (under the [`Budgeted`] allocator; uncounted
/// under any other).
pub(super) fn render<T>(name: &str, render: impl FnOnce() -> T) -> T {
    /// Restores the counter and name of before the render, even when the
    /// render panics.
    struct Restore(Option<isize>, (*const u8, usize));
    impl Drop for Restore {
        fn drop(&mut self) {
            HELD.with(|h| h.set(self.0));
            NAME.with(|n| n.set(self.1));
        }
    }
    let _restore = Restore(
        HELD.with(|h| h.replace(Some(0))),
        NAME.with(|n| n.replace((name.as_ptr(), name.len()))),
    );
    render()
}
