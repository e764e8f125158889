import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { useAuth, type AuthView } from '~/lib/auth'
import { CloseIcon } from '../icons'
import { EmailPromptForm, PROMPTS } from './email-prompt-form'
import { LoginForm } from './login-form'
import { RegisterForm } from './register-form'

export const AUTH_TITLES: Record<AuthView, string> = {
  login: 'Zaloguj się',
  register: 'Załóż konto',
  remind: PROMPTS.remind.title,
  resend: PROMPTS.resend.title,
}

/**
 * The one login/register dialog of the site (react-aria modal: focus trapped, Esc and a click outside close it,
 * labelled by its heading). Full screen on phones, a centred card from 640 px.
 */
export function AuthDialog() {
  const auth = useAuth()
  const { view, options } = auth
  const wide = view === 'register'
  return (
    <ModalOverlay
      isOpen={view !== null}
      onOpenChange={(isOpen) => !isOpen && auth.close()}
      isDismissable
      className="fixed inset-0 z-[60] flex items-start justify-center overflow-y-auto bg-slate-900/50 data-[entering]:animate-[fade-in_150ms_ease-out] sm:px-4 sm:py-[6vh]"
    >
      <Modal
        className={`min-h-dvh w-full bg-white shadow-2xl outline-none sm:min-h-0 sm:rounded-2xl ${wide ? 'sm:max-w-[600px]' : 'sm:max-w-[440px]'}`}
      >
        <Dialog className="relative flex flex-col outline-none">
          {view && (
            <>
              <div className="sticky top-0 z-10 flex items-center justify-between gap-4 border-b border-slate-100 bg-white px-5 py-3 sm:static sm:rounded-t-2xl sm:px-7 sm:pt-6 sm:pb-3 sm:border-0">
                <Heading slot="title" className="text-xl font-bold text-slate-900 sm:text-2xl">
                  {AUTH_TITLES[view]}
                </Heading>
                <Button
                  aria-label="Zamknij"
                  onPress={auth.close}
                  className="-mr-2 inline-flex size-11 cursor-pointer items-center justify-center rounded-full text-slate-600 outline-none hover:bg-slate-100 data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent-600"
                >
                  <CloseIcon size={22} />
                </Button>
              </div>
              <div className="px-5 pt-4 pb-8 sm:px-7 sm:pt-1 sm:pb-7">
                {view === 'login' && <LoginForm key="login" onSwitch={auth.open} next={options.next} initialEmail={options.email} />}
                {view === 'register' && (
                  <RegisterForm key="register" onSwitch={auth.open} onDone={auth.close} initialEmail={options.email} />
                )}
                {(view === 'remind' || view === 'resend') && (
                  <EmailPromptForm key={view} kind={view} onSwitch={auth.open} onDone={auth.close} initialEmail={options.email} />
                )}
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
