/** Template-send failures of docs/api/chat-app.md (Failures), answered as { status: "failure", error: { code, message, details? } }. */
export interface SendFailure {
  readonly code: '7001' | '7002' | '7004';
  readonly message: string;
  /** What exactly is wrong and how to fix it (an extra key, allowed by docs/api/chat-app.md (Send)). */
  readonly details?: string;
}

const INVALID_TEMPLATE_PARAMETERS = 'Invalid template parameters';
const INVALID_PHONE_NUMBER = 'Invalid phone number';
const NO_SENDER_PHONE = 'No WhatsApp phone number configured for this account';
const SEND_INTERNAL_ERROR = 'Internal server error';

export const invalidTemplate = (details: string): SendFailure => ({ code: '7001', message: INVALID_TEMPLATE_PARAMETERS, details });
export const invalidPhone = (details: string): SendFailure => ({ code: '7002', message: INVALID_PHONE_NUMBER, details });
export const noSenderPhone = (details: string): SendFailure => ({ code: '7004', message: NO_SENDER_PHONE, details });
export const internalSendError = (): SendFailure => ({ code: '7004', message: SEND_INTERNAL_ERROR });
