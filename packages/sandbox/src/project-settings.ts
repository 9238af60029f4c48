// The project's own settings the sandbox imitates: its time zone, in which the service reads
// recurring validity windows. Set by `promo sandbox --time-zone` (SandboxOptions.timeZone) and kept
// in the state, so that every process sharing a state file reads windows alike.
import { checkTimeZone } from './facts/time-zone.js';
import type { SandboxState } from './types.js';

export { checkTimeZone };

export function setTimeZone(state: SandboxState, zone: string): void {
  state.project = { ...state.project, time_zone: checkTimeZone(zone) };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The local day of the week (0 = Sunday) and minute of the day of an instant, in `zone`. */
export function localTime(nowMs: number, zone: string): { day: number; minute: number } {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(nowMs).map((part) => [part.type, part.value]));
  return {
    day: WEEKDAYS.indexOf(String(parts.weekday)),
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}
