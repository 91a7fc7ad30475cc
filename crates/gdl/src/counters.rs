//! The encoding of the network's node counters and watches, shared by the network's builder,
//! its cycles and the machine that evaluates it.

/// The node of an input that nothing reads, which is never set.
pub(crate) const SILENT: u32 = u32::MAX;
/// A node's counter: its count of satisfied inputs plus `TRUE_BIT - threshold`, so that the
/// top bit is the node's value and a change of value is a change of that bit.
pub(crate) const TRUE_BIT: u32 = 1 << 31;
/// No output watches the node.
pub(crate) const UNWATCHED: u32 = u32::MAX;
/// The flag of a watch on a `next` proposition (the rest: the base's number); without it, a
/// watch on a `legal` proposition (the rest: its bit among all roles' legal bits).
pub(crate) const WATCH_NEXT: u32 = 1 << 31;
