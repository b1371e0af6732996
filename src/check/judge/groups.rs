//! The engines' process groups. Each engine runs in a process group of its own, so a
//! terminal's Ctrl-C reaches sgfaudit only, and sgfaudit ends the whole group (the engine
//! and whatever it started) with SIGKILL: when its position is done, when the run that
//! started it stops (`JudgeConfig::stop_engines`, the Python package's interrupt), and,
//! once [`end_engines_on_signals`] was called (the command line does), when sgfaudit is
//! ended by SIGTERM, SIGINT or SIGHUP.
//!
//! The signal handler reads a process-wide table of atomics (no lock): it kills every
//! group in it, then ends the process by the same signal, its default action.

use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::Once;

/// Engines running at once that the signal handler knows of (a run has one per worker
/// thread): past them an engine still runs in its group, but a signal does not end it.
const SLOTS: usize = 1024;

#[allow(clippy::declare_interior_mutable_const)]
const FREE: AtomicI32 = AtomicI32::new(0);

/// The process group of each running engine; 0: a free slot.
static GROUPS: [AtomicI32; SLOTS] = [FREE; SLOTS];
/// Set by [`end_engines_on_signals`]: the handlers are installed at the first engine.
static ON_SIGNALS: AtomicBool = AtomicBool::new(false);
static INSTALL: Once = Once::new();

/// The signals that end sgfaudit and, first, its engines.
const ENDING: [libc::c_int; 3] = [libc::SIGTERM, libc::SIGINT, libc::SIGHUP];

/// Asks that SIGTERM, SIGINT and SIGHUP end the engines before they end this process
/// (each signal whose action is still the default when the first engine starts). For a
/// program that owns its signals, as the command line does; a library caller (Python)
/// keeps its own and stops a run's engines with `JudgeConfig::stop_engines`.
pub fn end_engines_on_signals() {
    ON_SIGNALS.store(true, Ordering::Release);
}

/// A running engine's place in the table the signal handler reads; leaving it frees it.
pub(super) struct Registered {
    slot: Option<usize>,
}

impl Registered {
    /// Enters process group `group` in the table (installing the handlers if asked).
    pub(super) fn new(group: i32) -> Registered {
        if ON_SIGNALS.load(Ordering::Acquire) {
            INSTALL.call_once(install);
        }
        let slot = GROUPS.iter().position(|g| {
            g.compare_exchange(0, group, Ordering::AcqRel, Ordering::Relaxed)
                .is_ok()
        });
        Registered { slot }
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        if let Some(slot) = self.slot.take() {
            GROUPS[slot].store(0, Ordering::Release);
        }
    }
}

/// Sends SIGKILL to every process of group `group` (one this process made).
pub(super) fn kill_group(group: i32) {
    if group > 0 {
        // SAFETY: a plain system call; a negative pid names a process group.
        unsafe {
            libc::kill(-group, libc::SIGKILL);
        }
    }
}

/// Installs [`on_signal`] for each of [`ENDING`] whose action is the default.
fn install() {
    for signal in ENDING {
        // SAFETY: plain libc calls on zeroed `sigaction`s; the handler only makes
        // async-signal-safe calls.
        unsafe {
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(signal, std::ptr::null(), &mut old) != 0
                || old.sa_sigaction != libc::SIG_DFL
            {
                continue; // ignored (nohup, a background job) or someone else's
            }
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

/// Kills every engine's group, then ends the process by `signal` as it would have ended.
extern "C" fn on_signal(signal: libc::c_int) {
    for group in &GROUPS {
        kill_group(group.load(Ordering::Acquire));
    }
    // SAFETY: `signal` and `raise` are async-signal-safe; the signal is blocked until the
    // handler returns, then delivered with its default action.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        libc::raise(signal);
    }
}
