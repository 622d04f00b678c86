import { ExecuteAction } from '../../config/account-config';

/**
 * Inputs of an execute action run by task evaluation: the action's declared inputs, each taken
 * (name matched case-insensitively) from the ticket context: ticketId, ticketNumber, customerId,
 * customerName, customerPhone, customerEmail, storefrontCustomerId, orderName, orderId (of the
 * order looked up), subject, query, then every data point value by name and every objective value
 * by parameter (later ones win). Undeclared context is not sent; absent values are left out.
 */
export const actionInputs = (action: ExecuteAction | undefined, context: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  const declared = action?.inputs ?? [];
  const byLower = new Map(Object.entries(context).map(([k, v]) => [k.toLowerCase(), v]));
  const inputs: Record<string, unknown> = {};
  for (const input of declared) {
    const value = byLower.get(input.name.toLowerCase());
    if (value !== undefined && value !== null) inputs[input.name] = value;
  }
  return inputs;
};
