import { describe, expect, it } from 'vitest';
import { type ChaosSpec, ChaosSpecError, formatChaos, parseChaos } from '../../src/sandbox/chaos.js';
import { createFaults } from '../../src/sandbox/faults.js';
import { Rng, streamSeed } from '../../src/sandbox/world/rng.js';

describe('parseChaos', () => {
  it.each<[string, ChaosSpec]>([
    ['', {}],
    ['  ', {}],
    ['latency=100', { latencyMs: { min: 100, max: 100 } }],
    ['latency=50-200', { latencyMs: { min: 50, max: 200 } }],
    ['503=0.1,429=0.05', { share503: 0.1, share429: 0.05 }],
    ['drop=10, close4001=30 ,stall=2.5', { dropEverySeconds: 10, close4001EverySeconds: 30, stallEverySeconds: 2.5 }],
    ['garbage=0.01', { garbageShare: 0.01 }],
    ['503=1', { share503: 1 }],
    [
      'latency=50-200,503=0.1,429=0.05,drop=10,close4001=30,stall=20,garbage=0.01',
      {
        latencyMs: { min: 50, max: 200 },
        share503: 0.1,
        share429: 0.05,
        dropEverySeconds: 10,
        close4001EverySeconds: 30,
        stallEverySeconds: 20,
        garbageShare: 0.01,
      },
    ],
  ])('reads %j', (text, spec) => {
    expect(parseChaos(text)).toEqual(spec);
  });

  it.each([
    ['fire=1', /unknown fault "fire"/],
    ['latency', /not NAME=VALUE/],
    ['=3', /not NAME=VALUE/],
    ['latency=fast', /chaos latency: expected milliseconds/],
    ['latency=200-50', /runs backwards/],
    ['latency=1-2-3', /chaos latency/],
    ['503=1.5', /chaos 503: expected a share between 0 and 1/],
    ['429=-0.1', /chaos 429/],
    ['503=0.6,429=0.6', /add up to more than 1/],
    ['drop=0', /chaos drop: expected a number of seconds above 0/],
    ['stall=soon', /chaos stall/],
    ['garbage=2', /chaos garbage/],
    ['drop=1,drop=2', /given more than once/],
  ])('refuses %j with a clear message', (text, message) => {
    expect(() => parseChaos(text)).toThrow(ChaosSpecError);
    expect(() => parseChaos(text)).toThrow(message);
  });

  it('formats back to the same spec', () => {
    const text = 'latency=50-200,503=0.1,429=0.05,drop=10,close4001=30,stall=20,garbage=0.01';
    expect(formatChaos(parseChaos(text))).toBe(text);
    expect(parseChaos(formatChaos(parseChaos('latency=5')))).toEqual({ latencyMs: { min: 5, max: 5 } });
  });
});

describe('fault draws', () => {
  const sockets = { dropAll() {}, closeAll4001() {}, stallOne() {} };

  it('are off without a spec', () => {
    const faults = createFaults(1, sockets);
    expect(faults.httpFault()).toBeUndefined();
    expect(faults.latencyMs()).toBe(0);
    expect(faults.garbage()).toBe(false);
  });

  it('hit about their shares, with Retry-After, and repeat for the same seed', () => {
    const draw = (seed: number) => {
      const faults = createFaults(seed, sockets);
      faults.set('503=0.2,429=0.1,latency=10-20');
      const out: string[] = [];
      for (let i = 0; i < 2000; i++) out.push(faults.httpFault()?.chaos ?? '-');
      const latencies = Array.from({ length: 100 }, () => faults.latencyMs());
      faults.stop();
      return { out, latencies, first: (() => {
        const f = createFaults(seed, sockets);
        f.set('503=1');
        const fault = f.httpFault();
        f.stop();
        return fault;
      })() };
    };
    const a = draw(42);
    const b = draw(42);
    expect(a.out).toEqual(b.out);
    const share = (kind: string) => a.out.filter((x) => x === kind).length / a.out.length;
    expect(share('503')).toBeGreaterThan(0.15);
    expect(share('503')).toBeLessThan(0.25);
    expect(share('429')).toBeGreaterThan(0.06);
    expect(share('429')).toBeLessThan(0.14);
    expect(Math.min(...a.latencies)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...a.latencies)).toBeLessThanOrEqual(20);
    expect(a.first).toMatchObject({ status: 503, error: 'service-unavailable', headers: { 'Retry-After': '1' } });
  });

  it("come from the world's one generator, on the seed's own 'faults' stream: --seed decides them", () => {
    const latencies = (seed: number) => {
      const faults = createFaults(seed, sockets);
      faults.set('latency=0-1000');
      const out = Array.from({ length: 50 }, () => faults.latencyMs());
      faults.stop();
      return out;
    };
    const rng = new Rng(streamSeed(42, 'faults'));
    expect(latencies(42)).toEqual(Array.from({ length: 50 }, () => Math.round(rng.next() * 1000)));
    expect(latencies(43)).not.toEqual(latencies(42));
  });
});
