import { TRIAL_DAYS } from '@hookpost/shared/plans'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { OutlineIcon } from './components/icons'
import {
  containerClass,
  invertedPrimaryButtonClass,
  invertedSecondaryButtonClass,
  primaryButtonClass,
  secondaryButtonClass,
} from './marketing-styles'
import { useDocumentTitle } from './use-document-title'

interface Benefit {
  title: string
  body: string
  icon: ReactNode
}

const BENEFITS: readonly Benefit[] = [
  {
    title: 'Smart Scheduling',
    body: 'Place videos on a calendar in your own time zone and Hookpost publishes them to TikTok for you. Every post shows its live status, so you always know what went out and what is next.',
    icon: (
      <OutlineIcon>
        <rect x="3" y="5" width="18" height="16" rx="2" />
        <path d="M3 10h18M8 3v4M16 3v4M8 14h3v3H8z" />
      </OutlineIcon>
    ),
  },
  {
    title: 'Performance Analytics',
    body: 'See at a glance what has been posted, what is queued and what needs your attention, across every connected account, instead of piecing it together by hand.',
    icon: (
      <OutlineIcon>
        <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
      </OutlineIcon>
    ),
  },
  {
    title: 'Automation Tools',
    body: 'Set a posting window and let automation publish every day at a random time inside it. Write hooks and content ideas with built-in AI so the queue never runs dry.',
    icon: (
      <OutlineIcon>
        <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8z" />
      </OutlineIcon>
    ),
  },
]

const STEPS: readonly { title: string; body: string }[] = [
  {
    title: 'Connect Your Account',
    body: 'Sign in with TikTok and allow Hookpost to post on your behalf. You can disconnect at any time.',
  },
  {
    title: 'Upload Your Content',
    body: 'Upload your clips, add a text-overlay hook (your own or an AI suggestion) and render a TikTok-ready vertical video.',
  },
  {
    title: 'Sit Back and Relax',
    body: 'Pick a date and time or switch on automation. Hookpost posts for you and shows the status of every post.',
  },
]

const TESTIMONIALS: readonly { quote: string; name: string; role: string }[] = [
  {
    quote: 'I used to film on Sunday and forget to post by Wednesday. Now the whole week is queued up before lunch.',
    name: 'Maya Torres',
    role: 'Lifestyle creator',
  },
  {
    quote:
      'The hook ideas get me unstuck. I tweak one, put it over my product demo, and the video is ready to schedule.',
    name: 'Jordan Okafor',
    role: 'Founder of a small skincare brand',
  },
  {
    quote: 'Automation posts inside my window every day, so my account stays active even when I am travelling.',
    name: 'Priya Raman',
    role: 'Travel creator',
  },
]

export function LandingPage() {
  useDocumentTitle('Hookpost — Schedule Your TikTok Content with Confidence')

  return (
    <div className="overflow-x-hidden bg-white text-slate-900">
      {/* Hero */}
      <section className="bg-linear-to-b from-fuchsia-50 via-violet-50 to-white">
        <div className={`${containerClass} grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-2`}>
          <div className="min-w-0">
            <p className="text-sm font-semibold tracking-wide text-fuchsia-700 uppercase">For TikTok creators</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight break-words text-slate-900 sm:text-5xl lg:text-6xl">
              Schedule Your TikTok Content with Confidence
            </h1>
            <p className="mt-6 max-w-xl text-lg text-slate-700">
              Turn your clips into scroll-stopping vertical videos with text-overlay hooks, plan them on a calendar, and
              let Hookpost post to TikTok for you, so you stay consistent without living in the app.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/register" className={primaryButtonClass}>
                Start Free Trial
              </Link>
              <Link to="/features" className={secondaryButtonClass}>
                Learn More
              </Link>
            </div>
            <p className="mt-4 text-sm text-slate-600">{TRIAL_DAYS}-day free trial, no credit card required.</p>
          </div>
          <HeroPreview />
        </div>
      </section>

      {/* Why choose Hookpost */}
      <section aria-labelledby="why-heading" className="py-16 sm:py-24">
        <div className={containerClass}>
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="why-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              Why Choose Hookpost
            </h2>
            <p className="mt-4 text-lg text-slate-700">
              Everything you need to go from raw clip to published post, in one place.
            </p>
          </div>
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {BENEFITS.map((benefit) => (
              <li key={benefit.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-violet-100 text-violet-700">
                  {benefit.icon}
                </span>
                <h3 className="mt-4 text-xl font-semibold">{benefit.title}</h3>
                <p className="mt-2 break-words text-slate-700">{benefit.body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* How it works */}
      <section aria-labelledby="how-heading" className="bg-slate-50 py-16 sm:py-24">
        <div className={containerClass}>
          <h2 id="how-heading" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
            How It Works
          </h2>
          <ol className="mt-12 grid gap-8 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-4 md:flex-col">
                <span
                  aria-hidden="true"
                  className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-linear-to-br from-fuchsia-700 to-violet-700 font-bold text-white"
                >
                  {index + 1}
                </span>
                <div className="min-w-0">
                  <h3 className="text-xl font-semibold">{step.title}</h3>
                  <p className="mt-2 break-words text-slate-700">{step.body}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {/* Testimonials */}
      <section aria-labelledby="testimonials-heading" className="py-16 sm:py-24">
        <div className={containerClass}>
          <h2 id="testimonials-heading" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
            What Creators Say
          </h2>
          <div className="mt-12 grid gap-6 md:grid-cols-3">
            {TESTIMONIALS.map((t) => (
              <figure key={t.name} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <blockquote className="flex-1 break-words text-slate-800">
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-fuchsia-100 font-semibold text-fuchsia-800"
                  >
                    {t.name.charAt(0)}
                  </span>
                  <span className="min-w-0">
                    <span className="block font-semibold text-slate-900">{t.name}</span>
                    <span className="block text-sm text-slate-600">{t.role}</span>
                  </span>
                </figcaption>
              </figure>
            ))}
          </div>
        </div>
      </section>

      {/* Closing call to action */}
      <section aria-labelledby="cta-heading" className="pb-16 sm:pb-24">
        <div className={containerClass}>
          <div className="rounded-3xl bg-linear-to-br from-fuchsia-700 to-violet-800 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
            <h2 id="cta-heading" className="text-3xl font-bold tracking-tight break-words sm:text-4xl">
              Ready to Post Consistently?
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-violet-50">Try Hookpost free. No credit card required.</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Link to="/register" className={invertedPrimaryButtonClass}>
                Start Your Free Trial
              </Link>
              <Link to="/pricing" className={invertedSecondaryButtonClass}>
                View Pricing
              </Link>
            </div>
          </div>
        </div>
      </section>
    </div>
  )
}

/** Decorative phone mock-up showing a video with a text-overlay hook. */
function HeroPreview() {
  return (
    <div aria-hidden="true" className="flex justify-center lg:justify-end">
      <div className="relative w-56 sm:w-64">
        <div className="absolute -inset-4 rounded-[2.5rem] bg-linear-to-br from-fuchsia-300/50 to-violet-300/50 blur-2xl" />
        <div className="relative aspect-[9/16] overflow-hidden rounded-[2rem] border-8 border-slate-900 bg-linear-to-b from-violet-500 via-fuchsia-500 to-orange-300 shadow-xl">
          <div className="absolute inset-x-4 top-1/4 rounded-lg bg-white px-3 py-2 text-center text-sm font-extrabold text-slate-900 shadow">
            3 mistakes every new creator makes
          </div>
          <div className="absolute inset-x-4 bottom-6 space-y-2">
            <div className="h-2 w-3/4 rounded-full bg-white/80" />
            <div className="h-2 w-1/2 rounded-full bg-white/60" />
          </div>
        </div>
        <div className="absolute -bottom-4 -left-4 rounded-xl bg-white px-3 py-2 text-xs font-semibold text-slate-800 shadow-lg ring-1 ring-slate-200">
          <span className="mr-1 inline-block h-2 w-2 rounded-full bg-emerald-500" />
          Scheduled · Tomorrow 6:30 PM
        </div>
      </div>
    </div>
  )
}
