import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

// Screens are registered only when their issue builds them (no placeholders). Spec §2 aliases share a module and
// get their own id. Keep the splat route last.
export default [
  index('routes/home.tsx'),
  route('Index', 'routes/home.tsx', { id: 'routes/home-alias' }),
  route('auth', 'routes/auth.tsx'),
  route('Auth', 'routes/auth.tsx', { id: 'routes/auth-alias' }),
  route('dokoncz-rejestracje', 'routes/complete-registration.tsx'),
  route('CompleteRegistration', 'routes/complete-registration.tsx', { id: 'routes/complete-registration-alias' }),
  route('ustaw-haslo', 'routes/set-password.tsx'),
  route('SetPassword', 'routes/set-password.tsx', { id: 'routes/set-password-alias' }),
  // The account area (guard 'authenticated' in the layout loader); later account pages join this layout.
  layout('routes/account/layout.tsx', [
    route('ustawienia-konta', 'routes/account/settings.tsx'),
    route('account/AccountSettings', 'routes/account/settings.tsx', { id: 'routes/account/settings-alias' }),
    // Listings (issue 5): my listings and editing one.
    route('moje-ogloszenia', 'routes/my-offers.tsx'),
    route('account/MyOffers', 'routes/my-offers.tsx', { id: 'routes/my-offers-alias' }),
    route('moje-ogloszenia/edytuj-ogloszenie/:slug', 'routes/edit-offer.tsx'),
    route('account/EditOffer', 'routes/edit-offer.tsx', { id: 'routes/edit-offer-alias' }),
    // Favourites (issue 5): the heart's list.
    route('ulubione', 'routes/favorites.tsx'),
    route('account/Favorites', 'routes/favorites.tsx', { id: 'routes/favorites-alias' }),
  ]),
  // Search (issue 4): results, category landing pages (property and transaction optional, parsed in the loader),
  // services.
  route('szukaj', 'routes/search.tsx'),
  route('SearchResults', 'routes/search.tsx', { id: 'routes/search-alias' }),
  route('nieruchomosci/:a/:b?/:c?', 'routes/category.tsx'),
  route('uslugi', 'routes/services.tsx'),
  route('services/:location?', 'routes/services.tsx', { id: 'routes/services-alias' }),
  // Listings (issue 5): the listing page (Offer takes ?slug= or ?id= and redirects to the canonical address).
  route('ogloszenia/:slug', 'routes/offer.tsx'),
  route('Offer', 'routes/offer.tsx', { id: 'routes/offer-alias' }),
  route('dodaj-ogloszenie', 'routes/add-offer.tsx'),
  route('AddOffer', 'routes/add-offer.tsx', { id: 'routes/add-offer-alias' }),
  // Crawlers: the sitemap (an index with /sitemap/{file}.xml beyond one file) and robots.txt.
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('sitemap/:file', 'routes/sitemap.ts', { id: 'routes/sitemap-file' }),
  route('robots.txt', 'routes/robots.ts'),
  // Static footer pages from GET /api/footers/{id}; /regulamin is the terms page (id 17).
  route('strony/:id', 'routes/static-page.tsx'),
  route('regulamin', 'routes/static-page.tsx', { id: 'routes/terms' }),
  route('404', 'routes/not-found.tsx', { id: 'routes/not-found-page' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
