import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { TRIAL_DAYS } from '@hookpost/shared/plans'
import { CheckList, OutlineIcon } from './components/icons'
import { containerClass, primaryButtonClass } from './marketing-styles'
import { useDocumentTitle } from './use-document-title'

interface Feature {
  id: string
  title: string
  summary: string
  points: readonly string[]
  icon: ReactNode
}

const FEATURES: readonly Feature[] = [
  {
    id: 'accounts',
    title: 'Connect your TikTok accounts',
    summary:
      'Link your TikTok accounts through TikTok’s own sign-in, so Hookpost can publish on your behalf without ever seeing your TikTok password.',
    points: [
      'Official TikTok login and permissions: you approve exactly what Hookpost may do.',
      'Access tokens are stored encrypted on our servers.',
      'Connect more than one account, depending on your plan.',
      'Disconnect an account at any time from Hookpost or from your TikTok settings.',
    ],
    icon: (
      <OutlineIcon>
        <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1" />
        <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1" />
      </OutlineIcon>
    ),
  },
  {
    id: 'calendar',
    title: 'Scheduling calendar with live status',
    summary:
      'Plan your posts on a calendar shown in your own time zone, and see what is happening to each one as it happens.',
    points: [
      'Pick a date and time for each video and Hookpost publishes it for you.',
      'Every post shows its live status, from scheduled to posted, and flags anything that needs your attention.',
      'See your week at a glance instead of juggling reminders and drafts.',
    ],
    icon: (
      <OutlineIcon>
        <rect x="3" y="5" width="18" height="16" rx="2" />
        <path d="M3 10h18M8 3v4M16 3v4" />
        <path d="m9 15 2 2 4-4" />
      </OutlineIcon>
    ),
  },
  {
    id: 'studio',
    title: 'Video studio',
    summary: 'Make vertical videos built around a strong opening line: the text-overlay “hook” that stops the scroll.',
    points: [
      'Add text-overlay hooks on top of your vertical video.',
      'Combine a short hook clip with a product demo into a single video.',
      'Videos are rendered on our servers into TikTok-ready MP4 files, so your phone or laptop does not do the heavy lifting.',
    ],
    icon: (
      <OutlineIcon>
        <rect x="6" y="2" width="12" height="20" rx="2" />
        <path d="M9 7h6M10 15l4-2.5-4-2.5z" />
      </OutlineIcon>
    ),
  },
  {
    id: 'queue',
    title: 'Posting queue and batch scheduling',
    summary: 'Fill a week in minutes: drop videos into an account’s queue, or schedule many at once.',
    points: [
      'Set posting slots per account once; each video added to the queue takes the next free slot.',
      'Reorder, pause and resume the queue, and see the time each post will go out.',
      'Schedule a batch of videos in one go, or from a CSV file with a row per post.',
    ],
    icon: (
      <OutlineIcon>
        <path d="M4 6h16M4 12h16M4 18h10" />
        <path d="m17 16 2 2 3-3" />
      </OutlineIcon>
    ),
  },
  {
    id: 'slideshows',
    title: 'Photo slideshows and TikTok drafts',
    summary: 'Post the formats that win for hooks: swipeable photo carousels, and drafts you finish in TikTok.',
    points: [
      'Build a slideshow of up to 35 slides with a hook on the first, or let the AI writer draft one.',
      'Send a video to your TikTok inbox as a draft, then add a trending sound in the TikTok app and post it.',
      'Export a slideshow as a video for places that want one.',
    ],
    icon: (
      <OutlineIcon>
        <rect x="3" y="6" width="12" height="14" rx="2" />
        <path d="M7 3h12a2 2 0 0 1 2 2v12" />
        <path d="m6 17 3-3 2 2 2-2" />
      </OutlineIcon>
    ),
  },
  {
    id: 'analytics',
    title: 'Analytics that show which hooks win',
    summary: 'See how every post Hookpost published is doing, and learn what to make next.',
    points: [
      'Views, likes, comments and shares per account and period, with growth against the period before.',
      'A hook leaderboard that ranks your opening lines by how they performed.',
      'The best times to post for your audience, and a CSV download of your figures.',
    ],
    icon: (
      <OutlineIcon>
        <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
      </OutlineIcon>
    ),
  },
  {
    id: 'ai',
    title: 'AI hooks and content ideas',
    summary: 'Get unstuck with suggested hooks and ideas for your next videos, then edit them to sound like you.',
    points: [
      'Generate hook lines and content ideas for your niche.',
      'Works offline by default, with a built-in generator that needs no external AI service or API key.',
      'Prefer a large language model? Hookpost can use any OpenAI-compatible model instead.',
    ],
    icon: (
      <OutlineIcon>
        <path d="M12 3v3M12 18v3M3 12h3M18 12h3M5.6 5.6l2.1 2.1M16.3 16.3l2.1 2.1M5.6 18.4l2.1-2.1M16.3 7.7l2.1-2.1" />
        <circle cx="12" cy="12" r="3" />
      </OutlineIcon>
    ),
  },
  {
    id: 'automation',
    title: 'Automation that posts daily',
    summary: 'Keep your account active without thinking about it. Set it up once and let it run.',
    points: [
      'Choose a daily posting window that suits your audience.',
      'Hookpost posts every day at a random time within your posting window, for a natural rhythm.',
    ],
    icon: (
      <OutlineIcon>
        <path d="M21 12a9 9 0 1 1-3-6.7" />
        <path d="M21 3v6h-6M12 7v5l3 2" />
      </OutlineIcon>
    ),
  },
]

export function FeaturesPage() {
  useDocumentTitle('Features · Hookpost')

  return (
    <div className="bg-white text-slate-900">
      <section className="bg-linear-to-b from-fuchsia-50 via-violet-50 to-white">
        <div className={`${containerClass} py-16 text-center sm:py-20`}>
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Features</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg break-words text-slate-700">
            Hookpost helps TikTok creators make vertical videos with attention-grabbing hooks, schedule them on a
            calendar, and post them automatically. Here is what it does today.
          </p>
        </div>
      </section>

      <div className={`${containerClass} pb-16 sm:pb-24`}>
        <div className="grid gap-6 md:grid-cols-2">
          {FEATURES.map((feature) => (
            <section
              key={feature.id}
              aria-labelledby={`feature-${feature.id}`}
              className="min-w-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
            >
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-violet-100 text-violet-700">
                {feature.icon}
              </span>
              <h2 id={`feature-${feature.id}`} className="mt-4 text-2xl font-semibold break-words">
                {feature.title}
              </h2>
              <p className="mt-2 break-words text-slate-700">{feature.summary}</p>
              <CheckList items={feature.points} className="mt-4 space-y-2" />
            </section>
          ))}
        </div>

        <section
          aria-labelledby="features-cta-heading"
          className="mt-16 rounded-3xl bg-violet-50 px-6 py-12 text-center ring-1 ring-violet-100 sm:px-12"
        >
          <h2 id="features-cta-heading" className="text-3xl font-bold tracking-tight break-words">
            See it with your own videos
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-slate-700">
            {TRIAL_DAYS}-day free trial, no credit card required.
          </p>
          <div className="mt-8 flex justify-center">
            <Link to="/register" className={primaryButtonClass}>
              Start Free Trial
            </Link>
          </div>
        </section>
      </div>
    </div>
  )
}
