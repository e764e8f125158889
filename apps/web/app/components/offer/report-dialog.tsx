import { useState, type FormEvent } from 'react'
import { Button, Dialog, Heading, Modal, ModalOverlay, Radio, RadioGroup, Label, FieldError } from 'react-aria-components'
import { REPORT_REASON_LABELS, REPORT_REASONS, reportSchema } from '@portal/contracts/offer'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { solveCaptcha } from '~/lib/captcha'
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '~/lib/form-errors'
import { useToast } from '~/lib/toast'
import { buttonStyles, SubmitButton, TextAreaField } from '../form'
import { CloseIcon } from '../icons'

/**
 * 'Zgłoś to ogłoszenie' (reference §10): a reason from the list and an optional note, for the moderators. Loaded on
 * demand by <ReportButton/>; mounted while open.
 */
export function ReportDialog({ offerId, onClose }: { offerId: number; onClose: () => void }) {
  const setOpen = (open: boolean) => { if (!open) onClose() }
  const [reason, setReason] = useState('')
  const [message, setMessage] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)
  const toast = useToast()

  async function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = reportSchema.safeParse({ reason: reason || undefined, message })
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setBusy(true)
    try {
      const captcha = await solveCaptcha()
      await api.post(`/api/offers/${offerId}/report`, { ...parsed.data, ...(captcha ? { captcha } : {}) }, { silent: true })
      toast.success('Dziękujemy. Zgłoszenie trafiło do moderatorów.')
      onClose()
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors(serverFieldErrors(err.fieldErrors))
      else toast.error(err instanceof ApiError && err.status === 429 ? 'Zbyt wiele zgłoszeń. Spróbuj ponownie później.' : 'Nie udało się wysłać zgłoszenia. Spróbuj ponownie.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <ModalOverlay isOpen onOpenChange={setOpen} isDismissable className="fixed inset-0 z-[60] flex items-end justify-center bg-slate-900/50 sm:items-center sm:p-4">
        <Modal className="max-h-dvh w-full overflow-y-auto rounded-t-2xl bg-white shadow-2xl outline-none sm:max-w-md sm:rounded-2xl">
          <Dialog className="outline-none">
            <form onSubmit={submit} noValidate className="flex flex-col gap-4 p-5 sm:p-6">
              <div className="flex items-center justify-between">
                <Heading slot="title" className="text-xl font-bold text-slate-900">Zgłoś to ogłoszenie</Heading>
                <Button aria-label="Zamknij" onPress={() => setOpen(false)} className="-mr-2 inline-flex size-11 cursor-pointer items-center justify-center rounded-full text-slate-600 outline-none hover:bg-slate-100 data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent-600">
                  <CloseIcon size={22} />
                </Button>
              </div>
              <RadioGroup value={reason} onChange={(v) => { setReason(v); setErrors({}) }} isInvalid={!!errors.reason} validationBehavior="aria" className="flex flex-col gap-1">
                <Label className="mb-1 text-sm font-semibold text-slate-800">Powód zgłoszenia</Label>
                {REPORT_REASONS.map((r) => (
                  <Radio key={r} value={r} className="group flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-[15px] text-slate-800 hover:bg-slate-50 data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent-600">
                    <span aria-hidden="true" className="size-5 rounded-full border-2 border-slate-400 group-data-[selected]:border-[6px] group-data-[selected]:border-accent-600" />
                    {REPORT_REASON_LABELS[r]}
                  </Radio>
                ))}
                <FieldError className="text-sm font-medium text-red-700">{errors.reason}</FieldError>
              </RadioGroup>
              <TextAreaField label="Opis (opcjonalnie)" name="message" value={message} onChange={setMessage} error={errors.message} rows={3} />
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button onPress={() => setOpen(false)} className={buttonStyles.secondary}>Anuluj</Button>
                <SubmitButton pending={busy} pendingLabel="Wysyłanie…">Wyślij zgłoszenie</SubmitButton>
              </div>
            </form>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  )
}
