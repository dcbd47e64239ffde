import { describe, expect, it } from 'vitest';
import { currentPosition, failureOf, PositionError } from './geolocation';

function fakeGeo(outcome: { coords?: { latitude: number; longitude: number; accuracy: number }; code?: number }): Geolocation {
  return {
    getCurrentPosition: (ok: PositionCallback, fail?: PositionErrorCallback | null) => {
      if (outcome.coords) ok({ coords: outcome.coords } as GeolocationPosition);
      else fail?.({ code: outcome.code } as GeolocationPositionError);
    },
  } as unknown as Geolocation;
}

describe('currentPosition', () => {
  it('resolves the position and accuracy', async () => {
    await expect(currentPosition(fakeGeo({ coords: { latitude: 3.1, longitude: 101.6, accuracy: 12 } }))).resolves.toEqual({
      latitude: 3.1,
      longitude: 101.6,
      accuracy: 12,
    });
  });

  it('names a refused permission, so the screen can give instructions', async () => {
    const e = await currentPosition(fakeGeo({ code: 1 })).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PositionError);
    expect((e as PositionError).reason).toBe('denied');
  });

  it('names a browser without geolocation', async () => {
    const e = await currentPosition(undefined).catch((x: unknown) => x);
    expect((e as PositionError).reason).toBe('unsupported');
  });

  it('maps the error codes', () => {
    expect([failureOf(1), failureOf(2), failureOf(3)]).toEqual(['denied', 'unavailable', 'timeout']);
  });
});
