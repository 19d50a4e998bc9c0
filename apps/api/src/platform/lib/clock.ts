// The one clock of the membership rules and reminders. Tests set it to a chosen day instead of waiting
// months; production reads the real time.
let fixed: Date | null = null;

export const clock = {
  now(): Date {
    return fixed ? new Date(fixed.getTime()) : new Date();
  },
  /** Today's date (UTC) as YYYY-MM-DD. */
  today(): string {
    return clock.now().toISOString().slice(0, 10);
  },
};

/** Tests only: pins the clock to `at` (null gives the real time back). */
export function setClock(at: Date | string | null): void {
  fixed = at === null ? null : new Date(at);
}
