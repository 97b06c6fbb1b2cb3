/**
 * What can be read of an outbox file of before version 2 (`{"format":…,"version":1,"entries":[…]}`,
 * one JSON document). A document cut short (a crash of the disk, a copy interrupted) still yields
 * every entry written whole before the cut.
 */
export type LegacyRead =
  | { kind: 'foreign' }
  | { kind: 'other-version' }
  | {
      kind: 'entries';
      /** Each entry as parsed JSON, not yet checked against the schema. */
      entries: unknown[];
      /** Entries seen but not readable as JSON (the one the cut went through counts). */
      unreadable: number;
      /** True when the document ended before its end: entries after the cut, if any, are lost. */
      cut: boolean;
    };

export function salvageLegacyEntries(text: string, expected: { format: string; version: number }): LegacyRead {
  let whole: unknown;
  try {
    whole = JSON.parse(text);
  } catch {
    return scanEntries(text);
  }
  const envelope = whole as { format?: unknown; version?: unknown; entries?: unknown } | null;
  if (typeof envelope !== 'object' || envelope === null || envelope.format !== expected.format) return { kind: 'foreign' };
  if (envelope.version !== expected.version || !Array.isArray(envelope.entries)) return { kind: 'other-version' };
  return { kind: 'entries', entries: envelope.entries, unreadable: 0, cut: false };
}

/** Reads the entries array of a damaged document one whole object at a time. */
function scanEntries(text: string): LegacyRead {
  const start = /"entries"\s*:\s*\[/.exec(text);
  if (!start) return { kind: 'entries', entries: [], unreadable: 0, cut: true };
  const entries: unknown[] = [];
  let unreadable = 0;
  let at = start.index + start[0].length;
  for (;;) {
    while (at < text.length && /[\s,]/.test(text[at] ?? '')) at += 1;
    if (at >= text.length) return { kind: 'entries', entries, unreadable, cut: true };
    if (text[at] === ']') return { kind: 'entries', entries, unreadable, cut: false };
    if (text[at] !== '{') return { kind: 'entries', entries, unreadable: unreadable + 1, cut: true };
    const end = endOfValue(text, at);
    if (end === null) return { kind: 'entries', entries, unreadable: unreadable + 1, cut: true };
    try {
      entries.push(JSON.parse(text.slice(at, end)));
    } catch {
      unreadable += 1;
    }
    at = end;
  }
}

/** The index just past the object or array that starts at `start`, or null when the text ends first. */
function endOfValue(text: string, start: number): number | null {
  let depth = 0;
  let inString = false;
  for (let at = start; at < text.length; at += 1) {
    const char = text[at];
    if (inString) {
      if (char === '\\') at += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return at + 1;
    }
  }
  return null;
}
