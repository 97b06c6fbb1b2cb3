import { Ajv2020 } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CreateWebhookBody } from '../../../shared/schemas';

/**
 * A webhook's URL is judged alike by the service (the contract's zod rule) and by its OpenAPI
 * document (the same rule as JSON Schema, `format: uri` and the pattern, checked by ajv): a URL
 * one takes and the other refuses is a client built from the document failing where it should not.
 */
const url = CreateWebhookBody.shape.url;
const ajv = new Ajv2020({ strict: false });
addFormats(ajv);
const documentTakes = ajv.compile(z.toJSONSchema(url, { io: 'input', unrepresentable: 'any' }));
const serviceTakes = (value: string) => url.safeParse(value).success;

describe('the webhook URL rule, in the service and in its document', () => {
  it.each([
    ['https://example.com/hooks', true],
    ['http://127.0.0.1:8080/in?x=1#top', true],
    ['https://user:pw@example.com/a/b;c=d', true],
    ['https://[::1]:9/x', true],
    ['https://example.com/%41', true],
    ['https://example.com:65535/', true],
    ['https://hooks.example.com./in', true],
    ['https://example.com/##', false],
    ['https://example.com/a#b#c', false],
    ['https://example.com/[x]', false],
    ['https://example.com/%zz', false],
    ['https://', false],
    ['https://example.com.0/', false],
    ['https://example.com:65536/', false],
    ['https://example.com/a b', false],
    ['ftp://example.com/x', false],
    ['not a url', false],
  ])('%s: %s', (value, taken) => {
    expect(serviceTakes(value)).toBe(taken);
    expect(documentTakes(value)).toBe(taken);
  });

  it('agree on any URL written with the characters that make them disagree most', () => {
    // After the scheme, a host or part of one, a port, a path: the characters where the two readings part.
    const tail = fc.stringMatching(/^[a-z0-9#[\]@:%/?._!$&'()*+,;=~-]{0,24}$/);
    fc.assert(
      fc.property(fc.constantFrom('https://example.com', 'http://127.0.0.1', 'https://', 'https://0x7f.', 'http://[::1]'), tail, (start, rest) => {
        const value = `${start}${rest}`;
        expect(documentTakes(value), value).toBe(serviceTakes(value));
      }),
      { numRuns: 3000, seed: Number(process.env.PROPERTY_SEED ?? 20_261_124) },
    );
  });
});
