/** Templates as the Cloud API lists them (two pages in the tests). */
export const ORDER_UPDATE = {
  id: '1001',
  name: 'order_update',
  language: 'en_US',
  status: 'APPROVED',
  category: 'UTILITY',
  parameter_format: 'POSITIONAL',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Order news' },
    { type: 'BODY', text: 'Hi {{1}}, your order {{2}} is on its way.', example: { body_text: [['Asha', '#1234']] } },
    { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Track', url: 'https://acme.example/t/{{1}}' }] },
  ],
};

export const WELCOME_NAMED = {
  id: '1002',
  name: 'welcome_named',
  language: 'en_US',
  status: 'APPROVED',
  category: 'MARKETING',
  parameter_format: 'NAMED',
  components: [
    { type: 'BODY', text: 'Welcome {{first_name}}, your code is {{code}}.', example: { body_text_named_params: [{ param_name: 'first_name', example: 'Asha' }, { param_name: 'code', example: 'X1' }] } },
  ],
};

const PENDING_PROMO = {
  id: '1003',
  name: 'pending_promo',
  language: 'en_US',
  status: 'PENDING',
  category: 'MARKETING',
  components: [{ type: 'BODY', text: 'Sale!' }],
};

export const NO_PARAMS_HI = {
  id: '1004',
  name: 'plain_notice',
  language: { code: 'hi' },
  status: 'APPROVED',
  category: 'UTILITY',
  components: [{ type: 'BODY', text: 'Namaste' }, { type: 'FOOTER', text: 'Acme' }],
};

export const TEMPLATE_PAGES = [[ORDER_UPDATE, WELCOME_NAMED], [PENDING_PROMO, NO_PARAMS_HI]];

/** Send-time components of order_update with `n` body parameters. */
export const positionalBody = (...texts: string[]) => [{ type: 'body', parameters: texts.map((text) => ({ type: 'text', text })) }];
export const namedBody = (params: Record<string, string>) => [
  { type: 'body', parameters: Object.entries(params).map(([parameter_name, text]) => ({ type: 'text', parameter_name, text })) },
];
