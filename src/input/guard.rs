//! Survives a mapped file that shrinks while it is read: the lost pages read as zeros and
//! the map is marked as faulted, instead of SIGBUS killing the process.
//!
//! Reading a page of a map past the end of a file that was truncated after it was mapped
//! raises SIGBUS. A process-wide handler looks the faulting address up among the maps
//! registered here; for one of them it puts anonymous zero pages over the rest of the map
//! (the access is then retried and reads zeros) and sets the map's flag, which the reader
//! turns into an `error` line for that input. A fault anywhere else goes back to the
//! handler that was there before (by default: the process dies, as it would have).
//!
//! Unix only: elsewhere no map is watched, so [`Watch::new`] is `None` and every file is
//! read rather than mapped.

#[cfg(unix)]
use std::sync::atomic::Ordering;

#[cfg(unix)]
use unix::{install, ENDS, FAULTED, INSTALLED, SLOTS, STARTS};

/// A registered map: unregisters it when dropped (before the map itself is unmapped).
#[derive(Debug)]
#[cfg_attr(not(unix), allow(dead_code))]
pub struct Watch {
    slot: usize,
}

#[cfg(unix)]
impl Watch {
    /// Watches `len` bytes from `start`; `None` when the handler could not be installed or
    /// every slot is taken (the caller then reads the file instead of mapping it).
    pub fn new(start: *const u8, len: usize) -> Option<Watch> {
        install();
        if !INSTALLED.load(Ordering::Acquire) || start.is_null() || len == 0 {
            return None;
        }
        let start = start as usize;
        for slot in 0..SLOTS {
            if STARTS[slot]
                .compare_exchange(0, usize::MAX, Ordering::AcqRel, Ordering::Relaxed)
                .is_ok()
            {
                FAULTED[slot].store(false, Ordering::Release);
                ENDS[slot].store(start + len, Ordering::Release);
                STARTS[slot].store(start, Ordering::Release);
                return Some(Watch { slot });
            }
        }
        None
    }

    /// True when part of the map was lost because the file shrank.
    pub fn faulted(&self) -> bool {
        FAULTED[self.slot].load(Ordering::Acquire)
    }
}

#[cfg(unix)]
impl Drop for Watch {
    fn drop(&mut self) {
        ENDS[self.slot].store(0, Ordering::Release);
        STARTS[self.slot].store(0, Ordering::Release);
    }
}

#[cfg(not(unix))]
impl Watch {
    /// No map is watched here: the caller reads the file instead of mapping it.
    pub fn new(_start: *const u8, _len: usize) -> Option<Watch> {
        None
    }

    /// Never true: no map is watched.
    pub fn faulted(&self) -> bool {
        false
    }
}

/// The handler and the table of watched maps it reads.
#[cfg(unix)]
mod unix {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::Once;

    /// Maps watched at once. Inputs are mapped one at a time, so a few slots are plenty; when
    /// all are taken the file is read instead of mapped.
    pub(super) const SLOTS: usize = 8;

    #[allow(clippy::declare_interior_mutable_const)]
    const ZERO: AtomicUsize = AtomicUsize::new(0);
    #[allow(clippy::declare_interior_mutable_const)]
    const CLEAR: AtomicBool = AtomicBool::new(false);

    /// Start of each watched map (0: the slot is free) and its end (exclusive).
    pub(super) static STARTS: [AtomicUsize; SLOTS] = [ZERO; SLOTS];
    pub(super) static ENDS: [AtomicUsize; SLOTS] = [ZERO; SLOTS];
    /// Set by the handler when a map lost pages.
    pub(super) static FAULTED: [AtomicBool; SLOTS] = [CLEAR; SLOTS];
    static PAGE: AtomicUsize = AtomicUsize::new(4096);
    static INSTALL: Once = Once::new();
    pub(super) static INSTALLED: AtomicBool = AtomicBool::new(false);
    /// The SIGBUS action found at installation, written once before the handler is set.
    static mut PREVIOUS: std::mem::MaybeUninit<libc::sigaction> = std::mem::MaybeUninit::uninit();

    pub(super) fn install() {
        INSTALL.call_once(|| {
            // SAFETY: plain libc calls. `PREVIOUS` is written here, once, before the handler
            // that reads it is installed, and never written again.
            unsafe {
                let page = libc::sysconf(libc::_SC_PAGESIZE);
                if page > 0 {
                    PAGE.store(page as usize, Ordering::Relaxed);
                }
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = on_sigbus as *const () as libc::sighandler_t;
                action.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
                libc::sigemptyset(&mut action.sa_mask);
                let previous = std::ptr::addr_of_mut!(PREVIOUS).cast::<libc::sigaction>();
                if libc::sigaction(libc::SIGBUS, &action, previous) == 0 {
                    INSTALLED.store(true, Ordering::Release);
                }
            }
        });
    }

    /// The SIGBUS handler: only atomics and two system calls (`mmap`, `sigaction`).
    extern "C" fn on_sigbus(_: libc::c_int, info: *mut libc::siginfo_t, _: *mut libc::c_void) {
        // SAFETY: the kernel hands a valid `siginfo_t` to an SA_SIGINFO handler.
        let addr = unsafe { (*info).si_addr() } as usize;
        for slot in 0..SLOTS {
            let start = STARTS[slot].load(Ordering::Acquire);
            let end = ENDS[slot].load(Ordering::Acquire);
            if start == 0 || start == usize::MAX || addr < start || addr >= end {
                continue;
            }
            let page = PAGE.load(Ordering::Relaxed);
            let from = addr & !(page - 1);
            let len = (end - from).div_ceil(page) * page;
            // SAFETY: `from..from + len` lies inside the registered map (the map itself is
            // page-aligned and covers whole pages), which is alive while it is registered;
            // MAP_FIXED replaces those pages of it with zero pages, read-only like the map.
            let zeros = unsafe {
                libc::mmap(
                    from as *mut libc::c_void,
                    len,
                    libc::PROT_READ,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_FIXED,
                    -1,
                    0,
                )
            };
            if zeros != libc::MAP_FAILED {
                FAULTED[slot].store(true, Ordering::Release);
                return;
            }
        }
        // Not one of ours: give the signal back to the previous action, which the retried
        // access raises again.
        // SAFETY: `PREVIOUS` was filled before this handler was installed.
        unsafe {
            libc::sigaction(
                libc::SIGBUS,
                std::ptr::addr_of!(PREVIOUS).cast::<libc::sigaction>(),
                std::ptr::null_mut(),
            );
        }
    }
}
