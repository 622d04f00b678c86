// The API calls of the audit page: the token goes in the Authorization header only.
const call = async (token, method, path, body) => {
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' });
  } catch {
    return { ok: false, status: 0, message: 'the service did not answer' };
  }
  const json = await res.json().catch(() => null);
  if (res.ok) return { ok: true, status: res.status, body: json };
  return { ok: false, status: res.status, message: json?.message ?? json?.error ?? res.statusText };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A ticket's id from what the reader typed: the id itself, or a number found through the list. */
export const findTicketId = async (token, typed) => {
  const text = typed.trim().replace(/^#/, '');
  if (UUID.test(text)) return { ok: true, id: text.toLowerCase() };
  if (!/^\d{1,15}$/.test(text)) return { ok: false, message: 'Type a ticket number (e.g. 12) or a ticket id (a UUID).' };
  const found = await call(token, 'POST', '/apis/task-runs/tickets/list', { ticketNumber: text, limit: 1 });
  if (!found.ok) return { ok: false, message: `The list answered ${found.status}: ${found.message}` };
  const first = found.body.data[0];
  return first === undefined ? { ok: false, message: `No ticket #${text} in this account.` } : { ok: true, id: first.id };
};

export const ticket = (token, id) => call(token, 'GET', `/apis/tickets/${encodeURIComponent(id)}`);
export const ticketEvents = (token, id) => call(token, 'GET', `/apis/tickets/${encodeURIComponent(id)}/events?stored=true`);
/** The latest checkpoint and the log's verifier key. */
export const checkpoint = (token) => call(token, 'GET', '/admin/log/checkpoint');
/** Each event's inclusion proof in the tree of the latest checkpoint (with its signed note). */
export const ticketProofs = (token, id) => call(token, 'GET', `/admin/log/tickets/${encodeURIComponent(id)}/inclusion`);
