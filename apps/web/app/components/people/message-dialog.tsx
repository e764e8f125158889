import { useState } from 'react'
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { buttonStyles } from '../form'
import { ContactForm } from '../offer/contact-form'
import { CloseIcon } from '../icons'

/** 'Napisz wiadomość' as a dialog (profiles): focus trapped, Esc closes. */
export function MessageDialog({ endpoint, to }: { endpoint: string; to: string }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onPress={() => setOpen(true)} className={`${buttonStyles.secondary} w-full`}>Napisz wiadomość</Button>
      <ModalOverlay isOpen={open} onOpenChange={setOpen} isDismissable className="fixed inset-0 z-[60] flex items-end justify-center bg-slate-900/50 sm:items-center sm:p-4">
        <Modal className="max-h-dvh w-full overflow-y-auto rounded-t-2xl bg-white shadow-2xl outline-none sm:max-w-lg sm:rounded-2xl">
          <Dialog className="p-5 outline-none sm:p-6">
            <div className="mb-3 flex items-start justify-between gap-3">
              <Heading slot="title" className="text-xl font-bold text-slate-900">Napisz wiadomość</Heading>
              <Button onPress={() => setOpen(false)} aria-label="Zamknij" className="inline-flex size-10 items-center justify-center rounded-full hover:bg-slate-100"><CloseIcon size={20} /></Button>
            </div>
            <p className="mb-4 text-sm text-slate-600">Do: {to}</p>
            <ContactForm endpoint={endpoint} initialMessage="Dzień dobry, piszę z Państwa profilu w serwisie. Proszę o kontakt." />
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  )
}
