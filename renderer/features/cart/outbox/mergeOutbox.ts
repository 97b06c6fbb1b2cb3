import type { OutboxEntry } from '../../../../shared/bridge';

/** Newer entries replace older ones by id; the newest orders come first. */
export function mergeOutbox(current: readonly OutboxEntry[] | undefined, incoming: readonly OutboxEntry[]): OutboxEntry[] {
  const byId = new Map((current ?? []).map((entry) => [entry.id, entry]));
  for (const entry of incoming) byId.set(entry.id, entry);
  return [...byId.values()];
}

export function sortForDisplay(entries: readonly OutboxEntry[]): OutboxEntry[] {
  const rank: Record<OutboxEntry['state'], number> = { needs_review: 0, sending: 1, queued: 2, confirmed: 3 };
  return [...entries].sort((a, b) => rank[a.state] - rank[b.state] || b.createdAt.localeCompare(a.createdAt));
}
