import { TokenScope } from './token-scopes';

/** Reads sent as POST (a list's filters in the body). */
const READS_BY_POST = new Set(['/apis/task-runs/tickets/list']);

/**
 * The scope a request needs, by route group (docs/api/admin.md, Scopes): the admin routes, the
 * erasure of a customer and the auditors' routes `admin`; webhook subscriptions `webhooks`; the
 * ticket export (its start and its status) `export`; any other read `read`; any other change `write`.
 */
export const requiredScope = (method: string, path: string): TokenScope => {
  if (path.startsWith('/apis/admin/') || path.startsWith('/admin/') || /^\/apis\/customers\/[^/]+\/erasure$/.test(path)) return 'admin';
  if (path === '/apis/webhooks' || path.startsWith('/apis/webhooks/')) return 'webhooks';
  if (path === '/apis/task-runs/tickets/export' || path.startsWith('/apis/task-runs/tickets/export/')) return 'export';
  if (method === 'GET' || method === 'HEAD' || READS_BY_POST.has(path)) return 'read';
  return 'write';
};
