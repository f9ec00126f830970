import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { testToday } from './test-clock';

/**
 * Runs the tests as if today were TEST_TODAY: the clock of the test process (its app, API and activities) and of
 * the workflows moves by the whole days between the real date and TEST_TODAY, keeping the time of day, so a
 * weekday, a year's end or a daylight-saving day can be tried on any day. Time keeps running: durable timers and
 * durations are as on the real clock. PostgreSQL's now() and the Temporal server's own timestamps stay real, so a
 * shifted run moves forward only (to a day not before today), where a row written "now" is still not in the past
 * for the database.
 */
const DAY_MS = 86_400_000;

/** The real time, whether or not this process's clock has been moved already. */
function realDateNow(): Date {
  const applied = (Date as unknown as { __clockShift?: number }).__clockShift ?? 0;
  return new Date(Date.now() - applied);
}

/** The shift TEST_TODAY asks for, in milliseconds (0 without it); a day before the real one is refused. */
export function clockShiftMs(env: NodeJS.ProcessEnv = process.env, realNow: Date = realDateNow()): number {
  if (!env.TEST_TODAY?.trim()) return 0;
  const real = realNow.toISOString().slice(0, 10);
  const days = Math.round((Date.parse(`${testToday(env)}T00:00:00Z`) - Date.parse(`${real}T00:00:00Z`)) / DAY_MS);
  if (days < 0) throw new Error(`TEST_TODAY (${env.TEST_TODAY}) may not be before today (${real}).`);
  return days * DAY_MS;
}

/**
 * The source that moves `Date` by `shiftMs` in whatever global it runs in: `new Date()` and `Date.now()` move, a
 * date built from a value does not. Written once as text, so the Node process and the workflow bundle (a preload
 * module, evaluated after the SDK's own deterministic Date) share it.
 */
export function clockShiftSource(shiftMs: number): string {
  return `(() => {
  const shift = ${JSON.stringify(shiftMs)};
  const Base = globalThis.Date;
  if (!shift || Base.__clockShift === shift) return;
  function ShiftedDate(...args) {
    if (!new.target) return new Base(Base.now() + shift).toString();
    return args.length ? Reflect.construct(Base, args, new.target) : Reflect.construct(Base, [Base.now() + shift], new.target);
  }
  Object.setPrototypeOf(ShiftedDate, Base);
  ShiftedDate.prototype = Base.prototype;
  ShiftedDate.now = () => Base.now() + shift;
  ShiftedDate.parse = Base.parse.bind(Base);
  ShiftedDate.UTC = Base.UTC.bind(Base);
  ShiftedDate.__clockShift = shift;
  globalThis.Date = ShiftedDate;
})();
`;
}

/** Moves this process's clock by `shiftMs` (nothing for 0). */
export function shiftClock(shiftMs: number): void {
  if (shiftMs) new Function(clockShiftSource(shiftMs))();
}

/** The workflow bundle's preload modules that move its clock as TEST_TODAY asks, written into `dir` (none without it). */
export function workflowClockPreloads(dir: string, shiftMs: number = clockShiftMs()): string[] {
  if (!shiftMs) return [];
  const file = join(dir, 'clock-shift.js');
  writeFileSync(file, clockShiftSource(shiftMs));
  return [file];
}
