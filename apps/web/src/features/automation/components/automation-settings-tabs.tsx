import type { ReactNode } from 'react'
import { TabList, tabIds } from '../../../components/ui/tab-list'
import {
  AUTOMATION_TABS,
  problemCount,
  type AutomationForm,
  type AutomationTab,
  type FieldKey,
  type FormChange,
  type Problem,
} from '../utils/form'
import { AccountChoice, type AccountChoices } from './account-choice'
import { AdvancedSettings } from './advanced-settings'
import { formatUsesSlideshows, formatUsesVideos } from '@hookpost/shared/automation'
import { ContentSettings } from './content-settings'
import { PostFormat } from './post-format'
import { ScheduleSettings } from './schedule-settings'
import { SlideshowImageSelection, type ImageChoices } from './slideshow-image-selection'
import { VideoSelection, type LibraryChoices } from './video-selection'

/**
 * The account automation posts to, above the four sub-tabs (product.md §2 Automation tab) so it shows on each; the
 * sub-tabs, each named with how many problems it has, and their panels: every panel stays rendered (hidden when not
 * chosen), so switching tabs keeps every edit.
 */
export function AutomationSettingsTabs({
  baseId,
  tab,
  onSelect,
  problems,
  disabled,
  form,
  errors,
  timeZone,
  library,
  images,
  accounts,
  noAccounts,
  onChange,
}: {
  baseId: string
  tab: AutomationTab
  onSelect: (tab: AutomationTab) => void
  problems: readonly Problem[]
  /** While saving. */
  disabled: boolean
  form: AutomationForm
  errors: Partial<Record<FieldKey, string>>
  timeZone: string
  library: LibraryChoices
  images: ImageChoices
  accounts: AccountChoices
  noAccounts: ReactNode
  onChange: FormChange
}) {
  const tabs = AUTOMATION_TABS.map((t) => {
    const count = problemCount(problems, t.key)
    return {
      key: t.key,
      label: t.label,
      // 'Schedule Settings 1 problem': a count to see, words to hear.
      extra:
        count > 0 ? (
          <>
            {' '}
            <span className="ml-1 inline-flex min-w-5 items-center justify-center rounded-full bg-red-100 px-1 text-xs font-semibold text-red-800">
              {count}
              <span className="sr-only"> {count === 1 ? 'problem' : 'problems'}</span>
            </span>
          </>
        ) : null,
    }
  })

  return (
    <div>
      <fieldset disabled={disabled} className="mb-4 min-w-0">
        <legend className="sr-only">Account</legend>
        <AccountChoice
          accountId={form.accountId}
          error={errors.accountId}
          accounts={accounts}
          noAccounts={noAccounts}
          onChange={(accountId) => onChange({ accountId })}
        />
      </fieldset>
      {/* Four tabs do not fit a phone's width in one row: they wrap instead of overflowing. */}
      <div className="[&_[role=tablist]]:flex-wrap">
        <TabList label="Automation settings" baseId={baseId} tabs={tabs} selected={tab} onSelect={onSelect} />
      </div>
      <fieldset disabled={disabled} className="mt-4 min-w-0">
        {AUTOMATION_TABS.map((t) => {
          const ids = tabIds(baseId, t.key)
          return (
            <div
              key={t.key}
              role="tabpanel"
              id={ids.panelId}
              aria-labelledby={ids.tabId}
              hidden={tab !== t.key}
              tabIndex={-1}
              className="focus:outline-none"
            >
              {t.key === 'content' ? (
                <ContentSettings form={form} errors={errors} onChange={onChange} />
              ) : t.key === 'schedule' ? (
                <ScheduleSettings form={form} errors={errors} timeZone={timeZone} onChange={onChange} />
              ) : t.key === 'videos' ? (
                <div className="space-y-6">
                  <PostFormat form={form} errors={errors} onChange={onChange} />
                  {/* A choice the format does not use is kept (hidden) for when it is chosen again. */}
                  {formatUsesVideos(form.format) ? (
                    <VideoSelection
                      library={library}
                      selected={form.videoIds}
                      error={errors.videoIds}
                      onChange={(videoIds) => onChange({ videoIds })}
                    />
                  ) : null}
                  {formatUsesSlideshows(form.format) ? (
                    <SlideshowImageSelection
                      images={images}
                      selected={form.slideshowImageIds}
                      slidesPerShow={form.slidesPerPost + 2}
                      error={errors.slideshowImageIds}
                      onChange={(slideshowImageIds) => onChange({ slideshowImageIds })}
                    />
                  ) : null}
                </div>
              ) : (
                <AdvancedSettings form={form} errors={errors} onChange={onChange} />
              )}
            </div>
          )
        })}
      </fieldset>
    </div>
  )
}
