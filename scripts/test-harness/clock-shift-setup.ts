import { clockShiftMs, shiftClock } from './clock-shift';

/** Integration test files run as if today were TEST_TODAY (see clock-shift.ts); without it, on the real clock. */
shiftClock(clockShiftMs());
