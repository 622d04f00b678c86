/**
 * The error of a redirect, which is not followed: the status and where it points, by origin only
 * (a receiver's path or query may carry a token, and the error is logged).
 */
export const redirectError = (status: number, location: string | undefined, base: URL): string => {
  const where = (() => {
    if (location === undefined || location.trim() === '') return 'without a Location';
    try {
      const to = new URL(location, base);
      const more = `${to.pathname}${to.search}` !== '/' ? '/…' : '';
      return `to ${to.origin === 'null' ? to.protocol : to.origin}${more}`;
    } catch {
      return 'to an unreadable Location';
    }
  })();
  return `the receiver answered HTTP ${status}, a redirect ${where} (redirects are not followed)`;
};
