import { LegalPage, type LegalSection } from './legal-page'

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'overview',
    heading: 'Who we are and what this policy covers',
    body: (
      <>
        <p>
          Hookpost (“Hookpost”, “we”, “us”) is a web app that helps TikTok creators make vertical videos with
          text-overlay hooks, generate hook and content ideas, and schedule or automatically publish posts to their
          TikTok accounts. This policy explains what personal information we collect when you use Hookpost, why we
          collect it, how long we keep it and the choices you have.
        </p>
        <p>
          Hookpost is not intended for children. You must be at least 13 years old, and old enough to hold a TikTok
          account where you live, to use it. We do not knowingly collect information from children.
        </p>
      </>
    ),
  },
  {
    id: 'information-we-collect',
    heading: 'Information we collect',
    body: (
      <>
        <p>We collect only what we need to run the service:</p>
        <ul>
          <li>
            <strong>Account information:</strong> your email address and your password. We never store your password
            itself, only a salted one-way hash of it.
          </li>
          <li>
            <strong>Session data:</strong> a random session identifier that keeps you signed in, when the session
            started and when it expires, and the IP address and browser type it was started from, which we use to keep
            your account secure.
          </li>
          <li>
            <strong>TikTok account data:</strong> when you connect a TikTok account, the access and refresh tokens
            TikTok issues to us (stored encrypted) and basic profile information such as your TikTok display name,
            avatar and account identifier.
          </li>
          <li>
            <strong>Your content:</strong> the videos and other media you upload, the videos we render for you, and the
            hooks, captions, schedules and posting windows you set up.
          </li>
          <li>
            <strong>AI prompts and results:</strong> the topics, instructions and other text you enter into the AI hook
            and content-idea tools, and the suggestions generated in response.
          </li>
          <li>
            <strong>Settings and support:</strong> preferences such as your time zone and plan, and any messages you
            send us.
          </li>
        </ul>
        <p>We do not ask for, and do not want, payment card details during the free trial.</p>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    heading: 'How we use your information',
    body: (
      <>
        <p>We use your information to:</p>
        <ul>
          <li>create and secure your account, sign you in and keep you signed in;</li>
          <li>store, process and render your videos, and publish them to TikTok when and how you tell us to;</li>
          <li>run your schedules and automations, and show you the status of each post;</li>
          <li>generate hooks and content ideas when you ask for them;</li>
          <li>send you service emails, such as sign-in, verification or password-reset messages;</li>
          <li>answer your questions, prevent abuse, fix problems and keep the service reliable;</li>
          <li>meet our legal obligations.</li>
        </ul>
        <p>
          We do not sell your personal information, we do not use it for advertising, and we do not use your videos or
          prompts to train AI models.
        </p>
      </>
    ),
  },
  {
    id: 'tiktok-data',
    heading: 'TikTok data',
    body: (
      <>
        <p>
          Hookpost connects to TikTok only through TikTok’s official login and APIs, and uses the data it receives in
          line with TikTok’s developer terms and policies. We request only the permissions needed to identify the
          account you connected and to publish the content you choose, and we use your TikTok tokens only to act on your
          instructions: posting a video you scheduled, or running an automation you switched on.
        </p>
        <p>
          You can disconnect a TikTok account in Hookpost at any time, which deletes the tokens we hold for it. You can
          also revoke Hookpost’s access from your TikTok app settings. Content you publish to TikTok is then governed by
          TikTok’s own terms and privacy policy.
        </p>
      </>
    ),
  },
  {
    id: 'ai-features',
    heading: 'AI features',
    body: (
      <>
        <p>
          By default, hooks and content ideas are produced by a built-in generator that runs on our own servers, so your
          prompts are not sent to any outside AI service.
        </p>
        <p>
          If Hookpost is set up to use an external OpenAI-compatible model, the text of your prompt is sent to that
          model’s provider to produce a response and is handled under that provider’s terms. Only the prompt text is
          sent: never your password, your TikTok tokens or your videos.
        </p>
      </>
    ),
  },
  {
    id: 'storage-and-security',
    heading: 'Where your data is stored and how it is protected',
    body: (
      <>
        <p>
          Your data is stored in our database and file storage on servers run by us or by our hosting providers, which
          may be located outside your country. Wherever it is stored, it is protected as described in this policy.
        </p>
        <ul>
          <li>Connections to Hookpost are encrypted in transit (HTTPS).</li>
          <li>TikTok access and refresh tokens are encrypted at rest.</li>
          <li>Passwords are stored only as salted one-way hashes.</li>
          <li>Access to production systems is limited to the people who need it to run the service.</li>
        </ul>
        <p>
          No system is perfectly secure. If we learn of a security incident that affects your personal information, we
          will let you know as required by law.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    heading: 'Who we share it with',
    body: (
      <>
        <p>We share personal information only:</p>
        <ul>
          <li>with TikTok, when you connect an account or we publish content at your instruction;</li>
          <li>
            with service providers that help us run Hookpost, such as hosting, storage and email delivery, who may use
            it only to provide their service to us;
          </li>
          <li>with an external AI model provider, if one is used, as described above;</li>
          <li>when required by law, or to protect the rights, safety and security of our users and the service;</li>
          <li>
            with a successor organisation if Hookpost is merged, acquired or sold, in which case this policy continues
            to apply to your information.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'retention-and-deletion',
    heading: 'Retention and deletion',
    body: (
      <>
        <p>
          We keep your information for as long as your account is open. Uploaded and rendered videos are kept until you
          delete them or your account. Disconnecting a TikTok account deletes its tokens straight away. Sessions end
          when you sign out or when they expire.
        </p>
        <p>
          When your account is deleted, we delete your personal information and content from our active systems within
          30 days. Copies may remain in backups for a limited time until those backups are overwritten, and we may keep
          a small amount of information where the law requires it. Videos already published to TikTok stay on TikTok
          until you delete them there.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    heading: 'Cookies',
    body: (
      <p>
        Hookpost uses only essential cookies: a session cookie that keeps you signed in (and, if you choose not to stay
        signed in, a small cookie that records that choice). They are set when you sign in and are cleared when you sign
        out or the session expires. We do not use advertising cookies, cross-site trackers or tracking pixels, so there
        is nothing to opt out of.
      </p>
    ),
  },
  {
    id: 'your-rights',
    heading: 'Your rights and choices',
    body: (
      <>
        <p>
          Depending on where you live, you may have the right to access, correct, export or delete your personal
          information, and to object to or restrict how we use it. Some of this you can do yourself in the app, for
          example by changing your settings or disconnecting TikTok accounts.
        </p>
        <p>
          For anything else, contact us (see below) and we will respond within the time required by law. You also have
          the right to complain to your local data protection authority.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to this policy',
    body: (
      <p>
        We may update this policy as Hookpost changes. We will post the new version on this page and update the “Last
        updated” date above, and if a change is significant we will also tell you by email or in the app before it takes
        effect.
      </p>
    ),
  },
  {
    id: 'contact',
    heading: 'Contact us',
    body: (
      <p>
        Questions about this policy or your personal information? Contact us at the support address shown in the footer
        of every page.
      </p>
    ),
  },
]

export function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      lastUpdatedIso="2026-11-22"
      lastUpdatedLabel="November 22, 2026"
      intro={
        <p>
          Your privacy matters to us. This policy is written to be read: in short, we collect what we need to make and
          post your videos, we keep your TikTok tokens encrypted, we use a session cookie and no advertising trackers,
          and we never sell your data.
        </p>
      }
      sections={SECTIONS}
    />
  )
}
