/** The visitor asked their browser to save data (Chrome's Lite mode, Android's data saver): navigator.connection.saveData. */
export function prefersSavingData(): boolean {
  if (typeof navigator === 'undefined') return false;
  return Boolean((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData);
}
