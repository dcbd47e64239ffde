// The browser's position as a promise, with the reasons it can fail named so the screen can
// say what to do (a refused permission gets instructions, never a blank).
export type PositionFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export class PositionError extends Error {
  readonly reason: PositionFailure;
  constructor(reason: PositionFailure) {
    super(reason);
    this.reason = reason;
  }
}

/** Maps a GeolocationPositionError code (1 denied, 2 unavailable, 3 timeout). */
export function failureOf(code: number): PositionFailure {
  return code === 1 ? 'denied' : code === 3 ? 'timeout' : 'unavailable';
}

export function currentPosition(geo: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation) {
  return new Promise<{ latitude: number; longitude: number; accuracy: number }>((resolve, reject) => {
    if (!geo) {
      reject(new PositionError('unsupported'));
      return;
    }
    geo.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy }),
      (e) => reject(new PositionError(failureOf(e.code))),
      { enableHighAccuracy: true, timeout: 20000, maximumAge: 0 },
    );
  });
}
