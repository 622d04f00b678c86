// The API calls of the reports page: the token goes in the Authorization header only, the period in the query.
const call = async (token, path, init = {}) => {
  let res;
  try {
    res = await fetch(path, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}`, Accept: 'application/json' }, cache: 'no-store' });
  } catch {
    return { ok: false, status: 0, message: 'the service did not answer' };
  }
  const json = await res.json().catch(() => null);
  return res.ok ? { ok: true, status: res.status, body: json } : { ok: false, status: res.status, message: json?.message ?? json?.error ?? res.statusText, field: json?.field };
};

/** GET /apis/reports: `params` has groupBy and, when chosen, from and to (the account's days). */
export const report = (token, params) => call(token, `/apis/reports?${new URLSearchParams(params)}`);

/** POST /apis/task-runs/tickets/list with a row's list body (as the report gave it) and a page. */
export const listTickets = (token, body, page, limit) =>
  call(token, '/apis/task-runs/tickets/list', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...body, page, limit }) });
