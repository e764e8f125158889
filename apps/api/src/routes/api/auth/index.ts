import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import register from './register.ts'
import completeRegistration from './complete-registration.ts'
import login from './login.ts'
import sessionRoutes from './session.ts'
import passwords from './passwords.ts'
import resendEmail from './resend-email.ts'

/** /api/auth/*: registration, activation, log-in/out and passwords (issue 3). */
const auth: FastifyPluginAsyncZod = async (app) => {
  await app.register(register)
  await app.register(completeRegistration)
  await app.register(login)
  await app.register(sessionRoutes)
  await app.register(passwords)
  await app.register(resendEmail)
}
export default auth
