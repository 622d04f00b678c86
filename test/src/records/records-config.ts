import { exampleConfig, withoutRateLimits } from '../support/example-config';

type Json = Record<string, unknown>;

/** The example configuration with a date and a free-text field added to acme's Inventory resource. */
export const recordsConfig = () => {
  const config = withoutRateLimits(exampleConfig());
  const inventory = (config.accounts[0].resources as Json[])[0];
  (inventory.fields as Json[]).push({ key: 'expiresOn', type: 'date' }, { key: 'note', type: 'string' });
  return config;
};

export const INVENTORY = 'obj-inventory';
export const INSERT = '/apis/resources/records/insert';
export const UPSERT = '/apis/resources/records/upsert';
