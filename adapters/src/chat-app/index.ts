export { whatsAppCloudClient } from './whatsapp-cloud-client';
export type { ChatAppRetrySettings } from './retrying-call';
