// Time controls as the forms offer them, and clocks as the pages show them.

const MINUTE = 60_000;

// The usual presets: real time (minutes + increment in seconds), correspondence, untimed.
export const PRESETS = [
  ['1+0', { initial_ms: MINUTE, increment_ms: 0 }],
  ['3+2', { initial_ms: 3 * MINUTE, increment_ms: 2000 }],
  ['5+3', { initial_ms: 5 * MINUTE, increment_ms: 3000 }],
  ['10+5', { initial_ms: 10 * MINUTE, increment_ms: 5000 }],
  ['15+10', { initial_ms: 15 * MINUTE, increment_ms: 10_000 }],
  ['30+0', { initial_ms: 30 * MINUTE, increment_ms: 0 }],
  ['1 day a move', { days_per_move: 1 }],
  ['3 days a move', { days_per_move: 3 }],
  ['7 days a move', { days_per_move: 7 }],
  ['Untimed', null],
];

// A select of the presets, `chosen` (a label) selected.
export function clockSelect(name, chosen) {
  const select = document.createElement('select');
  select.name = name;
  select.setAttribute('aria-label', 'Time control');
  PRESETS.forEach(([label], index) => {
    const option = new Option(label, String(index), false, label === chosen);
    select.append(option);
  });
  return select;
}

// The clock a preset select stands for (`null`: untimed).
export const clockOf = (select) => PRESETS[Number(select.value)]?.[1] ?? null;

// A time control in words: "5+3", "3 days a move", "untimed".
export function clockLabel(clock) {
  if (!clock) return 'untimed';
  if (clock.days_per_move) return `${clock.days_per_move} day${clock.days_per_move > 1 ? 's' : ''} a move`;
  const minutes = clock.initial_ms / MINUTE;
  const shown = Number.isInteger(minutes) ? minutes : minutes.toFixed(1);
  return `${shown}+${(clock.increment_ms ?? 0) / 1000}`;
}

// Time left as a clock shows it: h:mm:ss from an hour, m:ss, tenths under 10 s; days and
// hours in correspondence.
export function formatTime(ms) {
  const left = Math.max(0, ms);
  if (left >= 86_400_000) {
    const days = Math.floor(left / 86_400_000);
    return `${days}d ${Math.floor((left % 86_400_000) / 3_600_000)}h`;
  }
  if (left < 10_000) return `0:0${(Math.floor(left / 100) / 10).toFixed(1)}`;
  const seconds = Math.floor(left / 1000);
  const pad = (value) => String(value).padStart(2, '0');
  if (seconds >= 3600) return `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
  return `${Math.floor(seconds / 60)}:${pad(seconds % 60)}`;
}
