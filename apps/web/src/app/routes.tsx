import { Navigate, type RouteObject } from 'react-router'
import { PublicLayout } from '../components/layouts/public-layout'
import { paths } from '../config/paths'
import { FullScreenSpinner } from '../components/ui/spinner'
import { GuestOnly } from './guards'

/**
 * Every route of the SPA, in one list for both the browser's router (router.tsx) and the build's prerender of the
 * public pages (prerender/public-pages.tsx), so a marketing page has one source of content. Each page is its own
 * chunk: a visitor of / gets the prerendered HTML and no React at all (ADR 056), so the SPA's entry carries only the
 * public layout and what every page needs.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PublicLayout />,
    // What shows while a lazy page of the first load arrives; without one React Router warns on every first load of a
    // lazy page (issue 21: no React Router warnings in the console).
    HydrateFallback: FullScreenSpinner,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('../features/marketing/landing-page')).LandingPage }),
      },
      {
        path: 'features',
        lazy: async () => ({ Component: (await import('../features/marketing/features-page')).FeaturesPage }),
      },
      {
        path: 'pricing',
        lazy: async () => ({ Component: (await import('../features/marketing/pricing-page')).PricingPage }),
      },
      {
        path: 'privacy-policy',
        lazy: async () => ({
          Component: (await import('../features/marketing/privacy-policy-page')).PrivacyPolicyPage,
        }),
      },
      {
        path: 'terms-of-service',
        lazy: async () => ({
          Component: (await import('../features/marketing/terms-of-service-page')).TermsOfServicePage,
        }),
      },
      {
        path: 'login',
        lazy: async () => {
          const { LoginPage } = await import('../features/auth/login-page')
          return {
            Component: () => (
              <GuestOnly>
                <LoginPage />
              </GuestOnly>
            ),
          }
        },
      },
      {
        path: 'register',
        lazy: async () => {
          const { RegisterPage } = await import('../features/auth/register-page')
          return {
            Component: () => (
              <GuestOnly>
                <RegisterPage />
              </GuestOnly>
            ),
          }
        },
      },
      {
        path: 'forgot-password',
        lazy: async () => ({ Component: (await import('../features/auth/forgot-password-page')).ForgotPasswordPage }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({ Component: (await import('../features/auth/reset-password-page')).ResetPasswordPage }),
      },
      {
        path: 'verify-email',
        lazy: async () => ({ Component: (await import('../features/auth/verify-email-page')).VerifyEmailPage }),
      },
      {
        path: 'dummy-account',
        lazy: async () => ({ Component: (await import('../features/tiktok/dummy-account-page')).DummyAccountPage }),
      },
    ],
  },
  {
    // Outside the public layout (product.md §2); React Router matches it with or without the trailing slash.
    path: paths.tiktokCallback,
    HydrateFallback: FullScreenSpinner,
    lazy: async () => ({ Component: (await import('./routes/tiktok-callback-route')).TiktokCallbackRoute }),
  },
  {
    path: '/dashboard',
    HydrateFallback: FullScreenSpinner,
    lazy: async () => ({ Component: (await import('./routes/dashboard/dashboard-layout')).DashboardLayout }),
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./routes/dashboard/dashboard-home')).DashboardHome }),
      },
      {
        path: 'profile',
        lazy: async () => ({ Component: (await import('./routes/dashboard/profile-route')).ProfileRoute }),
      },
      {
        path: 'hook-demo',
        lazy: async () => ({ Component: (await import('./routes/dashboard/hook-demo-route')).HookDemoRoute }),
      },
    ],
  },
  {
    // The spec's videos library: the Create tab's list of created videos.
    path: paths.videos,
    HydrateFallback: FullScreenSpinner,
    lazy: async () => ({ Component: (await import('./routes/dashboard/hook-demo-route')).VideosRedirect }),
  },
  // product.md §2: any unknown path redirects to /.
  { path: '*', element: <Navigate to="/" replace /> },
]
