import { describe, expect, it } from 'vitest';
import { sameService } from '../src/client/request.ts';

describe('which connections reach the service an address names', () => {
  it.each([
    ['http://localhost:5171', 'http://127.0.0.1:5171'],
    ['http://127.0.0.1:5171/', 'http://[::1]:5171/api/rest/v2'],
    ['HTTP://LocalHost:5171', 'http://127.0.0.1:5171'],
    ['https://comet.example.org', 'https://Comet.Example.org:443/'],
    ['https://team.example.org/tracking', 'https://team.example.org/tracking/clientlib'],
  ])('%s and %s are the same service', (left, right) => {
    expect(sameService(left, right)).toBe(true);
  });

  it.each([
    ['http://localhost:5171', 'http://localhost:5172'],
    ['http://localhost:5171', 'https://localhost:5171'],
    ['http://127.0.0.1:5171', 'http://10.0.0.1:5171'],
    ['http://127.0.0.1:5171', 'http://127.0.0.2:5171'],
    ['https://team.example.org/a', 'https://team.example.org/b'],
    ['https://team.example.org', 'https://localhost'],
  ])('%s and %s are different services', (left, right) => {
    expect(sameService(left, right)).toBe(false);
  });
});
