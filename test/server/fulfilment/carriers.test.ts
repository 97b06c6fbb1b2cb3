import { describe, expect, it } from 'vitest';
import { CalendarDate } from '../../../shared';
import { shipmentFor } from '../../../server/fulfilment/carriers';

describe('shipment data', () => {
  const shippedAt = new Date('2026-11-22T10:00:00Z');

  it('is deterministic per order, with an https tracking URL on the carrier site that names the number', () => {
    const shipment = shipmentFor('ord_abc123', shippedAt);
    expect(shipmentFor('ord_abc123', shippedAt)).toEqual(shipment);
    const url = new URL(shipment.tracking_url);
    expect(url.protocol).toBe('https:');
    expect(url.hostname).toMatch(/(ups|fedex|ontrac)\.com$/);
    expect(shipment.tracking_url).toContain(shipment.tracking_number);
    expect(CalendarDate.safeParse(shipment.estimated_delivery).success).toBe(true);
    expect(shipment.estimated_delivery > '2026-11-22').toBe(true);
  });

  it('spreads orders over several carriers with carrier-shaped numbers', () => {
    const shipments = Array.from({ length: 60 }, (_, index) => shipmentFor(`ord_${index}`, shippedAt));
    expect(new Set(shipments.map((shipment) => shipment.carrier)).size).toBeGreaterThan(1);
    for (const shipment of shipments) {
      if (shipment.carrier === 'UPS') expect(shipment.tracking_number).toMatch(/^1Z[0-9A-Z]{16}$/);
      if (shipment.carrier === 'FedEx') expect(shipment.tracking_number).toMatch(/^[0-9]{12}$/);
      if (shipment.carrier === 'OnTrac') expect(shipment.tracking_number).toMatch(/^D[0-9]{14}$/);
    }
  });
});
