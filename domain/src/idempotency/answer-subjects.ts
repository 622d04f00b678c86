/** The fields of an answer's body that name what the answer is about. */
const ID_FIELDS = new Set(['id', 'customerId', 'ticketId', 'recordId', 'messageId']);
/** How deep the body is looked into (a ticket's customer is at depth 2: `{ ticket: { customer: { id } } }`). */
const MAX_DEPTH = 3;
/** At most this many ids are kept (a bulk answer names more, its tickets are found by their own ids). */
const MAX_SUBJECTS = 200;

/**
 * The ids an answer kept for an `Idempotency-Key` names (its customer, ticket, record or message):
 * what links the answer to a customer whose personal data is erased (docs/api/erasure.md), so that
 * the answer, which may repeat their name and phone, is erased with the rest. Ids are not personal.
 */
export const answerSubjects = (body: unknown): string[] => {
  const found = new Set<string>();
  const visit = (node: unknown, depth: number): void => {
    if (found.size >= MAX_SUBJECTS || depth > MAX_DEPTH || typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      for (const element of node) visit(element, depth + 1);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (ID_FIELDS.has(key) && typeof value === 'string' && value !== '' && found.size < MAX_SUBJECTS) found.add(value);
      else visit(value, depth + 1);
    }
  };
  visit(body, 0);
  return [...found];
};
