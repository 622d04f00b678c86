/** The database when neither the options nor the connection string name one. */
export const DEFAULT_DATABASE = 'support';

/** The database named in a connection string's path, if any (`mongodb://host/name?…`). */
export const databaseInUrl = (url: string): string | undefined => {
  const match = /^mongodb(?:\+srv)?:\/\/[^/]*\/([^?]+)/.exec(url);
  return match === null ? undefined : decodeURIComponent(match[1]);
};
