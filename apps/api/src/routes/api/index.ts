import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { testRoutesEnabled } from '../../env.ts'
import health from './health.ts'
import csrfCookie from './sanctum/csrf-cookie.ts'
import filters from './search/filters.ts'
import search from './search/index.ts'
import locations from './locations/index.ts'
import recentSearch from './recent-search.ts'
import footers from './footers.ts'
import offers from './offers.ts'
import offersApi from './offers/index.ts'
import userOffers from './user/offers.ts'
import favorites from './favorites/index.ts'
import testRoutes from './__test.ts'
import auth from './auth/index.ts'
import user from './user/index.ts'
import profile from './profile.ts'
import agencies from './agencies.ts'
import profiles from './profiles.ts'
import messagesApi from './messages/index.ts'
import myProfile from './my-profile.ts'
import captcha from './captcha.ts'
import content from './content.ts'
import blog from './blog/index.ts'
import contact from './contact.ts'
import admin from './admin/index.ts'
import payments from './payments/index.ts'
import favoriteFilters from './favorite-filters.ts'
import newsletter from './newsletter.ts'
import unsubscribe from './unsubscribe.ts'
import favoriteUsers from './favorite-users.ts'
import feeds from './feeds/index.ts'
import partnerOffers from './partner/offers.ts'
import investments from './investments/index.ts'
import investmentPhotos from './investments/photos.ts'
import viewings from './viewings/index.ts'
import openData from './dane-otwarte/index.ts'
import prices from './prices.ts'
import mortgageRates from './mortgage-rates.ts'
import valuationRoute from './valuation.ts'
import followedInvestments from './followed-investments.ts'

/** Everything under /api; files mirror the URL (routes/api/search/filters.ts → /api/search/filters). */
const api: FastifyPluginAsyncZod = async (app) => {
  await app.register(health)
  await app.register(csrfCookie)
  await app.register(filters)
  await app.register(search)
  await app.register(locations)
  await app.register(recentSearch)
  await app.register(footers)
  await app.register(offers)
  await app.register(offersApi)
  await app.register(userOffers)
  await app.register(favorites)
  await app.register(auth)
  await app.register(user)
  await app.register(profile)
  await app.register(agencies)
  await app.register(profiles)
  await app.register(messagesApi)
  await app.register(myProfile)
  await app.register(captcha)
  await app.register(content)
  await app.register(blog)
  await app.register(contact)
  await app.register(admin)
  await app.register(payments)
  await app.register(favoriteFilters)
  await app.register(newsletter)
  await app.register(unsubscribe)
  await app.register(favoriteUsers)
  await app.register(feeds)
  await app.register(partnerOffers)
  await app.register(investments)
  await app.register(investmentPhotos)
  await app.register(viewings)
  await app.register(openData)
  await app.register(prices)
  await app.register(mortgageRates)
  await app.register(valuationRoute)
  await app.register(followedInvestments)
  if (testRoutesEnabled(app.env)) await app.register(testRoutes)

  // Unknown /api/* is always JSON, never the web's HTML 404 page.
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: 'not_found', message: `Nie znaleziono: ${request.method} ${request.url.split('?')[0].slice(0, 200)}` })
  })
}
export default api
