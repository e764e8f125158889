/** Polish validation messages of spec §5, shared by the register dialog and the API's 422 answers. */
export const AUTH_MESSAGES = {
  typeRequired: 'Wybierz kim jesteś?',
  emailRequired: 'Email jest wymagany',
  emailInvalid: 'Niepoprawny adres email',
  nameRequired: 'Nazwa firmy lub imię jest wymagane',
  passwordRequired: 'Wpisz hasło',
  passwordRule: 'Hasło musi mieć minimum 6 znaków, 1 wielką literę i cyfrę',
  passwordConfirmationRequired: 'Powtórz hasło',
  passwordsDiffer: 'Hasła muszą być takie same',
  termsRequired: 'Akceptacja regulaminu jest wymagana',
  promptEmailInvalid: 'Nieprawidłowy adres email!',
  phoneInvalid: 'Niepoprawny numer telefonu',
  registerFormInvalid: 'Proszę, popraw formularz rejestracji',
  registered: 'Gratulacje. Prosimy aktywować konto. Kliknij w link wysłany na emaila.',
  badCredentials: 'Błędny email lub hasło',
  notVerified: 'Konto nie zostało zweryfikowane!',
  currentPasswordWrong: 'Niepoprawne hasło',
  tokenInvalid: 'Link jest nieprawidłowy lub został już użyty',
  tokenExpired: 'Link wygasł. Wyślij go ponownie',
  tooManyAttempts: 'Zbyt wiele prób logowania. Spróbuj ponownie za kilka minut',
  tooManyRequests: 'Zbyt wiele prób z tego adresu. Spróbuj ponownie później',
  captcha: 'Potwierdź, że nie jesteś robotem',
  emailAlreadyExist: 'Ten adres email jest już używany przez inne konto',
  unauthenticated: 'Zaloguj się, aby mieć dostęp do tej strony',
} as const

export const REGISTRATION_TYPES = ['user', 'agency', 'developer'] as const
export type RegistrationType = (typeof REGISTRATION_TYPES)[number]
export const REGISTRATION_TYPE_LABELS: Record<RegistrationType, string> = {
  user: 'Osoba prywatna',
  agency: 'Agencja nieruchomości',
  developer: 'Deweloper',
}

/** Spec §5: at least 6 characters with an uppercase letter, a lowercase letter and a digit. */
export const PASSWORD_RE = /^(?=.*\p{Lu})(?=.*\p{Ll})(?=.*\d).{6,}$/u
/** Pragmatic e-mail pattern (the HTML5 one), also used by the reminder prompts. */
export const EMAIL_RE = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/
/** Polish phone numbers: 9 digits, optionally +48, spaces and dashes allowed. */
export const PHONE_RE = /^(?:\+?48)?[\s-]?(?:\d[\s-]?){9}$/
