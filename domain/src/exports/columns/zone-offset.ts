import { IANAZone } from 'luxon';

const BUCKET_MS = 15 * 60 * 1000;
const MAX_CACHED = 200_000;

/**
 * The UTC offset (minutes) of an IANA zone at an instant, remembered per quarter hour: zone
 * transitions fall on quarter hours in UTC for every zone in use, and a million rows then ask
 * luxon (Intl) once per distinct quarter hour rather than once per timestamp.
 */
export const zoneOffsetMinutes = (zone: string): ((epochMs: number) => number) => {
  const iana = IANAZone.create(zone);
  const cache = new Map<number, number>();
  return (epochMs) => {
    const bucket = Math.floor(epochMs / BUCKET_MS);
    let offset = cache.get(bucket);
    if (offset === undefined) {
      if (cache.size >= MAX_CACHED) cache.clear();
      offset = iana.offset(epochMs);
      cache.set(bucket, offset);
    }
    return offset;
  };
};
