import nodemailer from 'nodemailer'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html?: string | null
}

/** The mail port: deliver one message or throw. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox'
  deliver(mail: OutgoingMail): Promise<void>
}

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl)
  return {
    kind: 'smtp',
    async deliver(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
      })
    },
  }
}

/** Development: the message is already stored in the outbox table; delivering it means leaving it there to be read. */
export const outboxTransport: MailTransport = {
  kind: 'outbox',
  async deliver() {},
}
