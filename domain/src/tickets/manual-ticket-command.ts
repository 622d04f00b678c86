import * as E from 'fp-ts/Either';
import { pipe } from 'fp-ts/function';
import { Account, Task } from '../config/account-config';
import { NormalizedEmail, normalizeEmail, normalizePhone, PhoneE164 } from '../customers/contact';
import { CreateManualTicketRequest, REQUEST_DEFAULTS } from './create-request';
import { TicketSource } from './events';
import { checkDataPointOverrides, DataPointOverrides } from './overrides';
import { normalizeSource } from './source';
import { selectTask } from './task-selection';

/** The customer of a request, normalized: phone in E.164, email trimmed and lower case. */
export interface CustomerDetails {
  readonly name: string | null;
  readonly phone: PhoneE164 | null;
  readonly email: NormalizedEmail | null;
  readonly storefrontCustomerId: string | null;
}

/** A manual-ticket request that passed every rule of docs/api/tickets.md, with defaults applied. */
export interface ManualTicketCommand {
  readonly customer: CustomerDetails;
  readonly subject: string | null;
  readonly query: string;
  readonly orderName: string | null;
  readonly payload: string | null;
  readonly payloadFormat: string | null;
  readonly source: TicketSource;
  readonly manualSourceLabel: string | null;
  readonly task: Task | null;
  readonly objectiveValues: Readonly<Record<string, string>>;
  readonly overrides: DataPointOverrides;
  readonly relatedTicketNumber: string | null;
  readonly waitForTicket: boolean;
  readonly forceCreateTicket: boolean;
  readonly fastResponse: boolean;
  readonly skipExecuteAction: boolean;
  readonly images: readonly string[];
}

const PHONE_OR_EMAIL_REQUIRED = 'phone or email is required';

const text = (s: string | undefined): string | null => (s === undefined || s.trim() === '' ? null : s.trim());

const URI_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const isUri = (s: string): boolean => {
  if (!URI_SCHEME.test(s) || /\s/.test(s)) return false;
  try {
    new URL(s);
    return true;
  } catch {
    return false;
  }
};

const checkCustomer = (request: CreateManualTicketRequest, account: Account): E.Either<string, CustomerDetails> => {
  const c = request.customer;
  const phoneRaw = text(c.phone);
  const emailRaw = text(c.email);
  if (phoneRaw === null && emailRaw === null) return E.left(PHONE_OR_EMAIL_REQUIRED);
  let phone: PhoneE164 | null = null;
  let email: NormalizedEmail | null = null;
  if (phoneRaw !== null) {
    const p = normalizePhone(phoneRaw, account.defaultPhoneCountry);
    if (E.isLeft(p)) return E.left(`customer.phone ${p.left}`);
    phone = p.right;
  }
  if (emailRaw !== null) {
    const m = normalizeEmail(emailRaw);
    if (E.isLeft(m)) return E.left(`customer.email ${m.left}`);
    email = m.right;
  }
  return E.right({ name: text(c.name), phone, email, storefrontCustomerId: text(c.storefrontCustomerId) });
};

const checkPayload = (payload: unknown): E.Either<string, string | null> => {
  if (payload === undefined) return E.right(null);
  const hint = 'payload must be a JSON string: serialize the extra context with JSON.stringify, e.g. "{\\"orderId\\":\\"123\\"}"';
  if (typeof payload !== 'string') return E.left(hint);
  try {
    JSON.parse(payload);
    return E.right(payload);
  } catch {
    return E.left(`${hint} (the string sent is not valid JSON)`);
  }
};

const checkImages = (images: readonly string[] | undefined): E.Either<string, readonly string[]> => {
  const list = images ?? [];
  const bad = list.findIndex((s) => !isUri(s));
  return bad >= 0 ? E.left(`images[${bad}] must be a URI (an absolute URL such as https://example.com/photo.jpg)`) : E.right(list);
};

/**
 * Applies the rules of docs/api/tickets.md to a decoded request (pure): phone or email, contact
 * normalization, query, payload, images, source normalization (docs/api/tickets.md, rule Source), task selection and data
 * point overrides (docs/api/tickets.md, dataPointOverrides), and the defaults. Left: the 400 message.
 */
export const toManualTicketCommand = (request: CreateManualTicketRequest, account: Account): E.Either<string, ManualTicketCommand> =>
  pipe(
    E.Do,
    E.apS('customer', checkCustomer(request, account)),
    E.bind('query', () =>
      request.query.trim() === '' && text(request.subject) === null
        ? E.left('query must not be empty: send the customer question or issue')
        : E.right(request.query),
    ),
    E.bind('payload', () => checkPayload(request.payload)),
    E.bind('images', () => checkImages(request.images)),
    E.bind('source', () => normalizeSource(request.source, request.manualSourceLabel, account.manualSourceLabels ?? [])),
    E.bind('task', () => selectTask(account, request.currentTaskId, request.taskName)),
    E.bind('overrides', ({ task }) => checkDataPointOverrides(account, task, request.dataPointOverrides, request.objectiveValues)),
    E.map(({ customer, query, payload, images, source, task, overrides }) => ({
      customer,
      subject: text(request.subject),
      query,
      orderName: text(request.orderName),
      payload,
      payloadFormat: text(request.payloadFormat),
      source: source.source,
      manualSourceLabel: source.manualSourceLabel,
      task,
      objectiveValues: request.objectiveValues ?? {},
      overrides,
      relatedTicketNumber: text(request.relatedTicketNumber),
      waitForTicket: request.waitForTicket ?? REQUEST_DEFAULTS.waitForTicket,
      forceCreateTicket: request.forceCreateTicket ?? REQUEST_DEFAULTS.forceCreateTicket,
      fastResponse: request.fastResponse ?? REQUEST_DEFAULTS.fastResponse,
      skipExecuteAction: request.skipExecuteAction ?? Object.keys(overrides).length > 0,
      images,
    })),
  );
