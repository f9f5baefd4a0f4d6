/** The password-reset message. Plain text first: it must read well in any client, and in the dev outbox. */
export function passwordResetMail(link: string, minutesValid: number): { subject: string; text: string; html: string } {
  const subject = 'Reset your Hookpost password'
  const text = [
    'Someone (hopefully you) asked to reset the password of your Hookpost account.',
    '',
    `Choose a new password here (the link works once, for ${minutesValid} minutes):`,
    link,
    '',
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ].join('\n')
  const safeLink = link.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  const html =
    `<p>Someone (hopefully you) asked to reset the password of your Hookpost account.</p>` +
    `<p><a href="${safeLink}">Choose a new password</a> (the link works once, for ${minutesValid} minutes).</p>` +
    `<p>If you did not ask for this, ignore this email: your password stays as it is.</p>`
  return { subject, text, html }
}
