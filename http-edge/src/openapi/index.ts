/** The builders of the OpenAPI document that each gateway's routes describe themselves with, and the shared schemas. */
export * from './schema';
export * from './responses';
export * from './components';
export * from './webhook-subscription';
export * from './admin-schemas';
