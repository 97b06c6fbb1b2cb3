/**
 * The demo's webhook receiver. Each demo buyer has a webhook registration (seeded in sandbox mode
 * only), and it points at this path of the demo service itself, which accepts every delivery with
 * 204: the demo shows deliveries that succeed, and nothing leaves the machine. The seed cannot know
 * the port, so it writes DEMO_RECEIVER_SEED_URL and each start in sandbox mode points the demo's
 * registrations at its own address (pointDemoWebhooksAt).
 */
export const DEMO_RECEIVER_PATH = '/demo/webhook-receiver';

/** What the seed registers; moved to the service's own address when it starts. */
export const DEMO_RECEIVER_SEED_URL = `http://127.0.0.1${DEMO_RECEIVER_PATH}`;

/** Where demo data seeded before the receiver existed points: a discard port that never answers. */
export const FORMER_DEMO_WEBHOOK_URL = 'http://127.0.0.1:9/caseworks-demo-hook';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The receiver's URL for a service whose base URL (ending in /api/v1) is `baseUrl`. */
export const demoReceiverUrl = (baseUrl: string): string => new URL(DEMO_RECEIVER_PATH, baseUrl).toString();

/** True for a registration of the demo: the former discard URL, or the receiver path on a loopback address (any port). */
export function isDemoReceiverUrl(url: string): boolean {
  if (url === FORMER_DEMO_WEBHOOK_URL) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname) && parsed.pathname === DEMO_RECEIVER_PATH && parsed.search === '';
  } catch {
    return false;
  }
}
