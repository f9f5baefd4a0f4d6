import { Suspense } from 'react'
import { Link, NavLink, Outlet, useLocation } from 'react-router'
import { paths } from '../../config/paths'
import { useAppInfo } from '../../lib/app-info'
import type { LeftAppState } from '../../lib/auth'
import { MessageBanner } from '../ui/message-banner'
import { Logo } from '../ui/logo'
import { Spinner } from '../ui/spinner'
import { useScrollRestoration } from './use-scroll-restoration'

const navLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700 ${
    isActive ? 'text-fuchsia-700' : 'text-slate-700 hover:text-slate-900'
  }`

const footerLink =
  'rounded-sm text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700'

/** product.md §2 public layout: top bar (Features, Pricing, Log in, Sign up) and footer. Every footer link goes somewhere real. */
export function PublicLayout() {
  useScrollRestoration()
  const appInfo = useAppInfo()
  const supportEmail = appInfo.data?.supportEmail
  // What the signed-in app said on the way out (e.g. the account was deleted).
  const notice = (useLocation().state as LeftAppState | null)?.notice
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <Logo to={paths.home} />
          <nav aria-label="Main" className="flex flex-wrap items-center gap-x-2 gap-y-1 sm:gap-x-4">
            <NavLink to={paths.features} className={navLink}>
              Features
            </NavLink>
            <NavLink to={paths.pricing} className={navLink}>
              Pricing
            </NavLink>
            <NavLink to={paths.login} className={navLink}>
              Log in
            </NavLink>
            <Link
              to={paths.register}
              className="rounded-md bg-fuchsia-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-fuchsia-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700"
            >
              Sign up
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" className="flex-1">
        {notice ? (
          <div className="mx-auto max-w-6xl px-4 pt-4">
            <MessageBanner tone="success">{notice}</MessageBanner>
          </div>
        ) : null}
        <Suspense
          fallback={
            <div className="flex justify-center py-24">
              <Spinner />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
          <div>
            <p className="font-semibold text-slate-900">Hookpost</p>
            <p className="mt-2 text-sm text-slate-600">Hooks, videos and a posting schedule for TikTok creators.</p>
          </div>
          <nav aria-label="Product">
            <h2 className="text-sm font-semibold text-slate-900">Product</h2>
            <ul className="mt-2 space-y-2">
              <li>
                <Link className={footerLink} to={paths.features}>
                  Features
                </Link>
              </li>
              <li>
                <Link className={footerLink} to={paths.pricing}>
                  Pricing
                </Link>
              </li>
              <li>
                {/* The API reference is served by the server, outside the SPA: a full page load. */}
                <a className={footerLink} href={paths.apiDocs}>
                  API Documentation
                </a>
              </li>
            </ul>
          </nav>
          <nav aria-label="Company">
            <h2 className="text-sm font-semibold text-slate-900">Company</h2>
            {/* The prerendered pages have no React: their script adds the contact line here (ADR 056). */}
            <ul className="mt-2 space-y-2" data-contact-list="">
              <li>
                <Link className={footerLink} to={paths.privacy}>
                  Privacy Policy
                </Link>
              </li>
              <li>
                <Link className={footerLink} to={paths.terms}>
                  Terms of Service
                </Link>
              </li>
              {supportEmail ? (
                <li>
                  <a className={footerLink} href={`mailto:${supportEmail}`}>
                    Contact: {supportEmail}
                  </a>
                </li>
              ) : null}
            </ul>
          </nav>
        </div>
        <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-600">
          {/* The prerendered pages' script (ADR 056) sets this year in the browser: the build's year goes stale. */}©{' '}
          <span data-current-year="">{new Date().getFullYear()}</span> Hookpost. All rights reserved.
        </p>
      </footer>
    </div>
  )
}
