/** Attribute-safe text of a link for the HTML part. */
function escapeAttribute(link: string): string {
  return link.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * A mail whose point is one link. Plain text first: it must read well in any client, and in the dev outbox, so the
 * link stands alone on its line there.
 */
function linkMail(parts: {
  subject: string
  intro: string
  /** The sentence before the link, e.g. 'Choose a new password here'; `linkText` is the HTML anchor. */
  lead: string
  linkText: string
  validity: string
  link: string
  closing: string
}): { subject: string; text: string; html: string } {
  const text = [parts.intro, '', `${parts.lead} (${parts.validity}):`, parts.link, '', parts.closing].join('\n')
  const html =
    `<p>${escapeText(parts.intro)}</p>` +
    `<p><a href="${escapeAttribute(parts.link)}">${escapeText(parts.linkText)}</a> (${escapeText(parts.validity)}).</p>` +
    `<p>${escapeText(parts.closing)}</p>`
  return { subject: parts.subject, text, html }
}

/** The password-reset message. */
export function passwordResetMail(link: string, minutesValid: number): { subject: string; text: string; html: string } {
  return linkMail({
    subject: 'Reset your Hookpost password',
    intro: 'Someone (hopefully you) asked to reset the password of your Hookpost account.',
    lead: 'Choose a new password here',
    linkText: 'Choose a new password',
    validity: `the link works once, for ${minutesValid} minutes`,
    link,
    closing: 'If you did not ask for this, ignore this email: your password stays as it is.',
  })
}

/** Confirms an address: the one given at sign-up, or the new one a person asked to change to. */
export function verifyEmailMail(
  link: string,
  hoursValid: number,
  purpose: 'sign-up' | 'change',
): { subject: string; text: string; html: string } {
  const validity = `the link works for ${hoursValid} hours`
  if (purpose === 'change') {
    return linkMail({
      subject: 'Confirm your new Hookpost email address',
      intro: 'Someone (hopefully you) asked to use this address for their Hookpost account.',
      lead: 'Confirm the change here',
      linkText: 'Use this address for my account',
      validity,
      link,
      closing: 'If you did not ask for this, ignore this email: nothing changes until the link is opened.',
    })
  }
  return linkMail({
    subject: 'Confirm your Hookpost email address',
    intro: 'Welcome to Hookpost! Please confirm that this is your email address.',
    lead: 'Confirm it here',
    linkText: 'Confirm my email address',
    validity,
    link,
    closing: 'If you did not create a Hookpost account, ignore this email.',
  })
}

/** Sent to the old address once the change is confirmed, so a change the owner did not make does not go unseen. */
export function emailChangedMail(
  newEmail: string,
  supportEmail: string,
): { subject: string; text: string; html: string } {
  const lines = [
    `The email address of your Hookpost account was changed to ${newEmail}.`,
    'You now sign in with that address, and mail from Hookpost goes there.',
    `If you did not make this change, write to ${supportEmail} at once.`,
  ]
  return {
    subject: 'Your Hookpost email address was changed',
    text: lines.join('\n\n'),
    html: lines.map((l) => `<p>${escapeText(l)}</p>`).join(''),
  }
}
