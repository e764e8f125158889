/**
 * The first version of the editorial pages and FAQ (issue 12), written for this portal. They are copied into the
 * database once (seed.ts) and from then on belong to the moderators' CMS: edits there are never overwritten.
 * Body format: blank-line paragraphs, `## ` headings, `- ` list items (contracts/content.ts).
 */

export const ABOUT_PAGE = {
  slug: 'o-nas',
  title: 'O nas',
  lead: 'Dazu to portal ogłoszeń nieruchomości, na którym właściciele, biura nieruchomości i deweloperzy spotykają się z osobami szukającymi mieszkania, domu, działki czy lokalu — bez zbędnych kroków i ukrytych opłat.',
  body: `## Kim jesteśmy

Działamy od 2021 roku. Zaczynaliśmy jako mały serwis z ogłoszeniami mieszkań na wynajem, a dziś publikujemy oferty sprzedaży, wynajmu, zamiany i oddania nieruchomości z całej Polski: mieszkania, domy, domy modułowe, działki, lokale użytkowe, garaże, miejsca parkingowe, pokoje, domki letniskowe, magazyny oraz obiekty noclegowe.

Tworzy nas niewielki zespół programistów, projektantów i konsultantów, którzy sami wynajmowali, kupowali i sprzedawali nieruchomości. Wiemy, jak frustrujące są nieaktualne ogłoszenia, zdjęcia niepasujące do opisu i ceny „do uzgodnienia”. Dlatego budujemy portal, w którym najważniejsze informacje są widoczne od razu.

## Co dla Ciebie robimy

- Wyszukiwarka z filtrami, które mają znaczenie: cena, metraż, liczba pokoi i łazienek, rynek, stan wykończenia, piętro oraz udogodnienia w okolicy.
- Mapa ofert, dzięki której sprawdzisz, co jest w pobliżu szkoły, pracy czy przystanku.
- Historia zmian ceny w każdym ogłoszeniu — widzisz, czy cena spadła i o ile.
- Bezpłatne dodawanie ogłoszeń przez osoby prywatne i przejrzysty cennik wyróżnień.
- Konta firmowe dla biur nieruchomości i deweloperów, z kontami agentów i profilem firmy.

## Bezpieczeństwo ogłoszeń

Każde ogłoszenie można zgłosić jednym kliknięciem. Zgłoszenia sprawdzamy w ciągu 7 dni roboczych, a ogłoszenia wprowadzające w błąd usuwamy. Formularze chronimy weryfikacją antyspamową, która nie śledzi użytkowników i nie korzysta z usług zewnętrznych firm. W poradnikach na naszym blogu podpowiadamy, jak rozpoznać próbę oszustwa i jak bezpiecznie zawrzeć umowę.

## Dla biur nieruchomości i deweloperów

Firmy mogą zarządzać ofertami całego zespołu z jednego konta: dodawać agentów, wyróżniać wybrane ogłoszenia i prezentować się na publicznym profilu. Chętnie pomożemy w przeniesieniu ofert z innego serwisu — napisz do nas przez formularz kontaktowy.

## Skontaktuj się z nami

Masz pytanie, pomysł albo zauważyłeś błąd? Napisz przez formularz na stronie Kontakt — odpowiadamy w dni robocze, zwykle w ciągu 24 godzin. Odpowiedzi na najczęstsze pytania znajdziesz w dziale FAQ.`,
}

export interface FaqSeedGroup { slug: string; title: string; entries: { question: string; answer: string }[] }

export const FAQ_GROUPS: FaqSeedGroup[] = [
  {
    slug: 'konto', title: 'Konto',
    entries: [
      {
        question: 'Jak założyć konto?',
        answer: `Kliknij „Zarejestruj się” w menu użytkownika, wybierz, kim jesteś (osoba prywatna, agencja nieruchomości albo deweloper), i podaj adres email oraz hasło. Na podany adres wyślemy link aktywacyjny — konto zacznie działać po jego kliknięciu.

Jeśli link nie dotarł, sprawdź folder spam albo użyj opcji „Nie dostałeś maila aktywacyjnego?” w oknie logowania.`,
      },
      {
        question: 'Nie pamiętam hasła. Co zrobić?',
        answer: 'W oknie logowania wybierz „Nie pamiętasz hasła?” i wpisz adres email konta. Wyślemy link, pod którym ustawisz nowe hasło. Ze względów bezpieczeństwa link działa tylko przez ograniczony czas i tylko raz.',
      },
      {
        question: 'Czym różni się konto firmowe od prywatnego?',
        answer: 'Konto agencji nieruchomości lub dewelopera ma publiczny profil firmy, pozwala dodawać agentów, którzy publikują ogłoszenia w imieniu firmy, i pokazuje oferty całego zespołu w jednym miejscu. Typ konta wybierasz przy rejestracji.',
      },
      {
        question: 'Jak usunąć konto?',
        answer: `Zaloguj się, otwórz „Ustawienia konta” i wybierz „Usuń konto”. Usunięcie potwierdzasz swoim hasłem.

Razem z kontem znikają Twoje ogłoszenia, ulubione i zapisane wyszukiwania. Tej operacji nie można cofnąć, więc jeśli chcesz tylko na jakiś czas wstrzymać sprzedaż lub wynajem, wystarczy zakończyć ogłoszenia w „Moich ogłoszeniach”.`,
      },
    ],
  },
  {
    slug: 'ogloszenia', title: 'Ogłoszenia',
    entries: [
      {
        question: 'Jak dodać ogłoszenie?',
        answer: `Kliknij „Dodaj ogłoszenie” w nagłówku strony. Wybierz kategorię i rodzaj oferty (sprzedaż, wynajem, zamiana, oddam), wpisz tytuł, cenę, powierzchnię i opis, wskaż lokalizację na mapie i dodaj zdjęcia.

Nie musisz mieć konta wcześniej — założysz je w trakcie dodawania ogłoszenia. Ogłoszenie zapisuje się jako szkic, więc możesz wrócić do niego później.`,
      },
      {
        question: 'Ile kosztuje dodanie ogłoszenia?',
        answer: 'Dla osób prywatnych dodanie ogłoszenia jest bezpłatne. Płatne są tylko dodatkowe opcje, takie jak wyróżnienie na stronie głównej i na górze wyników wyszukiwania czy podbicie ogłoszenia. Aktualne ceny znajdziesz w cenniku w stopce strony.',
      },
      {
        question: 'Jak długo ogłoszenie jest widoczne?',
        answer: 'Ogłoszenie jest widoczne przez 30 dni od publikacji. Przed końcem tego okresu i po nim możesz je odnowić jednym kliknięciem w „Moich ogłoszeniach” — wtedy znów będzie widoczne przez 30 dni.',
      },
      {
        question: 'Ile zdjęć mogę dodać i jakie są najlepsze?',
        answer: `Do jednego ogłoszenia dodasz do 40 zdjęć i 10 rzutów lub planów. Obsługujemy pliki JPG, PNG, WebP i HEIC z telefonu do 15 MB każdy — sami zmniejszymy je do rozmiarów wygodnych w przeglądaniu.

Najlepiej sprawdzają się jasne, poziome zdjęcia zrobione w dzień, pokazujące każde pomieszczenie. Pierwsze zdjęcie jest okładką ogłoszenia na liście wyników.`,
      },
      {
        question: 'Jak edytować lub zakończyć ogłoszenie?',
        answer: 'Wszystkie swoje ogłoszenia znajdziesz w „Moich ogłoszeniach”. Przy każdym z nich są przyciski do edycji, zakończenia i odnowienia. Zakończone ogłoszenie znika z wyników wyszukiwania, ale zostaje na Twoim koncie i możesz je później wznowić.',
      },
    ],
  },
  {
    slug: 'platnosci-i-promowanie', title: 'Płatności i promowanie',
    entries: [
      {
        question: 'Na czym polega wyróżnienie ogłoszenia?',
        answer: 'Wyróżnione ogłoszenie pokazujemy na stronie głównej oraz na górze wyników wyszukiwania w swojej kategorii i lokalizacji, z wyraźnym oznaczeniem. Dzięki temu zobaczy je więcej osób, zwłaszcza w pierwszych dniach po publikacji.',
      },
      {
        question: 'Czy dostanę fakturę?',
        answer: 'Tak. Do każdej płatności wystawiamy fakturę VAT. Wystawione dokumenty znajdziesz po zalogowaniu w historii płatności na swoim koncie.',
      },
    ],
  },
  {
    slug: 'bezpieczenstwo', title: 'Bezpieczeństwo',
    entries: [
      {
        question: 'Jak rozpoznać nieuczciwe ogłoszenie?',
        answer: `Uważaj na oferty z ceną wyraźnie niższą niż podobne w okolicy, na prośby o wpłatę zaliczki przed obejrzeniem nieruchomości i na sprzedających, którzy „są za granicą” i proponują przesłanie kluczy kurierem.

Nigdy nie podawaj kodów BLIK, danych karty ani haseł do bankowości. Nie klikaj w linki do „płatności” lub „rezerwacji” przysłane w wiadomości — nasz portal nie pośredniczy w płatnościach między użytkownikami.`,
      },
      {
        question: 'Jak zgłosić podejrzane ogłoszenie?',
        answer: 'Na stronie każdego ogłoszenia jest przycisk „Zgłoś to ogłoszenie”. Wybierz powód i krótko opisz problem. Zgłoszenia sprawdzamy w ciągu 7 dni roboczych, a w pilnych sprawach — na przykład przy próbie wyłudzenia pieniędzy — napisz także przez formularz kontaktowy.',
      },
      {
        question: 'Czy mój numer telefonu jest widoczny dla wszystkich?',
        answer: 'Numer telefonu pokazujemy dopiero po kliknięciu „Pokaż numer” i rozwiązaniu weryfikacji antyspamowej, co utrudnia automatyczne zbieranie numerów przez roboty. Adresu email nie pokazujemy wcale — wiadomości z formularza trafiają do Ciebie bez ujawniania Twojego adresu.',
      },
    ],
  },
]
