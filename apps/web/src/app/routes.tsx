import { Suspense } from 'react'
import { Navigate, useRoutes, type RouteObject } from 'react-router'
import { PublicLayout } from '../components/layouts/public-layout'
import { paths } from '../config/paths'
import { FullScreenSpinner } from '../components/ui/spinner'
import { GuestOnly } from './guards'
import { lazyPage } from './lazy-page'

const LandingPage = lazyPage(async () => (await import('../features/marketing/landing-page')).LandingPage)
const FeaturesPage = lazyPage(async () => (await import('../features/marketing/features-page')).FeaturesPage)
const PricingPage = lazyPage(async () => (await import('../features/marketing/pricing-page')).PricingPage)
const PrivacyPolicyPage = lazyPage(
  async () => (await import('../features/marketing/privacy-policy-page')).PrivacyPolicyPage,
)
const TermsOfServicePage = lazyPage(
  async () => (await import('../features/marketing/terms-of-service-page')).TermsOfServicePage,
)
const LoginPage = lazyPage(async () => (await import('../features/auth/login-page')).LoginPage)
const RegisterPage = lazyPage(async () => (await import('../features/auth/register-page')).RegisterPage)
const ForgotPasswordPage = lazyPage(
  async () => (await import('../features/auth/forgot-password-page')).ForgotPasswordPage,
)
const ResetPasswordPage = lazyPage(async () => (await import('../features/auth/reset-password-page')).ResetPasswordPage)
const VerifyEmailPage = lazyPage(async () => (await import('../features/auth/verify-email-page')).VerifyEmailPage)
const DummyAccountPage = lazyPage(async () => (await import('../features/tiktok/dummy-account-page')).DummyAccountPage)
const TiktokCallbackRoute = lazyPage(async () => (await import('./routes/tiktok-callback-route')).TiktokCallbackRoute)
const DashboardLayout = lazyPage(async () => (await import('./routes/dashboard/dashboard-layout')).DashboardLayout)
const DashboardHome = lazyPage(async () => (await import('./routes/dashboard/dashboard-home')).DashboardHome)
const ProfileRoute = lazyPage(async () => (await import('./routes/dashboard/profile-route')).ProfileRoute)
const HookDemoRoute = lazyPage(async () => (await import('./routes/dashboard/hook-demo-route')).HookDemoRoute)
const VideosRedirect = lazyPage(async () => (await import('./routes/dashboard/hook-demo-route')).VideosRedirect)

/**
 * Every route of the SPA, in one list for the browser (`AppRoutes` under main.tsx's BrowserRouter) and the build's
 * prerender of the public pages (prerender/public-pages.tsx), so a marketing page has one source of content. Each
 * page is its own chunk: a visitor of / gets the prerendered HTML and no React at all (ADR 056), so the SPA's entry
 * carries only the public layout and what every page needs. Plain route elements, no data router (ADR 060).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PublicLayout />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'features', element: <FeaturesPage /> },
      { path: 'pricing', element: <PricingPage /> },
      { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
      { path: 'terms-of-service', element: <TermsOfServicePage /> },
      {
        path: 'login',
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      {
        path: 'register',
        element: (
          <GuestOnly>
            <RegisterPage />
          </GuestOnly>
        ),
      },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'verify-email', element: <VerifyEmailPage /> },
      { path: 'dummy-account', element: <DummyAccountPage /> },
    ],
  },
  // Outside the public layout (product.md §2); React Router matches it with or without the trailing slash.
  { path: paths.tiktokCallback, element: <TiktokCallbackRoute /> },
  {
    path: '/dashboard',
    element: <DashboardLayout />,
    children: [
      { index: true, element: <DashboardHome /> },
      { path: 'profile', element: <ProfileRoute /> },
      { path: 'hook-demo', element: <HookDemoRoute /> },
    ],
  },
  // The spec's videos library: the Create tab's list of created videos.
  { path: paths.videos, element: <VideosRedirect /> },
  // product.md §2: any unknown path redirects to /.
  { path: '*', element: <Navigate to="/" replace /> },
]

/** The page for the current location. The spinner shows while a first load's page chunk arrives. */
export function AppRoutes() {
  return <Suspense fallback={<FullScreenSpinner />}>{useRoutes(routes)}</Suspense>
}
