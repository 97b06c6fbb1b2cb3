/**
 * The external links the app itself produced: tracking URLs of orders it handed to the renderer.
 * `openTrackingLink` opens only these, so a compromised page cannot use the app to open arbitrary
 * URLs; only https is ever accepted.
 */
export interface KnownLinks {
  remember(url: string | null | undefined): void;
  /** Records every `tracking.tracking_url` found in a value the app is about to return. */
  rememberTrackingIn(value: unknown): void;
  isOpenable(url: string): boolean;
}

const MAX_KNOWN_LINKS = 20_000;

export function normalizeHttpsUrl(candidate: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  return url.href;
}

export function createKnownLinks(): KnownLinks {
  const links = new Set<string>();

  function remember(url: string | null | undefined) {
    if (!url) return;
    const normalized = normalizeHttpsUrl(url);
    if (!normalized) return;
    if (links.size >= MAX_KNOWN_LINKS) links.delete(links.values().next().value as string);
    links.add(normalized);
  }

  function rememberTrackingIn(value: unknown, depth = 0): void {
    if (depth > 6 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) rememberTrackingIn(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    const tracking = record.tracking as { tracking_url?: unknown } | null | undefined;
    if (tracking && typeof tracking.tracking_url === 'string') remember(tracking.tracking_url);
    for (const [key, child] of Object.entries(record)) {
      if (key !== 'tracking' && child !== null && typeof child === 'object') rememberTrackingIn(child, depth + 1);
    }
  }

  return {
    remember,
    rememberTrackingIn: (value) => rememberTrackingIn(value),
    isOpenable(url) {
      const normalized = normalizeHttpsUrl(url);
      return normalized !== null && links.has(normalized);
    },
  };
}
