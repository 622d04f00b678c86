/**
 * Removes, at any depth, keys that can only hold secrets docs/api/orders.md says are never returned (
 * full card numbers, CVV values, passwords, access tokens). The store contract already forbids
 * them; this is a second line of defence so such a value never reaches a ticket, a log or an agent.
 */
const SECRET_KEY = /^(card_?number|card_?no|pan|cvv2?|cvc2?|csc|security_?code|password|passcode|secret|client_?secret|(access|refresh|api|auth|bearer|session)_?token|token|api_?key)$/i;

const isSecretKey = (key: string): boolean => SECRET_KEY.test(key);

export const withoutSecrets = <A>(value: A): A => {
  if (Array.isArray(value)) return value.map((v) => withoutSecrets(v)) as unknown as A;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([k]) => !isSecretKey(k)).map(([k, v]) => [k, withoutSecrets(v)])) as A;
  }
  return value;
};
