const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** A duration as HH:MM (hours may pass 24; minutes rounded down). */
export const hoursMinutes = (ms: number): string => {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
};

/** A duration in whole minutes (rounded down). */
export const wholeMinutes = (ms: number): string => String(Math.floor(Math.max(0, ms) / 60_000));
