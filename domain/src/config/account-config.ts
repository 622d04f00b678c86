import * as t from 'io-ts';
import { CountryCode, getCountries } from 'libphonenumber-js/max';
import { taggedUnion } from './tagged-union';
import { HourRange, HttpUrl, IsoDate, NonEmptyString, PositiveInt, Sha256Hex } from './refinements';

/** Codecs of the account configuration (app/config/demo-accounts.json shows every key). */

const Role = t.keyof({ admin: null, agent: null });

export const User = t.type({ id: NonEmptyString, name: t.string, email: t.string, role: Role });
export type User = t.TypeOf<typeof User>;

const AccessToken = t.intersection([
  t.type({ id: NonEmptyString, userId: NonEmptyString }),
  t.partial({ token: NonEmptyString, sha256: Sha256Hex }),
]);
type AccessToken = t.TypeOf<typeof AccessToken>;

export const Team = t.type({ id: NonEmptyString, name: t.string });

const Weekday = t.keyof({ mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null });
type Weekday = t.TypeOf<typeof Weekday>;

export const OpeningHours = t.intersection([
  t.type({
    days: t.partial({ mon: t.array(HourRange), tue: t.array(HourRange), wed: t.array(HourRange), thu: t.array(HourRange), fri: t.array(HourRange), sat: t.array(HourRange), sun: t.array(HourRange) }),
  }),
  t.partial({ holidays: t.array(IsoDate) }),
]);
export type OpeningHours = t.TypeOf<typeof OpeningHours>;

export const SlaPolicy = t.intersection([
  t.type({
    label: NonEmptyString,
    metric: t.keyof({ firstResponse: null, resolution: null }),
    targetMinutes: PositiveInt,
  }),
  // How long before the due moment a ticket still waiting is reported due soon (ticket.sla_warning).
  t.partial({ warningMinutes: PositiveInt }),
]);
export type SlaPolicy = t.TypeOf<typeof SlaPolicy>;

const DispositionField = t.type({
  label: NonEmptyString,
  kind: t.keyof({ category: null, subcategory: null, text: null }),
  active: t.boolean,
});
type DispositionField = t.TypeOf<typeof DispositionField>;

const HttpMethod = t.keyof({ GET: null, POST: null, PUT: null, PATCH: null, DELETE: null });

export const HttpRequestConfig = t.intersection([
  t.type({ method: HttpMethod, url: HttpUrl }),
  t.partial({
    headers: t.record(t.string, t.string),
    /** "inputs": the converted inputs as a JSON body. */
    body: t.union([t.literal('inputs'), t.UnknownRecord]),
    timeoutMs: PositiveInt,
  }),
]);
export type HttpRequestConfig = t.TypeOf<typeof HttpRequestConfig>;

const dataPointBase = { name: NonEmptyString };
const dataPointCommon = t.partial({ possibleValues: t.array(t.string) });

export const DataPoint = taggedUnion('DataPoint', 'source', {
  customer: t.intersection([t.type({ ...dataPointBase, source: t.literal('customer'), path: NonEmptyString }), dataPointCommon]),
  order: t.intersection([t.type({ ...dataPointBase, source: t.literal('order'), path: NonEmptyString }), dataPointCommon]),
  spreadsheet: t.intersection([t.type({ ...dataPointBase, source: t.literal('spreadsheet') }), t.partial({ writesToSpreadsheet: t.boolean }), dataPointCommon]),
  integration: t.intersection([t.type({ ...dataPointBase, source: t.literal('integration'), request: HttpRequestConfig, output: NonEmptyString }), dataPointCommon]),
  computed: t.intersection([t.type({ ...dataPointBase, source: t.literal('computed'), expression: NonEmptyString }), dataPointCommon]),
  executeAction: t.intersection([t.type({ ...dataPointBase, source: t.literal('executeAction'), actionKey: NonEmptyString }), dataPointCommon]),
});
export type DataPoint = t.TypeOf<typeof DataPoint>;

export const Objective = t.intersection([t.type({ param: NonEmptyString }), t.partial({ from: NonEmptyString })]);
export type Objective = t.TypeOf<typeof Objective>;

const Transition = t.type({ when: t.type({ dataPoint: NonEmptyString, equals: t.string }), to: NonEmptyString });
type Transition = t.TypeOf<typeof Transition>;

export const Task = t.intersection([
  t.type({ id: NonEmptyString, name: NonEmptyString }),
  t.partial({
    teamId: NonEmptyString,
    dataPoints: t.array(NonEmptyString),
    objectives: t.array(Objective),
    actions: t.array(NonEmptyString),
    transitions: t.array(Transition),
  }),
]);
export type Task = t.TypeOf<typeof Task>;

export const FieldType = t.keyof({
  string: null, integer: null, number: null, boolean: null, datetime: null, date: null, phone: null, email: null, array: null, object: null,
});
export type FieldType = t.TypeOf<typeof FieldType>;

export const ResourceField = t.intersection([
  t.type({ key: NonEmptyString, type: FieldType }),
  t.partial({ required: t.boolean, unique: t.boolean }),
]);
export type ResourceField = t.TypeOf<typeof ResourceField>;

export const Resource = t.intersection([
  t.type({ id: NonEmptyString, name: t.string, fields: t.array(ResourceField) }),
  t.partial({ customerIdFrom: NonEmptyString }),
]);
export type Resource = t.TypeOf<typeof Resource>;

const ActionInput = t.intersection([t.type({ name: NonEmptyString, type: FieldType }), t.partial({ required: t.boolean })]);
type ActionInput = t.TypeOf<typeof ActionInput>;

export const ExecuteAction = t.intersection([
  t.type({ id: NonEmptyString, key: NonEmptyString, name: t.string, request: HttpRequestConfig, output: NonEmptyString }),
  t.partial({ inputs: t.array(ActionInput), fixedInputs: t.UnknownRecord }),
]);
export type ExecuteAction = t.TypeOf<typeof ExecuteAction>;

export const ChatApp = t.intersection([
  t.type({ apiBaseUrl: HttpUrl, apiVersion: NonEmptyString, accessToken: NonEmptyString }),
  t.partial({
    provider: t.string, businessAccountId: NonEmptyString, phoneNumberId: NonEmptyString, senderPhone: NonEmptyString,
    /** The Meta app's secret: status webhooks (delivery receipts) are accepted only when signed with it (X-Hub-Signature-256). */
    appSecret: NonEmptyString,
    /** What Meta sends as hub.verify_token when the status webhook is registered. */
    webhookVerifyToken: NonEmptyString,
  }),
]);
export type ChatApp = t.TypeOf<typeof ChatApp>;

export const StoreSystem = t.intersection([
  t.type({ baseUrl: HttpUrl, accessToken: NonEmptyString }),
  t.partial({ routes: t.partial({ orderList: NonEmptyString, orderDetails: NonEmptyString, customerLookup: NonEmptyString }) }),
]);
export type StoreSystem = t.TypeOf<typeof StoreSystem>;

const RateLimitOverrides = t.partial({
  manualTicket: t.partial({ perMinute: PositiveInt, perHour: PositiveInt, perDay: PositiveInt }),
  ticketList: t.partial({ perHour: PositiveInt }),
  ticketExport: t.partial({ perHour: PositiveInt }),
  executeAction: t.partial({ perHour: PositiveInt }),
});
type RateLimitOverrides = t.TypeOf<typeof RateLimitOverrides>;

export const Account = t.intersection([
  t.type({ id: NonEmptyString, name: t.string }),
  t.partial({
    /** Not validated here: an invalid zone falls back to Asia/Kolkata for exports (docs/api/exports.md, Start). */
    timezone: t.string,
    /** ISO 3166 country whose numbers may be sent without +country code (an addition to the contract). */
    defaultPhoneCountry: t.keyof(Object.fromEntries(getCountries().map((c) => [c, null])) as Record<CountryCode, null>),
    mailboxes: t.array(t.string),
    users: t.array(User),
    accessTokens: t.array(AccessToken),
    teams: t.array(Team),
    manualSourceLabels: t.array(NonEmptyString),
    openingHours: OpeningHours,
    slaPolicies: t.array(SlaPolicy),
    dispositionFields: t.array(DispositionField),
    dataPoints: t.array(DataPoint),
    tasks: t.array(Task),
    resources: t.array(Resource),
    executeActions: t.array(ExecuteAction),
    chatApp: ChatApp,
    store: StoreSystem,
    rateLimits: RateLimitOverrides,
  }),
]);
export type Account = t.TypeOf<typeof Account>;

export const AccountConfigDocument = t.type({ accounts: t.array(Account) });
export type AccountConfigDocument = t.TypeOf<typeof AccountConfigDocument>;
