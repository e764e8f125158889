import type { ReactNode } from 'react'
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { CloseIcon } from '../icons'

/**
 * A react-aria modal (focus trapped, Esc closes, labelled by its heading): full screen on phones, and full screen
 * everywhere when `full` (the 'Wyszukiwanie' modal), otherwise a centred card from 640 px. The footer stays
 * in view while the body scrolls.
 */
export function ModalShell({ title, isOpen, onClose, children, footer, full = false }: {
  title: string
  isOpen: boolean
  onClose: () => void
  children: ReactNode
  footer: ReactNode
  full?: boolean
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(o) => !o && onClose()}
      isDismissable
      className={`fixed inset-0 z-[60] flex bg-slate-900/50 data-[entering]:animate-[fade-in_150ms_ease-out] ${full ? '' : 'sm:items-start sm:justify-center sm:px-4 sm:py-[5vh]'}`}
    >
      <Modal className={`flex h-dvh w-full flex-col bg-white shadow-2xl outline-none ${full ? '' : 'sm:h-auto sm:max-h-[90vh] sm:max-w-[720px] sm:rounded-2xl'}`}>
        <Dialog className="flex min-h-0 flex-1 flex-col outline-none">
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-4 py-2 sm:px-6">
            <div className={`flex w-full items-center justify-between ${full ? 'mx-auto max-w-[960px]' : ''}`}>
              <Heading slot="title" className="text-xl font-bold text-slate-900">
                {title}
              </Heading>
              <Button
                aria-label="Zamknij"
                onPress={onClose}
                className="-mr-2 inline-flex size-11 cursor-pointer items-center justify-center rounded-full text-slate-600 outline-none hover:bg-slate-100 data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent-600"
              >
                <CloseIcon size={22} />
              </Button>
            </div>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-5 sm:px-6">
            <div className={full ? 'mx-auto max-w-[960px]' : ''}>{children}</div>
          </div>
          <div className="border-t border-slate-200 bg-white px-4 py-3 pb-[max(12px,env(safe-area-inset-bottom))] sm:px-6">
            <div className={`flex items-center justify-end gap-3 ${full ? 'mx-auto max-w-[960px]' : ''}`}>{footer}</div>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
