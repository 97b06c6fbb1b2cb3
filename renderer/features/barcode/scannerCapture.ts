import { isEditableTarget } from '../../app/shortcuts';

/** A scanner types faster than any person; slower keystrokes start a new code. */
export const SCANNER_MAX_GAP_MS = 60;
const MIN_CODE_LENGTH = 8;

/**
 * Recognises a scanner's burst of digits ending in Enter when no text field has the focus, so a
 * sales rep can scan without clicking into the barcode field first.
 */
export function createScannerCapture(onCode: (code: string) => void, now: () => number = () => performance.now()) {
  let buffer = '';
  let last = -Infinity;
  return (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || isEditableTarget(event.target)) {
      buffer = '';
      return;
    }
    const time = now();
    if (time - last > SCANNER_MAX_GAP_MS) buffer = '';
    last = time;
    if (/^[0-9]$/.test(event.key)) {
      buffer += event.key;
    } else if (event.key === 'Enter' && buffer.length >= MIN_CODE_LENGTH) {
      event.preventDefault();
      const code = buffer;
      buffer = '';
      onCode(code);
    } else {
      buffer = '';
    }
  };
}
