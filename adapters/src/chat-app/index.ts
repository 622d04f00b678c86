export { whatsAppCloudClient, DEFAULT_CHAT_APP_RETRY } from './whatsapp-cloud-client';
export type { WhatsAppCloudOptions } from './whatsapp-cloud-client';
export type { ChatAppRetrySettings } from './retrying-call';
