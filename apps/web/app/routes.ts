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
    // Owner statistics (issue 13): 'Zobacz statystyki'.
    route('moje-ogloszenia/statystyki/:id', 'routes/offer-stats.tsx'),
    // Favourites (issue 5): the heart's list.
    route('ulubione', 'routes/favorites.tsx'),
    route('account/Favorites', 'routes/favorites.tsx', { id: 'routes/favorites-alias' }),
    // Messages (issue 10): the inbox and one conversation.
    route('wiadomosci', 'routes/messages.tsx'),
    route('account/Messages', 'routes/messages.tsx', { id: 'routes/messages-alias' }),
    route('wiadomosci/:id', 'routes/message-thread.tsx'),
    // Agents of a company (issue 10): guard 'company' in the loader.
    route('agenci', 'routes/agents.tsx'),
    route('account/Agents', 'routes/agents.tsx', { id: 'routes/agents-alias' }),
    // Money (issue 11): a listing's bill and the return from the gateway; the payment history with invoices.
    route('moje-ogloszenia/oplac/:slug', 'routes/payment.tsx'),
    route('Payment', 'routes/payment.tsx', { id: 'routes/payment-alias' }),
    route('faktury', 'routes/account/payments.tsx'),
    route('account/Payments', 'routes/account/payments.tsx', { id: 'routes/account/payments-alias' }),
    // Listing feeds (issue 12): guard 'company' in the loader.
    route('integracje', 'routes/integrations.tsx'),
    // Viewings (issue 28): a listing's visiting hours and open days; the calendar of visits.
    route('moje-ogloszenia/ogladanie/:id', 'routes/viewing-settings.tsx'),
    route('kalendarz', 'routes/calendar.tsx'),
    route('account/Integrations', 'routes/integrations.tsx', { id: 'routes/integrations-alias' }),
    // Investments (issue 27): guard 'company' in the loaders; another company's investment is a 404.
    route('moje-inwestycje', 'routes/my-investments.tsx'),
    route('moje-inwestycje/nowa', 'routes/investment-edit.tsx', { id: 'routes/investment-new' }),
    route('moje-inwestycje/:id', 'routes/investment-edit.tsx'),
    route('moje-inwestycje/:id/lokale', 'routes/investment-units.tsx'),
    route('moje-inwestycje/:id/import', 'routes/investment-import.tsx'),
    route('moje-inwestycje/:id/dni-otwarte', 'routes/investment-open-days.tsx'),
  ]),
  // Money (issue 11): the price list and the local payment simulator's gateway page.
  route('promocje', 'routes/promotions.tsx'),
  route('platnosc/symulator/:token', 'routes/payment-simulator.tsx'),
  // Search (issue 4): results, category landing pages (property and transaction optional, parsed in the loader),
  // services.
  route('szukaj', 'routes/search.tsx'),
  route('SearchResults', 'routes/search.tsx', { id: 'routes/search-alias' }),
  route('nieruchomosci/:a/:b?/:c?', 'routes/category.tsx'),
  route('uslugi', 'routes/services.tsx'),
  // Market prices (issue 26): the index, a city's and a district's price page.
  route('ceny-nieruchomosci', 'routes/prices-index.tsx'),
  route('ceny-nieruchomosci/:city', 'routes/prices.tsx'),
  route('ceny-nieruchomosci/:city/:district', 'routes/prices.tsx', { id: 'routes/prices-district' }),
  // The valuation (issue 26): 'Ile jest warte moje mieszkanie?'.
  route('wycena', 'routes/valuation.tsx'),
  route('services/:location?', 'routes/services.tsx', { id: 'routes/services-alias' }),
  // Listings (issue 5): the listing page (Offer takes ?slug= or ?id= and redirects to the canonical address).
  route('ogloszenia/:slug', 'routes/offer.tsx'),
  route('Offer', 'routes/offer.tsx', { id: 'routes/offer-alias' }),
  // People (issue 10): public profiles and the directories.
  route('profil/:user', 'routes/profile.tsx'),
  route('wiadomosci/potwierdz', 'routes/message-confirm.tsx'),
  // Viewings (issue 28): a guest's e-mailed link to their visit.
  route('ogladanie', 'routes/viewing.tsx'),
  route('agencje', 'routes/directory.tsx'),
  route('deweloperzy', 'routes/directory.tsx', { id: 'routes/developers' }),
  // Investments (issue 27): new developments and one investment with its units.
  route('inwestycje', 'routes/investments.tsx'),
  route('inwestycje/:slug', 'routes/investment.tsx'),
  route('dodaj-ogloszenie', 'routes/add-offer.tsx'),
  route('AddOffer', 'routes/add-offer.tsx', { id: 'routes/add-offer-alias' }),
  // Crawlers: the sitemap (an index with /sitemap/{file}.xml beyond one file) and robots.txt.
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('sitemap/:file', 'routes/sitemap.ts', { id: 'routes/sitemap-file' }),
  route('robots.txt', 'routes/robots.ts'),
  // The admin area (issue 13): roles admin and mod; the layout's loader answers 404 to everyone else.
  layout('routes/admin/layout.tsx', [
    route('admin', 'routes/admin/home.tsx'),
    route('admin/moderacja', 'routes/admin/moderation.tsx'),
    route('admin/zgloszenia', 'routes/admin/reports.tsx'),
    route('admin/uzytkownicy', 'routes/admin/users.tsx'),
    route('admin/uzytkownicy/:id', 'routes/admin/user.tsx'),
    route('admin/czarna-lista', 'routes/admin/blacklist.tsx'),
    route('admin/dziennik', 'routes/admin/audit.tsx'),
    // CMS (issue 13, decision 026).
    route('admin/strony', 'routes/admin/pages.tsx'),
    route('admin/faq', 'routes/admin/faq.tsx'),
    route('admin/blog', 'routes/admin/blog.tsx'),
    route('admin/blog/:id', 'routes/admin/blog-post.tsx'),
    route('admin/newsletter', 'routes/admin/newsletter.tsx'),
    route('admin/ustawienia', 'routes/admin/settings.tsx'),
  ]),
  // Static footer pages from GET /api/footers/{id}; /regulamin is the terms page (id 17).
  route('strony/:id', 'routes/static-page.tsx'),
  route('regulamin', 'routes/static-page.tsx', { id: 'routes/terms' }),
  // Content (issue 12): about, FAQ, blog, contact.
  route('o-nas', 'routes/about.tsx'),
  route('faq', 'routes/faq.tsx'),
  route('blog', 'routes/blog.tsx'),
  route('blog/:slug', 'routes/blog-post.tsx'),
  route('kontakt', 'routes/contact.tsx'),
  // The portal feed format, public (issue 12).
  route('integracje/format', 'routes/feed-format.tsx'),
  // Engagement (issue 9): newsletter confirmation, the unsubscribe link of mails, the reminder's renew link.
  route('potwierdz-newsletter', 'routes/confirm-newsletter.tsx'),
  route('wypisz', 'routes/unsubscribe.tsx'),
  route('przedluz-ogloszenie', 'routes/renew-offer.tsx'),
  route('404', 'routes/not-found.tsx', { id: 'routes/not-found-page' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
