import { createHash } from 'node:crypto';
import type { ShipmentInput } from '../store/types';

interface Carrier {
  name: string;
  trackingNumber(digest: Buffer): string;
  trackingUrl(trackingNumber: string): string;
  transitDays: number;
}

const digits = (digest: Buffer, count: number, offset = 0): string =>
  Array.from({ length: count }, (_, index) => String((digest[(offset + index) % digest.length] ?? 0) % 10)).join('');

const ALPHANUMERIC = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';

/** The carriers that ship wine to licensed buyers, with their public tracking page patterns. */
const CARRIERS: readonly Carrier[] = [
  {
    name: 'UPS',
    trackingNumber: (digest) =>
      '1Z' + Array.from({ length: 16 }, (_, index) => ALPHANUMERIC[(digest[index] ?? 0) % ALPHANUMERIC.length]).join(''),
    trackingUrl: (number) => `https://www.ups.com/track?tracknum=${encodeURIComponent(number)}`,
    transitDays: 3,
  },
  {
    name: 'FedEx',
    trackingNumber: (digest) => digits(digest, 12),
    trackingUrl: (number) => `https://www.fedex.com/fedextrack/?trknbr=${encodeURIComponent(number)}`,
    transitDays: 2,
  },
  {
    name: 'OnTrac',
    trackingNumber: (digest) => 'D' + digits(digest, 14, 3),
    trackingUrl: (number) => `https://www.ontrac.com/tracking/?number=${encodeURIComponent(number)}`,
    transitDays: 4,
  },
];

const addDays = (at: Date, days: number): string => new Date(at.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** Deterministic shipment data for an order: the same order always gets the same carrier and number. */
export function shipmentFor(orderId: string, shippedAt: Date): ShipmentInput {
  const digest = createHash('sha256').update(orderId).digest();
  const carrier = CARRIERS[(digest[31] ?? 0) % CARRIERS.length] as Carrier;
  const tracking_number = carrier.trackingNumber(digest);
  return {
    carrier: carrier.name,
    tracking_number,
    tracking_url: carrier.trackingUrl(tracking_number),
    estimated_delivery: addDays(shippedAt, carrier.transitDays),
  };
}
