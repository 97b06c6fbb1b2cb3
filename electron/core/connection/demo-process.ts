import path from 'node:path';
import type { CaseworksPlatform } from '../platform';
import type { DemoBuyerKey, DemoStart, EmbeddedServiceHandle } from '../session/session-types';
import { lastPortIfFree, readDemoBuyers, rememberPort, startEmbeddedService } from '.';

/** Where the embedded demo service keeps its database, inside the app's data folder. */
export const EMBEDDED_SERVICE_FOLDER = 'embedded-service';

/**
 * The demo service in its own process (`platform.forkService`), with its database in the app's
 * data folder, on the same port as last time when it is free (so the catalog's image addresses and
 * their ETags stay the same). `onUnexpectedExit` is told when it stops without being asked to. Why
 * it could not start is the answer, not thrown.
 */
export async function startDemoProcess(
  platform: Pick<CaseworksPlatform, 'dataDir' | 'forkService' | 'embeddedService'>,
  onUnexpectedExit: (handle: EmbeddedServiceHandle, code: number | null) => void,
): Promise<DemoStart> {
  const delays = platform.embeddedService ?? {};
  const seconds = (ms: number | undefined) => (ms === undefined ? undefined : Math.max(0, ms / 1000));
  let handle: EmbeddedServiceHandle | null = null;
  const serviceDir = path.join(platform.dataDir, EMBEDDED_SERVICE_FOLDER);
  const started = await startEmbeddedService({
    dataDir: serviceDir,
    port: await lastPortIfFree(serviceDir),
    fork: platform.forkService,
    shipAfterSeconds: seconds(delays.shipDelayMs),
    deliverAfterSeconds: seconds(delays.deliverDelayMs),
    onUnexpectedExit: (code) => {
      if (handle) onUnexpectedExit(handle, code ?? null);
    },
  });
  if (!started.ok) return started;
  const { service } = started;
  await rememberPort(serviceDir, service.baseUrl);
  const buyer = service.buyers[0];
  if (!buyer) {
    await service.stop();
    return { ok: false, failure: { code: 'failed', message: 'The demo service has no demo buyer.' } };
  }
  handle = {
    baseUrl: service.baseUrl,
    apiKey: buyer.api_key,
    buyers: service.buyers.map((demoBuyer) => ({ accountId: demoBuyer.account_id, apiKey: demoBuyer.api_key, name: demoBuyer.name })),
    stop: () => service.stop(),
  };
  return { ok: true, service: handle };
}

/** The demo's buyers as its last start left them (its credentials file), or null when it never ran. */
export async function knownDemoBuyersIn(dataDir: string): Promise<DemoBuyerKey[] | null> {
  const buyers = await readDemoBuyers(path.join(dataDir, EMBEDDED_SERVICE_FOLDER));
  return buyers?.map((buyer) => ({ accountId: buyer.account_id, apiKey: buyer.api_key, name: buyer.name })) ?? null;
}
