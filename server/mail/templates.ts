import type { MailInput } from './send';

export function loginCodeMail(email: string, code: string, ttlMinutes: number): MailInput {
  return {
    to: email,
    subject: `Your Signature Guestbook login code: ${code}`,
    text: [
      `Your login code is ${code}`,
      '',
      `Enter it on the sign-in page within ${ttlMinutes} minutes. It works once.`,
      'If you did not ask to sign in, you can ignore this e-mail.',
      '',
      '— Signature Guestbook',
    ].join('\n'),
    html: `<p>Your login code is</p><p style="font-size:28px;font-weight:bold;letter-spacing:4px">${code}</p><p>Enter it on the sign-in page within ${ttlMinutes} minutes. It works once.</p><p>If you did not ask to sign in, you can ignore this e-mail.</p><p>— Signature Guestbook</p>`,
  };
}
