import { describe, expect, it } from 'vitest';
import { concatCooperatively, splitCooperatively } from '../../../electron/core/offline/cooperative';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('concatCooperatively', () => {
  it('joins parts in order, each followed by the terminator', async () => {
    expect((await concatCooperatively([bytes('a'), bytes('bé'), bytes('')], 0x0a)).toString('utf8')).toBe('a\nbé\n\n');
  });

  it('joins without a terminator, and nothing into an empty buffer', async () => {
    expect((await concatCooperatively([bytes('ab'), bytes('c')])).toString('utf8')).toBe('abc');
    expect(await concatCooperatively([], 0x0a)).toHaveLength(0);
  });

  it('copies many parts exactly (across the yields between slices)', async () => {
    const parts = Array.from({ length: 20_000 }, (_, n) => bytes(`{"n":${n},"pad":"${'x'.repeat(n % 300)}"}`));
    const joined = await concatCooperatively(parts, 0x0a);
    expect(joined.equals(Buffer.from(parts.map((part) => `${part.toString()}\n`).join('')))).toBe(true);
  });
});

describe('splitCooperatively', () => {
  it('splits at each separator; a trailing separator ends the last part instead of adding an empty one', async () => {
    const split = async (text: string) => (await splitCooperatively(bytes(text), 0x0a)).map((part) => part.toString('utf8'));
    expect(await split('a\nbé\n')).toEqual(['a', 'bé']);
    expect(await split('a\n\nb')).toEqual(['a', '', 'b']);
    expect(await split('')).toEqual([]);
  });

  it('returns views of the input, not copies', async () => {
    const data = bytes('one\ntwo\n');
    const [first] = await splitCooperatively(data, 0x0a);
    data[0] = 0x4f;
    expect(first!.toString()).toBe('One');
  });

  it('undoes concatCooperatively for many lines', async () => {
    const parts = Array.from({ length: 50_000 }, (_, n) => bytes(`line ${n}`));
    const split = await splitCooperatively(await concatCooperatively(parts, 0x0a), 0x0a);
    expect(split).toHaveLength(parts.length);
    expect(split.every((part, n) => part.equals(parts[n]!))).toBe(true);
  });
});
