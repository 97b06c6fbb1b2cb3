import { describe, expect, it } from 'vitest';
import { bridgeContract } from '../../shared/bridge/contract';
import { BRIDGE_METHODS } from '../../shared/bridge/methods';

describe('BRIDGE_METHODS', () => {
  it('names exactly the contract methods, once each, in the contract order', () => {
    expect(BRIDGE_METHODS).toEqual(Object.keys(bridgeContract));
  });
});
