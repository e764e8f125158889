import { Link } from 'react-router'
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { AGENCIES_MENU, DEVELOPERS_LINK, HOTELS_LINK, offerTypeMenus, SERVICES_LINK } from '~/lib/nav'
import { ChevronDownIcon, CloseIcon, HeartIcon, MenuIcon, PlusIcon, UserIcon } from '../icons'
import { menuLinks } from '~/lib/account-nav'
import { useAuth } from '~/lib/auth'
import { useOpenOnMount } from '../lazy-part'
import { UserAvatar } from '../user-avatar'
import { iconButton, primaryButton } from './styles'

const rowLink = 'flex min-h-11 items-center rounded-lg px-3 text-[15px] text-slate-800 hover:bg-accent-50 hover:text-accent-700'
const sectionSummary =
  'flex min-h-12 cursor-pointer list-none items-center justify-between rounded-lg px-3 text-sm font-semibold uppercase tracking-[0.06em] text-slate-800 hover:bg-slate-50 [&::-webkit-details-marker]:hidden'



/**
 * Below 1024 px the menu row moves into a full-height side panel: a react-aria modal dialog, so focus is trapped,
 * Esc and a click outside close it, and focus returns to the hamburger. Loaded on demand by <MobileMenu/>.
 */
export function MobileMenuPanel({ initialOpen = false }: { initialOpen?: boolean }) {
  const menus = offerTypeMenus()
  const { user, logout } = useAuth()
  const { trigger, isOpen, setOpen } = useOpenOnMount<HTMLButtonElement>(initialOpen)
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button ref={trigger} aria-label="Otwórz menu" className={`${iconButton} -ml-2 lg:hidden`}>
        <MenuIcon size={24} />
      </Button>
      <ModalOverlay
        isDismissable
        className="fixed inset-0 z-50 bg-slate-900/40 data-[entering]:animate-[fade-in_150ms_ease-out] lg:hidden"
      >
        <Modal className="fixed inset-y-0 left-0 flex h-dvh w-[min(360px,88vw)] flex-col bg-white shadow-2xl outline-none">
          <Dialog aria-labelledby="mobile-menu-title" className="flex min-h-0 flex-1 flex-col outline-none">
            {({ close }) => (
              <>
                <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
                  <Heading id="mobile-menu-title" slot="title" className="text-lg font-bold text-slate-900">
                    Menu
                  </Heading>
                  <Button aria-label="Zamknij menu" onPress={close} className={`${iconButton} -mr-2`}>
                    <CloseIcon size={22} />
                  </Button>
                </div>
                <nav aria-label="Menu mobilne" className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-2 py-3">
                  <Link to="/dodaj-ogloszenie" onClick={close} className={`${primaryButton} mx-1 mb-3 flex w-[calc(100%-8px)]`}>
                    <PlusIcon size={18} />
                    Dodaj ogłoszenie
                  </Link>
                  <ul>
                    {[...menus, AGENCIES_MENU].map((m) => (
                      <li key={m.label}>
                        <details className="group">
                          <summary className={sectionSummary}>
                            {m.label}
                            <ChevronDownIcon size={18} className="text-slate-500 transition-transform group-open:rotate-180" />
                          </summary>
                          <ul className="mb-2 ml-3 border-l border-slate-200 pl-2">
                            {m.links.map((l) => (
                              <li key={l.to}>
                                <Link to={l.to} onClick={close} className={rowLink}>
                                  {l.label}
                                </Link>
                              </li>
                            ))}
                          </ul>
                        </details>
                      </li>
                    ))}
                    {[HOTELS_LINK, DEVELOPERS_LINK, SERVICES_LINK].map((l) => (
                      <li key={l.to}>
                        <Link to={l.to} onClick={close} className={`${sectionSummary} hover:text-accent-700`}>
                          {l.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                  <ul className="mt-3 border-t border-slate-200 pt-3">
                    <li>
                      <Link to="/ulubione" onClick={close} className={`${rowLink} gap-3`}>
                        <HeartIcon size={20} className="text-slate-500" /> Ulubione
                      </Link>
                    </li>
                    {user ? (
                      <>
                        <li className="flex items-center gap-3 px-3 py-2">
                          <UserAvatar user={user} size={28} />
                          <span className="min-w-0 truncate text-[15px] font-semibold text-slate-900">{user.name}</span>
                        </li>
                        {/* Favourites already has its heart row above (for guests too): not twice. */}
                        {menuLinks(user).filter((l) => l.id !== 'favourites').map((l) => (
                          <li key={l.id}>
                            <Link to={l.to} onClick={close} className={`${rowLink} pl-[52px]`}>
                              {l.menuLabel}
                            </Link>
                          </li>
                        ))}
                        <li>
                          <button
                            type="button"
                            onClick={() => {
                              close()
                              void logout()
                            }}
                            className={`${rowLink} w-full cursor-pointer pl-[52px] text-left`}
                          >
                            Wyloguj
                          </button>
                        </li>
                      </>
                    ) : (
                      <>
                        <li>
                          <Link to="/auth" onClick={close} className={`${rowLink} gap-3`}>
                            <UserIcon size={20} className="text-slate-500" /> Zaloguj się
                          </Link>
                        </li>
                        <li>
                          <Link to="/auth?type=register" onClick={close} className={`${rowLink} pl-[44px]`}>
                            Zarejestruj się
                          </Link>
                        </li>
                      </>
                    )}
                  </ul>
                </nav>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  )
}
