/** Global client messages of spec §8. */
export const CLIENT_MESSAGES = {
  serverError: 'Wystąpił problem, spróbuj ponownie',
  unauthorized: 'Zaloguj się, aby mieć dostęp do tej strony',
  emailAlreadyExist: 'Ten adres email jest już używany przez inne konto',
} as const
