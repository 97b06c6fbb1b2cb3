/**
 * Builds the URL of one call: the base URL (ending in /api/v1), the endpoint's path with its
 * `:param` segments filled in (percent-encoded), and the query without empty values.
 */
export function buildRequestUrl(
  baseUrl: string,
  path: string,
  params: Record<string, string> | undefined,
  query: Record<string, string> | undefined,
): string {
  const filledPath = path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const url = new URL(baseUrl.replace(/\/+$/, '') + filledPath);
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
  return url.toString();
}

/** Query values as the wire carries them: strings, without undefined or null entries. */
export function stringifyQuery(query: Record<string, unknown> | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    result[name] = typeof value === 'string' ? value : String(value);
  }
  return result;
}
