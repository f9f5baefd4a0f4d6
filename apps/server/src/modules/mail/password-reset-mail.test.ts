import { describe, expect, it } from 'vitest'
import { passwordResetMail } from './password-reset-mail'

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
