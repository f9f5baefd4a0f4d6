import { useId, useState } from 'react'
import type { DashboardTabKey } from '@hookpost/shared/dashboard'
import { ModalCloseButton, ModalDialog } from '../../../components/ui/modal-dialog'
import { DashboardLinks, MenuIcon } from './dashboard-links'

const itemClass = (active: boolean) =>
  `flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700 ${
    active ? 'bg-fuchsia-50 text-fuchsia-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`

/**
 * The dashboard's navigation at 640 px and below (issue 30 item 10): a 'Menu' button in the top bar opens the side
 * menu's links in a drawer along the left edge, so the page keeps the phone's whole width. The drawer is a modal
 * dialog: the page behind is inert (focus stays in the drawer), Escape or × closes it, choosing a link closes it, and
 * focus goes back to the Menu button.
 */
export function NavDrawer({ activeTab }: { activeTab: DashboardTabKey | null }) {
  const [open, setOpen] = useState(false)
  const titleId = useId()
  const close = () => setOpen(false)

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="-ml-1 rounded-md p-2 text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700 min-[641px]:hidden"
      >
        <MenuIcon>
          <path d="M4 6h16M4 12h16M4 18h16" />
        </MenuIcon>
        {/* The three-line icon is the phone's usual sign for a menu; its name is said, not shown, for room. */}
        <span className="sr-only">Menu</span>
      </button>
      {open ? (
        <ModalDialog labelledBy={titleId} onClose={close} placement="start">
          <div className="relative p-4">
            <h2 id={titleId} className="pr-10 text-lg font-semibold text-slate-900">
              Menu
            </h2>
            <ModalCloseButton onClose={close} />
            <nav aria-label="Dashboard" className="mt-4">
              <DashboardLinks activeTab={activeTab} itemClass={itemClass} onNavigate={close} />
            </nav>
          </div>
        </ModalDialog>
      ) : null}
    </>
  )
}
