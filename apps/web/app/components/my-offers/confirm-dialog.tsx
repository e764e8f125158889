import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { buttonStyles } from '../form'

/** A yes/no question (alertdialog: focus trapped, Esc cancels). */
export function ConfirmDialog({ isOpen, title, children, confirmLabel, onConfirm, onCancel, danger = false }: {
  isOpen: boolean; title: string; children: React.ReactNode; confirmLabel: string; onConfirm: () => void; onCancel: () => void; danger?: boolean
}) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={(o) => !o && onCancel()} isDismissable className="fixed inset-0 z-[60] flex items-end justify-center bg-slate-900/50 sm:items-center sm:p-4">
      <Modal className="w-full rounded-t-2xl bg-white shadow-2xl outline-none sm:max-w-md sm:rounded-2xl">
        <Dialog role="alertdialog" className="p-5 outline-none sm:p-6">
          <Heading slot="title" className="text-xl font-bold text-slate-900">{title}</Heading>
          <div className="mt-2 text-[15px] leading-relaxed text-slate-700">{children}</div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button onPress={onCancel} className={buttonStyles.secondary}>Anuluj</Button>
            <Button onPress={onConfirm} autoFocus className={danger ? buttonStyles.danger : buttonStyles.primary}>{confirmLabel}</Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
