// The English of the sender's acknowledgement of a support message (server/src/locales holds its translations).

export const SUPPORT_MAIL = {
  subject: (v: { product: string }) => `We received your message to ${v.product} support`,
  received: (v: { product: string; topic: string }) =>
    `Thank you for contacting ${v.product} support. We have received your message (topic: ${v.topic}) and will reply to this address, usually within two business days.`,
  copy: () => 'A copy of your message:',
  notYou: () => 'If you did not send this message, you can ignore this e-mail.',
};
