#pragma once

namespace ys {

// Asks the scheduler for a short time slice for the calling thread (Linux 6.12 and later, whose
// EEVDF scheduler takes sched_attr.sched_runtime as the slice of a normal thread): a thread that
// wakes for a few microseconds of work then gets the processor soon after its wake-up even while
// other threads keep both cores busy, instead of waiting for their slices to end. The thread's
// policy and nice level stay as they are; no privilege is needed. False when the kernel refused
// (older kernels accept the call and keep their default).
bool requestShortTimeSlice(unsigned microseconds);

} // namespace ys
