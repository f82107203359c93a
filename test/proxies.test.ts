// The proxy per location, as the flags, the action's input and serve's --proxy give it.
import { describe, expect, it } from 'vitest';
import { parseProxies } from '../src/engine/proxies.ts';

describe('parseProxies', () => {
  it('accepts repeated flags and comma lists', () => {
    expect(parseProxies(['US=http://a:1', 'DE=http://b:2,FR=https://c:3'], '--proxy')).toEqual({ US: 'http://a:1', DE: 'http://b:2', FR: 'https://c:3' });
  });
});
