import * as t from 'io-ts';
import { Account } from '../config/account-config';

/**
 * The sections of an account's settings that the admin API changes, each replaced as a whole, and
 * who may change it: `account` an account admin (its own account) or the operator, `operator` the
 * operator only. Not here: `id` and `name` (the account's own routes), `accessTokens` (the token
 * routes), and the sections that hold credentials of other systems (`chatApp`, `store`,
 * `executeActions`), which stay in the configuration file so that no secret enters the log.
 */
export const SETTINGS_SECTIONS = {
  timezone: 'account',
  defaultPhoneCountry: 'account',
  mailboxes: 'account',
  users: 'account',
  teams: 'account',
  manualSourceLabels: 'account',
  openingHours: 'account',
  slaPolicies: 'account',
  dispositionFields: 'account',
  dataPoints: 'account',
  tasks: 'account',
  resources: 'account',
  rateLimits: 'operator',
} as const;

export type SettingsSection = keyof typeof SETTINGS_SECTIONS;

export const isSettingsSection = (s: string): s is SettingsSection => Object.prototype.hasOwnProperty.call(SETTINGS_SECTIONS, s);

/** The codec of a section: the start-up configuration's own. */
export const sectionCodec = (section: SettingsSection): t.Mixed => (Account.types[1].props as Record<SettingsSection, t.Mixed>)[section];
