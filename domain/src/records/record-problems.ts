/** Why a record request is refused (each a 400, worded to say what to fix; 404 for the resource). */
export type RecordProblem =
  | { readonly kind: 'resourceNotFound'; readonly objectId: string }
  | { readonly kind: 'unknownField'; readonly field: string; readonly acceptedFields: readonly string[] }
  | { readonly kind: 'unconvertible'; readonly field: string; readonly expected: string }
  | { readonly kind: 'missingRequired'; readonly fields: readonly string[] }
  | { readonly kind: 'identifierMismatch'; readonly field: string }
  | { readonly kind: 'ambiguousIdentifier'; readonly field: string; readonly recordIds: readonly string[] };

export const recordProblemMessage = (p: RecordProblem): string => {
  switch (p.kind) {
    case 'resourceNotFound':
      return `Resource object "${p.objectId}" not found: check objectId against the resources configured for your account`;
    case 'unknownField':
      return `Unknown resource field "${p.field}"`;
    case 'unconvertible':
      return `Resource field "${p.field}" must be ${p.expected}`;
    case 'missingRequired':
      return p.fields.length === 1
        ? `Resource field "${p.fields[0]}" is required`
        : `Resource fields ${p.fields.map((f) => `"${f}"`).join(', ')} are required`;
    case 'identifierMismatch':
      return `data.${p.field} must equal idValue when both are given (compared after conversion by the field type)`;
    case 'ambiguousIdentifier':
      return `More than one record matches idField "${p.field}" and idValue: no record was changed; remove the duplicates or upsert by a field whose values are unique`;
  }
};
