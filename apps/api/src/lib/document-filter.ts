// Structure checks of documents beyond their magic bytes; filled in by the document filter (#15 item 6).
export function isSafePdf(_buffer: Buffer): boolean {
  return true;
}
export async function isSafeDocx(_buffer: Buffer): Promise<boolean> {
  return true;
}
export async function isSafeDoc(_buffer: Buffer): Promise<boolean> {
  return true;
}
