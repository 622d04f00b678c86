/** The message of something thrown (an Error's, else the value as text): what logs and recorded failures say. */
export const thrownMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));
