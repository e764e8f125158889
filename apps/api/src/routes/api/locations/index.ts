import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiErrorSchema, validationErrorSchema } from '@portal/contracts/errors'
import { SEARCH_MESSAGES, foldPolish, locationSuggestionSchema, type LocationSuggestion } from '@portal/contracts/search'
import { MAX_LOCATIONS, lookupPlaces, nearestPlace } from '../../../lib/geo/gazetteer.ts'
import { nominatimReverse, nominatimSearch } from '../../../lib/geo/gazetteer-nominatim.ts'
import { notFound } from '../../../lib/http/errors.ts'
import { regionSuggestions, withDistrictPlace, withGmina } from '../../../lib/geo/region-suggestions.ts'

const coordinate = (limit: number, message: string) => z.string({ error: message }).trim()
  .regex(/^-?\d{1,3}(\.\d{1,15})?$/, message).transform(Number).pipe(z.number().min(-limit, message).max(limit, message))

/**
 * Location autocomplete (spec §3 location suggestion): the embedded gazetteer of Polish places and big-city
 * districts, or a real Nominatim when NOMINATIM_URL is set (falling back to the gazetteer if it fails).
 */
const placeName = (p: LocationSuggestion) => p.address.suburb ?? p.address.city ?? p.address.town ?? p.address.village ?? ''

const locations: FastifyPluginAsyncZod = async (app) => {
  const nominatim = app.env.NOMINATIM_URL

  app.get('/locations', {
    schema: {
      tags: ['search'],
      summary: `Places matching the typed text (prefix, diacritics ignored), at most ${MAX_LOCATIONS}; [] for empty q`,
      querystring: z.object({ q: z.union([z.string(), z.array(z.string())]).optional() }),
      response: { 200: z.array(locationSuggestionSchema) },
    },
  }, async (request, reply) => {
    const raw = request.query.q
    const q = (Array.isArray(raw) ? raw[0] ?? '' : raw ?? '').trim().slice(0, 100)
    if (!q) return []
    if (nominatim) {
      try {
        return (await nominatimSearch(nominatim, q, MAX_LOCATIONS)).map(withGmina)
      } catch (err) {
        request.log.warn({ err }, 'nominatim search failed; using the embedded gazetteer')
      }
    } else reply.header('cache-control', 'public, max-age=3600')
    // Regions (decision 069) after the places, except a voivodeship when no place bears the typed name ('mazow').
    const places = lookupPlaces(q).map(withDistrictPlace).map(withGmina)
    const regions = regionSuggestions(q)
    const exact = places.some((p) => foldPolish(placeName(p)) === foldPolish(q))
    const lead = exact ? [] : regions.filter((r) => r.addresstype === 'state')
    const rest = regions.filter((r) => !lead.includes(r))
    return [...lead, ...places.slice(0, MAX_LOCATIONS - regions.length), ...rest].slice(0, MAX_LOCATIONS)
  })

  app.get('/locations/reverse', {
    schema: {
      tags: ['search'],
      summary: 'The nearest place to a point (district in the big cities, else town or village); 404 when none within 50 km',
      querystring: z.object({ lat: coordinate(90, SEARCH_MESSAGES.lat), lon: coordinate(180, SEARCH_MESSAGES.lon) }),
      response: { 200: locationSuggestionSchema, 404: apiErrorSchema, 422: validationErrorSchema },
    },
  }, async (request) => {
    const { lat, lon } = request.query
    if (nominatim) {
      try {
        const hit = await nominatimReverse(nominatim, lat, lon)
        if (hit) return withGmina(hit)
        throw notFound('Nie znaleziono miejscowości w pobliżu.')
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) throw err
        request.log.warn({ err }, 'nominatim reverse failed; using the embedded gazetteer')
      }
    }
    const place = nearestPlace(lat, lon)
    if (!place) throw notFound('Nie znaleziono miejscowości w pobliżu.')
    return withGmina(place)
  })
}
export default locations
