import { deleteAccountSchema } from '@portal/contracts/user'
import { useState, type FormEvent } from 'react'
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { useAuth } from '~/lib/auth'
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '~/lib/form-errors'
import { useToast } from '~/lib/toast'
import { buttonStyles, Field, SubmitButton } from '../form'
import { SettingsSection } from './section'

/** DELETE /api/user {password}, behind a confirmation dialog that asks for the password. */
export function DeleteAccountSection() {
  return (
    <SettingsSection
      tone="danger"
      title="Usuń konto"
      description="Usuniemy Twoje konto, ogłoszenia i zapisane dane. Tej operacji nie można cofnąć."
    >
      <DialogTrigger>
        <Button className={buttonStyles.danger}>Usuń konto</Button>
        <ModalOverlay
          isDismissable
          className="fixed inset-0 z-[60] flex items-end justify-center bg-slate-900/50 data-[entering]:animate-[fade-in_150ms_ease-out] sm:items-center sm:p-4"
        >
          <Modal className="w-full rounded-t-2xl bg-white shadow-2xl outline-none sm:max-w-[440px] sm:rounded-2xl">
            <Dialog role="alertdialog" className="p-5 outline-none sm:p-7">
              {({ close }) => <ConfirmDelete close={close} />}
            </Dialog>
          </Modal>
        </ModalOverlay>
      </DialogTrigger>
    </SettingsSection>
  )
}

function ConfirmDelete({ close }: { close: () => void }) {
  const auth = useAuth()
  const toast = useToast()
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [pending, setPending] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = deleteAccountSchema.safeParse({ password })
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setPending(true)
    try {
      await api.delete('/api/user', { body: parsed.data })
      close()
      await auth.forget()
      toast.success('Twoje konto zostało usunięte')
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors(serverFieldErrors(err.fieldErrors))
      else if (err instanceof ApiError && !err.handled) toast.error(err.message)
      setPending(false)
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Heading slot="title" className="text-xl font-bold text-slate-900">
        Usunąć konto na zawsze?
      </Heading>
      <p className="text-[15px] leading-relaxed text-slate-600">
        Razem z kontem znikną Twoje ogłoszenia. Aby potwierdzić, wpisz swoje hasło.
      </p>
      <Field
        label="Hasło"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(v) => {
          setPassword(v)
          setErrors({})
        }}
        error={errors.password}
        isRequired
        autoFocus
      />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button onPress={close} className={buttonStyles.secondary}>
          Anuluj
        </Button>
        <SubmitButton variant="danger" pending={pending} pendingLabel="Usuwanie…">
          Usuń konto
        </SubmitButton>
      </div>
    </form>
  )
}
