import { describe, expect, it } from 'vitest'
import { emailChangedMail, passwordResetMail, verifyEmailMail } from './account-mails'

describe('passwordResetMail', () => {
  const link = 'https://hookpost.example/reset-password?token=abc&next="/x"<y'

  it('puts the link verbatim and the validity in minutes in the plain text', () => {
    const { subject, text } = passwordResetMail(link, 45)
    expect(subject).toBe('Reset your Hookpost password')
    expect(text.split('\n')).toContain(link)
    expect(text).toContain('for 45 minutes')
  })

  it('escapes &, " and < of the link in the HTML', () => {
    const { html } = passwordResetMail(link, 45)
    expect(html).toContain(
      '<a href="https://hookpost.example/reset-password?token=abc&amp;next=&quot;/x&quot;&lt;y">Choose a new password</a>',
    )
    expect(html).not.toContain(link)
    expect(html).not.toContain('token=abc&next')
    expect(html).toContain('for 45 minutes')
  })

  it('leaves a plain link unchanged in the HTML', () => {
    const plain = 'https://hookpost.example/reset-password?token=abc123'
    expect(passwordResetMail(plain, 60).html).toContain(`href="${plain}"`)
  })
})

describe('verifyEmailMail', () => {
  const link = 'https://hookpost.example/verify-email?token=a.b.c&x=<y>'
  it('asks to confirm the sign-up address, with the link on its own line and escaped in the HTML', () => {
    const { subject, text, html } = verifyEmailMail(link, 24, 'sign-up')
    expect(subject).toBe('Confirm your Hookpost email address')
    expect(text.split('\n')).toContain(link)
    expect(text).toContain('for 24 hours')
    expect(html).toContain('href="https://hookpost.example/verify-email?token=a.b.c&amp;x=&lt;y>"')
  })
  it('says a change of address changes nothing until the link is opened', () => {
    const { subject, text } = verifyEmailMail(link, 24, 'change')
    expect(subject).toBe('Confirm your new Hookpost email address')
    expect(text).toContain('nothing changes until the link is opened')
  })
})

describe('emailChangedMail', () => {
  it('names the new address and where to write, escaped in the HTML', () => {
    const { text, html } = emailChangedMail('new<x>@example.com', 'help@hookpost.app')
    expect(text).toContain('changed to new<x>@example.com')
    expect(text).toContain('write to help@hookpost.app')
    expect(html).toContain('new&lt;x&gt;@example.com')
  })
})
