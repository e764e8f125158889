import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import account from './account.ts'
import profile from './profile.ts'
import avatar from './avatar.ts'
import phone from './phone.ts'
import agents from './agents.ts'
import notifications from './notifications.ts'
import investments from './investments.ts'
import priceDisclosure from './price-disclosure.ts'
import watchSettings from './watch-settings.ts'

/** /api/user/*: the logged-in user's account (issue 3) and the phone reveal. */
const user: FastifyPluginAsyncZod = async (app) => {
  await app.register(account)
  await app.register(profile)
  await app.register(avatar)
  await app.register(phone)
  await app.register(agents)
  await app.register(notifications)
  await app.register(investments)
  await app.register(priceDisclosure)
  await app.register(watchSettings)
}
export default user
