import { emailPromptSchema } from '@portal/contracts/auth'
import { CLIENT_MESSAGES } from '@portal/contracts/plain/errors'
import { useState, type FormEvent } from 'react'
import { Button } from 'react-aria-components'
import { api } from '~/lib/api'
import { ApiError } from '~/lib/api-client'
import { solveCaptcha } from '~/lib/captcha'
import { zodFieldErrors, type FieldErrors } from '~/lib/form-errors'
import { useToast } from '~/lib/toast'
import { buttonStyles, Field, SubmitButton } from '../form'
import type { AuthFormProps } from './login-form'

export const PROMPTS = {
  remind: {
    title: 'Nie pamiętasz hasła?',
    intro: 'Podaj adres email konta — wyślemy na niego link do ustawienia nowego hasła.',
    path: '/api/auth/remind-password',
    submit: 'Wyślij link',
    done: (email: string) => `Link do zmiany hasła został wysłany na adres ${email}`,
  },
  resend: {
    title: 'Nie dostałeś maila aktywacyjnego?',
    intro: 'Podaj adres email, którego użyłeś przy rejestracji — wyślemy link aktywacyjny jeszcze raz.',
    path: '/api/auth/resend-email',
    submit: 'Wyślij ponownie',
    done: (email: string) => `Link aktywacyjny został wysłany na adres ${email}`,
  },
} as const

/** The two small prompts of the login dialog (spec §5: email pattern, 'Nieprawidłowy adres email!'). */
export function EmailPromptForm({
  kind,
  onSwitch,
  onDone,
  initialEmail = '',
  showBack = true,
}: AuthFormProps & { kind: keyof typeof PROMPTS; onDone: () => void; showBack?: boolean }) {
  const prompt = PROMPTS[kind]
  const toast = useToast()
  const [email, setEmail] = useState(initialEmail)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [stage, setStage] = useState<'idle' | 'captcha' | 'sending'>('idle')

  async function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = emailPromptSchema.safeParse({ email })
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error))
      return
    }
    try {
      setStage('captcha')
      const captcha = await solveCaptcha()
      setStage('sending')
      await api.post(prompt.path, { email: parsed.data.email, ...(captcha ? { captcha } : {}) })
      toast.success(prompt.done(parsed.data.email), 3000)
      onDone()
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.status === 422) setErrors(Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])))
        else if (!err.handled) toast.error(err.status < 500 && err.status !== 0 && err.message ? err.message : CLIENT_MESSAGES.serverError)
      } else toast.error(CLIENT_MESSAGES.serverError)
    } finally {
      setStage('idle')
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label={prompt.title} className="flex flex-col gap-4">
      <p className="text-[15px] leading-relaxed text-slate-600">{prompt.intro}</p>
      <Field
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onChange={(v) => {
          setEmail(v)
          setErrors({})
        }}
        error={errors.email}
        isRequired
        autoFocus
      />
      <SubmitButton pending={stage !== 'idle'} pendingLabel={stage === 'captcha' ? 'Weryfikacja antyspamowa…' : 'Wysyłanie…'} className="w-full">
        {prompt.submit}
      </SubmitButton>
      {showBack && (
        <Button onPress={() => onSwitch('login', { email })} className={`${buttonStyles.link} self-center`}>
          Wróć do logowania
        </Button>
      )}
    </form>
  )
}
