import { sql } from 'drizzle-orm'
import type { Db } from '../client.ts'
import { pages } from '../schema/index.ts'

/**
 * Static footer pages (GET /api/footers, /strony/{id}). Plain text with blank-line paragraphs: the web escapes it.
 * Id 17 is fixed: the spec links the terms at /strony/17.
 */
export const STATIC_PAGES: { id: number; title: string; name: string; content: string }[] = [
  {
    id: 17, title: 'Regulamin i polityka prywatności', name: 'regulamin-i-polityka-prywatnosci',
    content: `§1. Postanowienia ogólne

Niniejszy regulamin określa zasady korzystania z serwisu ogłoszeń nieruchomości, w tym zasady zakładania kont, publikowania ogłoszeń oraz kontaktu między użytkownikami. Korzystanie z serwisu oznacza akceptację regulaminu.

§2. Konta użytkowników

Konto może założyć osoba fizyczna, biuro nieruchomości, deweloper lub obiekt noclegowy. Użytkownik zobowiązuje się podawać prawdziwe dane i chronić swoje hasło przed osobami trzecimi. Biura mogą dodawać do konta swoich agentów.

§3. Ogłoszenia

Ogłoszenie musi dotyczyć rzeczywistej nieruchomości lub usługi związanej z rynkiem nieruchomości. Zabronione jest publikowanie treści wprowadzających w błąd, zdjęć niezwiązanych z ofertą oraz wielokrotne dodawanie tej samej oferty. Ogłoszenie jest widoczne przez 30 dni i może zostać przedłużone.

§4. Odpowiedzialność

Serwis nie jest stroną transakcji zawieranych między użytkownikami i nie odpowiada za treść ogłoszeń. Zgłoszenia naruszeń rozpatrujemy w ciągu 7 dni roboczych; ogłoszenia niezgodne z regulaminem usuwamy.

§5. Polityka prywatności

Administratorem danych osobowych jest operator serwisu. Dane przetwarzamy w celu świadczenia usług, obsługi konta i kontaktu z użytkownikiem, na podstawie art. 6 ust. 1 lit. b i f RODO. Użytkownik ma prawo dostępu do danych, ich sprostowania, usunięcia, ograniczenia przetwarzania oraz wniesienia skargi do Prezesa UODO.

§6. Postanowienia końcowe

O zmianach regulaminu informujemy z co najmniej 14-dniowym wyprzedzeniem. W sprawach nieuregulowanych zastosowanie mają przepisy prawa polskiego.`,
  },
  {
    id: 18, title: 'Polityka cookies', name: 'polityka-cookies',
    content: `Serwis używa plików cookies, czyli niewielkich plików tekstowych zapisywanych w przeglądarce. Dzięki nim możesz pozostać zalogowany, a formularze są chronione przed nadużyciami.

Stosujemy cookies niezbędne (sesja, ochrona formularzy), funkcjonalne (zapamiętanie ostatniej lokalizacji na 1 dzień oraz ostatnich wyszukiwań) i statystyczne, które pomagają nam ulepszać serwis.

Ustawienia cookies możesz zmienić w swojej przeglądarce w dowolnym momencie. Wyłączenie cookies niezbędnych może uniemożliwić logowanie i dodawanie ogłoszeń.`,
  },
  {
    id: 19, title: 'Cennik', name: 'cennik',
    content: `Dodanie ogłoszenia przez osobę prywatną jest bezpłatne. Ogłoszenie jest widoczne przez 30 dni, a po tym czasie można je przedłużyć jednym kliknięciem.

Wyróżnienie ogłoszenia na stronie głównej i na górze wyników wyszukiwania kosztuje 19 zł za 7 dni lub 49 zł za 30 dni. Podbicie ogłoszenia na pierwsze miejsce listy to koszt 9 zł.

Biura nieruchomości i deweloperzy mogą skorzystać z pakietów abonamentowych z importem ofert z plików XML. Szczegóły przedstawimy po kontakcie z działem obsługi klienta.

Wszystkie ceny zawierają podatek VAT. Płatności obsługuje zewnętrzny operator płatności.`,
  },
  {
    id: 20, title: 'Jak dodać ogłoszenie', name: 'jak-dodac-ogloszenie',
    content: `Kliknij przycisk „Dodaj ogłoszenie” w nagłówku strony. Jeśli nie masz jeszcze konta, założysz je w trakcie dodawania ogłoszenia.

Wybierz kategorię nieruchomości i rodzaj oferty: sprzedaż, wynajem, zamianę lub oddanie. Wpisz tytuł, cenę, powierzchnię i dokładny opis, a następnie wskaż lokalizację na mapie.

Dodaj zdjęcia – najlepiej jasne, poziome i wykonane w dzień. Dobre zdjęcia i pełny opis sprawiają, że ogłoszenie wyświetla się częściej i budzi większe zaufanie.

Po zapisaniu ogłoszenie od razu pojawi się w wynikach wyszukiwania. Możesz je w każdej chwili edytować, zakończyć lub wyróżnić w panelu „Moje ogłoszenia”.`,
  },
  {
    id: 21, title: 'Bezpieczne transakcje', name: 'bezpieczne-transakcje',
    content: `Nigdy nie wpłacaj zaliczki ani kaucji przed obejrzeniem nieruchomości i podpisaniem umowy. Oszuści często podają atrakcyjną cenę i naciskają na szybki przelew.

Sprawdź księgę wieczystą w bezpłatnej przeglądarce Ministerstwa Sprawiedliwości i upewnij się, że sprzedający jest właścicielem. Przy zakupie poproś o zaświadczenie o braku zaległości w opłatach.

Umowę najmu zawieraj na piśmie i spisz protokół zdawczo-odbiorczy ze stanem liczników. Przy sprzedaży umowę zawiera się u notariusza, który weryfikuje dokumenty stron.

Jeśli ogłoszenie wydaje się podejrzane, zgłoś je nam – sprawdzimy je i w razie potrzeby usuniemy.`,
  },
]

/** Inserts the static pages when the table is empty (runs even with DEMO_DATA=0). Returns how many were added. */
export async function seedContent(db: Db): Promise<number> {
  const existing = await db.select({ n: sql<number>`count(*)::int` }).from(pages)
  if (Number(existing[0]?.n ?? 0) > 0) return 0
  await db.insert(pages).values(STATIC_PAGES.map((p, position) => ({ ...p, status: 'active' as const, position }))).onConflictDoNothing()
  return STATIC_PAGES.length
}
