import { describe, expect, it } from 'vitest';
import { beaconIdentifier, isBeaconNumber, isBeaconUuid, normaliseBeaconUuid } from './beacon-id';

describe('beacon identifiers', () => {
  it('accepts 8-4-4-4-12 hexadecimal UUIDs in either case', () => {
    expect(isBeaconUuid('f7826da6-4fa2-4e98-8024-bc5b71e0893e')).toBe(true);
    expect(isBeaconUuid('F7826DA6-4FA2-4E98-8024-BC5B71E0893E')).toBe(true);
    expect(isBeaconUuid('  f7826da6-4fa2-4e98-8024-bc5b71e0893e ')).toBe(true);
  });

  it('refuses other shapes', () => {
    for (const bad of [
      '',
      'f7826da64fa24e988024bc5b71e0893e',
      'f7826da6-4fa2-4e98-8024-bc5b71e0893',
      'f7826da6-4fa2-4e98-8024-bc5b71e0893e0',
      'g7826da6-4fa2-4e98-8024-bc5b71e0893e',
      '{f7826da6-4fa2-4e98-8024-bc5b71e0893e}',
      'f7826da6_4fa2_4e98_8024_bc5b71e0893e',
    ]) {
      expect(isBeaconUuid(bad), bad).toBe(false);
    }
    expect(isBeaconUuid(undefined)).toBe(false);
    expect(isBeaconUuid(null)).toBe(false);
  });

  it('stores the UUID trimmed and lower case', () => {
    expect(normaliseBeaconUuid(' F7826DA6-4FA2-4E98-8024-BC5B71E0893E ')).toBe('f7826da6-4fa2-4e98-8024-bc5b71e0893e');
  });

  it('checks major and minor numbers', () => {
    expect(isBeaconNumber(0)).toBe(true);
    expect(isBeaconNumber(65535)).toBe(true);
    expect(isBeaconNumber(65536)).toBe(false);
    expect(isBeaconNumber(-1)).toBe(false);
    expect(isBeaconNumber(1.5)).toBe(false);
    expect(isBeaconNumber('1')).toBe(false);
  });

  it('shows the identifier as uuid:major:minor', () => {
    expect(beaconIdentifier({ uuid: 'f7826da6-4fa2-4e98-8024-bc5b71e0893e', major: 1, minor: 42 })).toBe('f7826da6-4fa2-4e98-8024-bc5b71e0893e:1:42');
  });
});
