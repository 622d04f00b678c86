/** Names made unique in order: a repeated name gets a numeric suffix ("SLA: Resolution", "SLA: Resolution 2"). */
export const withNumericSuffixes = (names: readonly string[]): string[] => {
  const seen = new Map<string, number>();
  const taken = new Set(names);
  return names.map((name) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    if (n === 1) return name;
    let suffix = n;
    while (taken.has(`${name} ${suffix}`)) suffix++;
    taken.add(`${name} ${suffix}`);
    return `${name} ${suffix}`;
  });
};

/** The fixed columns of docs/api/exports.md (The file), group by group, names exact. */
export const TICKET_COLUMNS = ['Ticket Number', 'Ticket Type', 'Child Ticket Param', 'Task Names', 'Team', 'Actions', 'Status', 'Source', 'Sentiments', 'Order Name', 'Summary', 'Resolution'] as const;
export const ASSIGNMENT_COLUMNS = ['Assigned To', 'Assigned By', 'Assigned At', 'Involved Sources', 'Involved Agents', 'Has Involved Agent', 'Resolved By'] as const;
export const CUSTOMER_COLUMNS = ['Customer Name', 'Customer Phone', 'Customer Email', 'Customer ID', 'Chat Link'] as const;
export const TIMING_COLUMNS = [
  'Created At', 'Queued Time', 'First Response Timestamp', 'Response Time', 'First Response Time (minutes)', 'Total Response Time (minutes)',
  'Latest Response Time', 'Age', 'Resolution Time', 'Last Updated At', 'Executed At', 'Resolved At',
] as const;
export const RELATED_WORK_COLUMNS = [
  'Child Tickets', 'Interaction Tickets', 'Chat Interactions', 'Email Threads', 'Customer Email Messages', 'Agent Email Messages', 'Incoming Calls',
  'Outgoing Calls', 'Voice Calls', 'FCR', 'Voice FCR', 'Voice FCR Reason', 'Voice FCR Evaluated At', 'Email ThreadId', 'Email Client', 'Auto Resolved',
] as const;
export const ADDITIONAL_DATA_COLUMN = 'Additional Data';
export const CSAT_COLUMNS = ['CSAT Status', 'CSAT Rating', 'CSAT Comment', 'CSAT Sent At', 'CSAT Submitted At'] as const;
export const CATEGORY_COLUMNS = ['Category', 'Subcategory'] as const;
