import type { ShippingAddressInput } from '../../shared';
import { demoId, type Random } from './prng';

export interface DemoBuyer {
  id: string;
  name: string;
  dbaName: string | null;
  email: string;
  phone: string;
  license: { number: string; state: string; type: string; verifiedAt: Date };
  address: ShippingAddressInput & { street2: string | null };
  /** A second place it has wine delivered to (an event space, a second shop). */
  otherAddress: ShippingAddressInput;
  createdAt: Date;
}

/**
 * The demo's buyer accounts: a wine shop, a restaurant group and a wine bar, each with a verified
 * licence. Contact details use the reserved example.com domain and 555 numbers.
 */
const BUYERS = [
  {
    name: 'Harbor & Vine Wines LLC',
    dbaName: 'Harbor & Vine',
    email: 'purchasing@harborandvine.example.com',
    phone: '+1 415-555-0134',
    license: { number: '21-587342', state: 'CA', type: 'Off-Sale General (Type 21)' },
    address: { street1: '1840 Fillmore Street', street2: 'Suite 2', city: 'San Francisco', state: 'CA', zip: '94115' },
    otherAddress: { street1: '455 Sutter Street', city: 'San Francisco', state: 'CA', zip: '94108' },
  },
  {
    name: 'Sette Hospitality Group Inc.',
    dbaName: 'Trattoria Sette',
    email: 'wine@trattoriasette.example.com',
    phone: '+1 503-555-0187',
    license: { number: 'FO-231184', state: 'OR', type: 'Full On-Premises Sales' },
    address: { street1: '2217 NW Johnson Street', street2: null, city: 'Portland', state: 'OR', zip: '97210' },
    otherAddress: { street1: '812 SE Belmont Street', city: 'Portland', state: 'OR', zip: '97214' },
  },
  {
    name: 'Copper Fern Wine Bar',
    dbaName: null,
    email: 'orders@copperfern.example.com',
    phone: '+1 312-555-0162',
    license: { number: '1A-2291857', state: 'IL', type: 'Retail Liquor License (Consumption on Premises)' },
    address: { street1: '1415 W Randolph Street', street2: 'Unit 1', city: 'Chicago', state: 'IL', zip: '60607' },
    otherAddress: { street1: '2020 N Halsted Street', city: 'Chicago', state: 'IL', zip: '60614' },
  },
] as const;

const DAY_MS = 86_400_000;

export function generateBuyers(random: Random, now: Date): DemoBuyer[] {
  return BUYERS.map((buyer) => {
    const createdAt = new Date(Math.floor((now.getTime() - random.int(200, 900) * DAY_MS) / 1000) * 1000);
    return {
      ...buyer,
      id: demoId(random, 'org'),
      address: { ...buyer.address },
      otherAddress: { ...buyer.otherAddress },
      license: { ...buyer.license, verifiedAt: new Date(createdAt.getTime() + random.int(1, 6) * DAY_MS) },
      createdAt,
    };
  });
}
