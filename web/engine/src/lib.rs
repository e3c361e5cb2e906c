//! cgt in the browser: the engine as a WebAssembly module for `wasm32-unknown-unknown`,
//! with plain `extern "C"` exports a Web Worker calls (see `web/src/worker.js`).
//!
//! Strings go in through memory the page asks for with [`cgt_alloc`] (the call takes it
//! over and frees it); every answer is JSON (see [`engine::Engine`]), left in the module's
//! memory at the returned address with its length given by [`cgt_result_len`].
//!
//! On this target a panic aborts, which traps the instance: the panic hook first sends the
//! message to the page through the imported `env.cgt_panic`, and the page starts a fresh
//! instance from the image of the module's memory it took after the last cell (see
//! `web/src/engine.js`), so the session goes on with its bindings.
//!
//! - [`engine`]: the engine behind the exports, a `Session` answering in JSON (tested
//!   natively);
//! - [`json`]: just enough JSON writing for its answers.

pub mod engine;
pub mod json;

/// The memory budget's counting allocator (the `cgt` binary's and the Python module's
/// too): the budget ([`engine::WASM_BUDGET`]) then bounds everything the module holds on
/// its heap, so a program that would fill the WebAssembly memory ends in the budget's
/// "too large" error, not in a failed allocation.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: cgt::game::budget_alloc::CountingAllocator =
    cgt::game::budget_alloc::CountingAllocator;

use engine::Engine;
use std::cell::RefCell;

thread_local! {
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::new());
    static RESULT: RefCell<String> = const { RefCell::new(String::new()) };
}

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "env")]
unsafe extern "C" {
    /// The page hears why the instance is about to trap.
    fn cgt_panic(ptr: *const u8, len: usize);
}

/// Sets the panic hook that tells the page why the instance traps (an engine abort such as
/// "too large", or a bug).
#[unsafe(no_mangle)]
pub extern "C" fn cgt_init() {
    #[cfg(target_arch = "wasm32")]
    std::panic::set_hook(Box::new(|info| {
        let message = if let Some(abort) = info.payload().downcast_ref::<cgt::game::Abort>() {
            abort.to_string()
        } else if let Some(s) = info.payload_as_str() {
            format!("internal error: {s}")
        } else {
            "internal error".to_string()
        };
        // SAFETY: the page reads `len` bytes at `ptr` during the call.
        unsafe { cgt_panic(message.as_ptr(), message.len()) }
    }));
}

/// Memory for `len` bytes of input; the call it is passed to frees it.
#[unsafe(no_mangle)]
pub extern "C" fn cgt_alloc(len: usize) -> *mut u8 {
    let mut buf = Vec::<u8>::with_capacity(len.max(1));
    let ptr = buf.as_mut_ptr();
    std::mem::forget(buf);
    ptr
}

/// Takes over the input at `ptr` (from [`cgt_alloc`]) as a string.
///
/// # Safety
/// `ptr` comes from `cgt_alloc(len)` and holds `len` bytes of UTF-8.
unsafe fn take(ptr: *mut u8, len: usize) -> String {
    // SAFETY: as the caller promises; the capacity is what `cgt_alloc` asked for.
    let bytes = unsafe { Vec::from_raw_parts(ptr, len, len.max(1)) };
    String::from_utf8(bytes).unwrap_or_default()
}

/// Leaves `answer` where the page reads it.
fn answer(answer: String) -> *const u8 {
    RESULT.with(|r| {
        *r.borrow_mut() = answer;
        r.borrow().as_ptr()
    })
}

/// The length in bytes of the last answer.
#[unsafe(no_mangle)]
pub extern "C" fn cgt_result_len() -> usize {
    RESULT.with(|r| r.borrow().len())
}

/// Runs a cell (see [`Engine::eval`]).
///
/// # Safety
/// As [`cgt_alloc`]'s memory: `ptr` holds `len` bytes of UTF-8.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cgt_eval(ptr: *mut u8, len: usize) -> *const u8 {
    // SAFETY: passed on from the caller.
    let source = unsafe { take(ptr, len) };
    answer(ENGINE.with(|e| e.borrow_mut().eval(&source)))
}

/// The names completing a prefix.
///
/// # Safety
/// As [`cgt_eval`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cgt_completions(ptr: *mut u8, len: usize) -> *const u8 {
    // SAFETY: passed on from the caller.
    let prefix = unsafe { take(ptr, len) };
    answer(ENGINE.with(|e| e.borrow().completions(&prefix)))
}

/// `ascii` or `unicode`.
///
/// # Safety
/// As [`cgt_eval`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cgt_set_notation(ptr: *mut u8, len: usize) {
    // SAFETY: passed on from the caller.
    let name = unsafe { take(ptr, len) };
    ENGINE.with(|e| e.borrow_mut().set_notation(&name));
}

/// A value's picture, by handle.
#[unsafe(no_mangle)]
pub extern "C" fn cgt_picture(id: usize) -> *const u8 {
    answer(ENGINE.with(|e| e.borrow_mut().picture(id)))
}

/// A value opened one level deep, by handle.
#[unsafe(no_mangle)]
pub extern "C" fn cgt_explore(id: usize) -> *const u8 {
    answer(ENGINE.with(|e| e.borrow_mut().explore(id)))
}

/// The built-ins' documentation.
#[unsafe(no_mangle)]
pub extern "C" fn cgt_docs() -> *const u8 {
    answer(Engine::docs())
}

/// An address on the module's stack (it grows down towards 0): how much is left, for the
/// tests of deep recursion.
#[unsafe(no_mangle)]
pub extern "C" fn cgt_stack_address() -> usize {
    cgt::game::abort::stack_address()
}
