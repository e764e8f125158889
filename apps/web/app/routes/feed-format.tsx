import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { pageTitle } from '~/lib/site'
import type { Route } from './+types/feed-format'

/**
 * /integracje/format: the public description of the portal's own feed format (XSD at /api/feeds/portal.xsd), of
 * what we read from Oferty.net and OpenImmo files, and of the partner JSON API. Static: it changes with the code.
 */
export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Format pliku z ofertami') },
  { name: 'description', content: 'Jak przesyłać oferty z programu dla biur nieruchomości: format XML portalu (XSD, przykłady), Oferty.net, OpenImmo i JSON API.' },
]

const FULL = `<?xml version="1.0" encoding="UTF-8"?>
<portal-feed xmlns="urn:portal:feed:1" mode="full" generated="2026-11-24T06:00:00Z">
  <offer id="KR-101">
    <category>mieszkanie</category>
    <transaction>sprzedaz</transaction>
    <title>Trzy pokoje z balkonem, Kazimierz</title>
    <description>Jasne mieszkanie w odnowionej kamienicy.</description>
    <price currency="PLN">649000.00</price>
    <location city="Kraków" district="Kazimierz" lat="50.0515" lon="19.9445"/>
    <attribute slug="metraz">54.5</attribute>
    <attribute slug="ilosc-pokoi">3</attribute>
    <attribute slug="pietro">2</attribute>
    <attribute slug="dodatkowe">balkon</attribute>
    <attribute slug="dodatkowe">winda</attribute>
    <photo>https://crm.example.pl/zdjecia/kr-101-1.jpg</photo>
    <photo>kr-101-2.jpg</photo>
  </offer>
</portal-feed>`

const CHANGES = `<?xml version="1.0" encoding="UTF-8"?>
<portal-feed xmlns="urn:portal:feed:1" mode="changes" generated="2026-11-24T12:00:00Z">
  <offer id="KR-102">…cała oferta, jak w pliku pełnym…</offer>
  <end id="KR-201"/>
</portal-feed>`

const CURL = `curl -X PUT https://<adres portalu>/api/partner/offers/KR-101 \\
  -H "Authorization: Bearer ptk_…" -H "Content-Type: application/json" \\
  -d '{"category":"mieszkanie","offer_type":"sell","title":"Trzy pokoje z balkonem",
       "description":"Jasne mieszkanie.","price":64900000,
       "location":{"name":"Kraków, Kazimierz","lat":50.0515,"lon":19.9445},
       "attributes":{"metraz":54.5,"ilosc-pokoi":"3","dodatkowe":["balkon","winda"]},
       "photos":["https://crm.example.pl/zdjecia/kr-101-1.jpg"]}'`

function Code({ children, label }: { children: string; label: string }) {
  return (
    <pre aria-label={label} tabIndex={0} className="mt-3 overflow-x-auto rounded-xl bg-slate-900 p-4 text-[13px] leading-relaxed text-slate-100">
      <code>{children}</code>
    </pre>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card sm:p-7">
      <h2 className="text-lg font-bold text-slate-900 sm:text-xl">{title}</h2>
      <div className="mt-3 space-y-3 text-[15px] leading-relaxed text-slate-700">{children}</div>
    </section>
  )
}

const a = 'font-medium text-accent-700 underline underline-offset-2'

export default function FeedFormat() {
  return (
    <div className="container-page py-8">
      <div className="mx-auto flex max-w-[760px] flex-col gap-6">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Format pliku z ofertami</h1>
          <p className="mt-2 text-[15px] leading-relaxed text-slate-600">
            Biura i deweloperzy publikują ogłoszenia automatycznie z programu do obsługi biura. Pliki wysyła się albo wskazuje
            ich adres w <Link to="/integracje" className={a}>Integracjach</Link> (konto firmowe).
          </p>
        </div>
        <Section title="Zasady wspólne dla wszystkich formatów">
          <ul className="list-disc space-y-1.5 pl-5">
            <li>Ofertę rozpoznajemy po jej identyfikatorze w Twoim programie: ten sam identyfikator to zawsze to samo ogłoszenie.</li>
            <li><strong>Plik pełny</strong> zawiera wszystkie aktualne oferty: ogłoszenia z plików, których w nim nie ma, kończymy (nie usuwamy). <strong>Plik zmian</strong> dotyczy tylko ofert, które wymienia.</li>
            <li>Plik starszy niż ostatnio zastosowany pomijamy; ten sam plik wysłany ponownie niczego nie zmienia.</li>
            <li>Kategorie, rodzaje transakcji i parametry tłumaczymy na katalog portalu. Czego nie da się przetłumaczyć, nie zgadujemy: oferta jest odrzucana, a raport podaje jej identyfikator i powód.</li>
            <li>Ceny tylko w PLN. Lokalizacja: współrzędne albo nazwa miejscowości (i dzielnicy).</li>
            <li>Zdjęcia: adresy http(s) albo nazwy plików w archiwum ZIP; do 40 zdjęć, każde do 15 MB. Niezmienionych zdjęć nie pobieramy ponownie.</li>
          </ul>
        </Section>
        <Section title="Format portalu (XML)">
          <p>
            Schemat XSD: <a href="/api/feeds/portal.xsd" className={a}>portal.xsd</a>. Kategorie i atrybuty to nazwy z katalogu portalu
            (np. <code>mieszkanie</code>, <code>dom</code>, <code>blizniak</code>, <code>dzialka</code>; atrybuty <code>metraz</code>,
            {' '}<code>ilosc-pokoi</code>, <code>pietro</code>, <code>rynek</code>, <code>stan</code>, <code>dodatkowe</code>, <code>blisko</code>).
            Transakcja: <code>sprzedaz</code>, <code>wynajem</code>, <code>zamiana</code> albo <code>oddam</code>.
          </p>
          <h3 className="pt-2 font-semibold text-slate-900">Przykład: plik pełny</h3>
          <Code label="Przykład pliku pełnego">{FULL}</Code>
          <h3 className="pt-2 font-semibold text-slate-900">Przykład: plik zmian (zmiana i zakończenie)</h3>
          <Code label="Przykład pliku zmian">{CHANGES}</Code>
        </Section>
        <Section title="Oferty.net (ASARI, Galactica Virgo)">
          <p>
            Czytamy <code>&lt;zawartosc_pliku&gt;</code> (<code>calosc</code> albo <code>roznica</code>) i datę z nagłówka, działy
            {' '}<code>&lt;dzial tab typ&gt;</code> (mieszkania, domy, działki, lokale, garaże, pokoje, magazyny; sprzedaż i wynajem),
            {' '}<code>&lt;id&gt;</code>, <code>&lt;cena waluta&gt;</code>, parametry <code>&lt;param nazwa&gt;</code>, zdjęcia
            {' '}<code>&lt;zdjecie&gt;</code> i usunięcia <code>&lt;oferta_usun&gt;</code>. Kodowanie według deklaracji XML (także ISO-8859-2).
            Nieznane parametry pomijamy i wymieniamy w uwagach raportu.
          </p>
        </Section>
        <Section title="OpenImmo 1.2.7">
          <p>
            <code>&lt;uebertragung umfang="VOLL"&gt;</code> to plik pełny, <code>TEIL</code> — plik zmian. Każda
            {' '}<code>&lt;immobilie&gt;</code> z <code>objektnr_extern</code>; <code>&lt;aktion aktionart="DELETE"&gt;</code> kończy ofertę.
            Rodzaj nieruchomości z <code>objektart</code>, transakcja z <code>vermarktungsart</code>, waluta z <code>waehrung</code> (tylko PLN).
          </p>
        </Section>
        <Section title="JSON API dla partnerów">
          <p>
            Klucz API tworzy się w <Link to="/integracje" className={a}>Integracjach</Link>. <code>PUT /api/partner/offers/&#123;id&#125;</code> dodaje
            albo zmienia ofertę (powtórzenie tego samego wywołania niczego nie zmienia), <code>POST /api/partner/offers/&#123;id&#125;/end</code> ją kończy,
            {' '}<code>GET /api/partner/offers/&#123;id&#125;</code> podaje jej stan. Ceny w groszach. Pełny opis: <a href="/api/docs" className={a}>dokumentacja API</a>.
          </p>
          <Code label="Przykład wywołania API">{CURL}</Code>
        </Section>
      </div>
    </div>
  )
}
