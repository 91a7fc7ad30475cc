//! The solver's tables in transparent huge pages.
//!
//! The tables are gigabytes read at random: in 4 KiB pages nearly every lookup also misses the
//! TLB, and the search runs at a third of its speed. Kernels whose THP mode is `madvise` (a
//! common default, `/sys/kernel/mm/transparent_hugepage/enabled`) give 2 MiB pages only to
//! memory that asks for them, so each table asks for its own buffer before it is first
//! written; the rest of the process keeps the system allocator's pages.

/// The size of a huge page on x86-64 (and the smallest one on AArch64).
const HUGE_PAGE: usize = 2 << 20;

/// Asks the kernel for transparent huge pages for the spare capacity of `buffer`, which must
/// not have been written yet (the kernel gives huge pages when memory is first touched). A
/// hint: nothing happens on other systems, for buffers smaller than a huge page, or where the
/// kernel refuses.
pub(crate) fn advise<T>(buffer: &mut Vec<T>) {
    let spare = buffer.spare_capacity_mut();
    let bytes = size_of_val(spare);
    if bytes < HUGE_PAGE {
        return;
    }
    advise_range(spare.as_mut_ptr().cast(), bytes);
}

#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn advise_range(start: *mut u8, bytes: usize) {
    const PAGE: usize = 4096;
    let address = start as usize;
    let first = address.next_multiple_of(PAGE);
    let end = (address + bytes) & !(PAGE - 1);
    if end <= first {
        return;
    }
    // SAFETY: [first, end) lies inside the buffer's allocation, which the caller owns and
    // nobody else reads or writes; MADV_HUGEPAGE changes how the kernel backs the pages, never
    // their contents or whether they may be accessed. A refusal (an old kernel, THP off) only
    // leaves the 4 KiB pages, so the result is not needed.
    let _ = unsafe { libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE) };
}

#[cfg(not(target_os = "linux"))]
fn advise_range(_start: *mut u8, _bytes: usize) {}
