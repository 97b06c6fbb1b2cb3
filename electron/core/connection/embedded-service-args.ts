import { SERVICE_PROCESS_ENV } from '../../../shared/embedded-service';

/** The environment variable that carries the embedded service's command line into its process. */
export const EMBEDDED_ARGS_ENV = 'CASEWORKS_SERVICE_ARGS';

/**
 * The embedded demo's rate limit per key and minute. It serves this app alone, on loopback, so
 * its limit must never be what keeps the offline copy from filling: 50,000 product details take
 * 50,000 requests. The CLI's upper bound.
 */
export const EMBEDDED_RATE_LIMIT_PER_MINUTE = 10_000_000;

export interface EmbeddedServiceSettings {
  dataDir: string;
  /** The port to listen on (default 0: any free one). */
  port?: number;
  shipAfterSeconds?: number;
  deliverAfterSeconds?: number;
  catalogSize?: number;
}

/** The service CLI's arguments for the embedded demo: loopback, the given or any free port, the app's data folder, the app's own rate limit. */
export function embeddedServiceArgs(settings: EmbeddedServiceSettings): string[] {
  const args = ['--port', String(settings.port ?? 0), '--data', settings.dataDir, '--rate-limit', String(EMBEDDED_RATE_LIMIT_PER_MINUTE)];
  if (settings.shipAfterSeconds !== undefined) args.push('--ship-after', String(Math.round(settings.shipAfterSeconds)));
  if (settings.deliverAfterSeconds !== undefined) args.push('--deliver-after', String(Math.round(settings.deliverAfterSeconds)));
  if (settings.catalogSize !== undefined) args.push('--catalog-size', String(settings.catalogSize));
  return args;
}

/**
 * The environment a forked embedded service gets: its arguments, and an empty DATABASE_URL so a
 * developer's own database setting never redirects the demo away from its data folder.
 */
export function embeddedServiceEnv(args: readonly string[]): Record<string, string> {
  return { ...SERVICE_PROCESS_ENV, [EMBEDDED_ARGS_ENV]: JSON.stringify(args), DATABASE_URL: '' };
}

/** Reads the arguments back inside the service process: the command line wins, else the environment. */
export function readEmbeddedServiceArgs(argv: readonly string[], env: NodeJS.ProcessEnv): string[] {
  if (argv.length > 0) return [...argv];
  const raw = env[EMBEDDED_ARGS_ENV];
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) && parsed.every((arg) => typeof arg === 'string') ? parsed : [];
  } catch {
    return [];
  }
}
