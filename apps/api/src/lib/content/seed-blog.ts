/**
 * The first blog guides (issue 12), written for this portal. Copied into `blog_posts` once (seed.ts); the CMS owns
 * them afterwards. `scene` picks the generated cover illustration; `city`/`category` pick the related listings.
 */
export interface BlogSeed {
  slug: string
  title: string
  lead: string
  body: string
  coverAlt: string
  scene: 'living' | 'bedroom' | 'kitchen' | 'block' | 'townhouse' | 'house' | 'field'
  city?: string
  category?: string
  /** Days before the seed time the post counts as published (keeps a stable order). */
  daysAgo: number
}

export const BLOG_POSTS: BlogSeed[] = [
  {
    slug: 'zakup-mieszkania-krok-po-kroku',
    title: 'Zakup mieszkania krok po kroku',
    lead: 'Od ustalenia budżetu, przez sprawdzenie księgi wieczystej i umowę przedwstępną, aż po akt notarialny i odbiór kluczy — przewodnik dla kupujących pierwsze mieszkanie.',
    coverAlt: 'Jasny salon w mieszkaniu w bloku',
    scene: 'living', category: 'mieszkanie', daysAgo: 3,
    body: `Zakup mieszkania to dla większości z nas największa transakcja w życiu. Dobra wiadomość: cały proces da się rozpisać na kilka przewidywalnych kroków. Zła: pominięcie któregoś z nich może kosztować dużo pieniędzy i nerwów.

## 1. Policz budżet i sprawdź zdolność kredytową

Zanim zaczniesz oglądać oferty, dowiedz się, na jaki kredyt możesz liczyć. Banki zwykle wymagają wkładu własnego w wysokości 10–20% ceny. Do ceny mieszkania doliczysz też koszty transakcyjne: taksę notarialną, opłaty sądowe za wpisy w księdze wieczystej, a na rynku wtórnym — co do zasady — 2% podatku od czynności cywilnoprawnych (od 2023 roku osoby kupujące pierwsze mieszkanie mogą być z niego zwolnione). Zostaw też zapas na remont i przeprowadzkę.

## 2. Wybierz rynek: pierwotny czy wtórny

Mieszkanie od dewelopera jest nowe, ale często czeka się na nie miesiącami i trzeba je wykończyć. Mieszkanie z rynku wtórnego możesz zwykle obejrzeć „na żywo” i wprowadzić się szybciej. W wyszukiwarce wybierzesz rynek w filtrach rozszerzonych.

## 3. Obejrzyj mieszkanie dokładnie

Umów się na oglądanie w dzień. Sprawdź stan okien, instalacji elektrycznej i wodnej, ślady wilgoci w łazience i narożnikach ścian, a także klatkę schodową, piwnicę i otoczenie budynku. Zapytaj o wysokość czynszu administracyjnego, fundusz remontowy i planowane remonty.

## 4. Sprawdź stan prawny

Numer księgi wieczystej pozwala bezpłatnie przejrzeć ją w internecie. Zwróć uwagę na:

- dział II — czy sprzedający jest właścicielem,
- dział III — czy nie ma służebności, roszczeń ani ostrzeżeń o toczących się sprawach,
- dział IV — czy mieszkanie nie jest obciążone hipoteką, a jeśli tak, jak zostanie spłacona.

Poproś też o zaświadczenie ze spółdzielni lub wspólnoty o braku zaległości i o osobach zameldowanych.

## 5. Podpisz umowę przedwstępną

Umowa przedwstępna określa cenę, termin zawarcia umowy przyrzeczonej i wysokość zadatku. Zadatek — w przeciwieństwie do zaliczki — przepada, gdy z transakcji wycofa się kupujący, a gdy zrobi to sprzedający, musi on zwrócić go w podwójnej wysokości. Jeśli kupujesz na kredyt, zawrzyj umowę w formie aktu notarialnego albo przynajmniej przewidź w niej czas potrzebny na decyzję banku.

## 6. Akt notarialny i przekazanie mieszkania

Własność przechodzi na Ciebie z chwilą podpisania aktu notarialnego. Notariusz pobierze podatek i opłaty sądowe oraz wyśle wniosek o wpis do księgi wieczystej. Przy przekazaniu kluczy spiszcie protokół ze stanem liczników — przyda się przy przepisywaniu mediów na nowego właściciela.`,
  },
  {
    slug: 'umowa-najmu-mieszkania-co-powinna-zawierac',
    title: 'Umowa najmu mieszkania — co powinna zawierać',
    lead: 'Zwykła, okazjonalna czy instytucjonalna? Wyjaśniamy, czym różnią się rodzaje umów najmu, jaką kaucję można pobrać i co wpisać do umowy, żeby uniknąć sporów.',
    coverAlt: 'Sypialnia w wynajmowanym mieszkaniu',
    scene: 'bedroom', category: 'mieszkanie', daysAgo: 8,
    body: `Dobra umowa najmu chroni obie strony: właściciel wie, kiedy i ile dostanie, a najemca — na jakich zasadach mieszka i kiedy odzyska kaucję. Umowę zawsze warto zawrzeć na piśmie, nawet jeśli wynajem trwa tylko kilka miesięcy.

## Rodzaje umów najmu lokalu mieszkalnego

- Najem zwykły — najprostszy, ale najmniej chroniący właściciela przy problemach z eksmisją.
- Najem okazjonalny — dla właścicieli będących osobami fizycznymi. Najemca składa u notariusza oświadczenie o poddaniu się egzekucji i wskazuje lokal, do którego się wyprowadzi po zakończeniu najmu, a właściciel zgłasza umowę do urzędu skarbowego w ciągu 14 dni od początku najmu.
- Najem instytucjonalny — podobny do okazjonalnego, przeznaczony dla firm wynajmujących mieszkania w ramach działalności.

## Co powinno znaleźć się w umowie

- dane stron i dokładny adres mieszkania,
- czas trwania umowy (oznaczony lub nieoznaczony) i zasady wypowiedzenia,
- wysokość czynszu, termin płatności i numer rachunku,
- kto i w jaki sposób płaci za media oraz czynsz administracyjny,
- wysokość kaucji i zasady jej zwrotu,
- lista wyposażenia i zasady drobnych napraw,
- zgoda (lub jej brak) na zwierzęta, podnajem i meldunek.

## Kaucja

Kaucja zabezpiecza roszczenia właściciela, np. za zniszczenia. Przy najmie zwykłym może wynieść do dwunastokrotności miesięcznego czynszu, a przy najmie okazjonalnym — do sześciokrotności. Właściciel zwraca ją w ciągu miesiąca od opróżnienia lokalu, potrącając udokumentowane należności.

## Protokół zdawczo-odbiorczy

Przy przekazaniu kluczy spiszcie protokół: stan ścian, podłóg i sprzętów, liczba kompletów kluczy, stany liczników prądu, gazu i wody. Zróbcie zdjęcia z datą. To najprostszy sposób, by przy wyprowadzce nie spierać się o to, czy rysa na blacie była tam wcześniej.

## Zanim podpiszesz

Sprawdź, czy osoba wynajmująca jest właścicielem lub ma pełnomocnictwo — poproś o numer księgi wieczystej. Nie płać kaucji ani pierwszego czynszu, zanim zobaczysz mieszkanie i podpiszesz umowę.`,
  },
  {
    slug: 'swiadectwo-charakterystyki-energetycznej-od-2023',
    title: 'Świadectwo charakterystyki energetycznej — obowiązki od 2023 roku',
    lead: 'Od 28 kwietnia 2023 roku sprzedający i wynajmujący muszą przekazać świadectwo charakterystyki energetycznej. Kto je wystawia, ile jest ważne i co grozi za jego brak?',
    coverAlt: 'Dom jednorodzinny z ogrodem',
    scene: 'house', category: 'dom', daysAgo: 14,
    body: `Świadectwo charakterystyki energetycznej pokazuje, ile energii potrzebuje budynek lub mieszkanie do ogrzewania, przygotowania ciepłej wody, wentylacji i — w budynkach niemieszkalnych — oświetlenia. Od nowelizacji przepisów, która weszła w życie 28 kwietnia 2023 roku, dotyczy ono znacznie większej liczby transakcji niż wcześniej.

## Kiedy świadectwo jest wymagane

Właściciel przekazuje świadectwo (oryginał lub kopię) nabywcy przy sprzedaży, a najemcy przy najmie budynku lub lokalu. Obowiązek dotyczy także najmu pojedynczego mieszkania. Przepisy przewidują wyjątki, m.in. dla budynków zabytkowych, wolnostojących budynków o małej powierzchni użytkowej i budynków przeznaczonych do użytkowania krócej niż dwa lata.

## Co ze świadectwem w ogłoszeniu

W ogłoszeniu sprzedaży lub najmu warto podać wskaźnik rocznego zapotrzebowania na nieodnawialną energię pierwotną (EP), jeżeli świadectwo zostało sporządzone. Dla kupującego to szybka wskazówka, czy rachunki za ogrzewanie będą wysokie.

## Kto wystawia świadectwo

Świadectwo może sporządzić wyłącznie osoba wpisana do wykazu prowadzonego przez ministra właściwego do spraw budownictwa. Gotowy dokument trafia do centralnego rejestru charakterystyki energetycznej budynków i otrzymuje w nim numer. Przed zleceniem sprawdź, czy wybrana osoba figuruje w wykazie — w internecie nie brakuje „świadectw” wystawianych bez oglądania lokalu i bez uprawnień.

## Ile kosztuje i jak długo jest ważne

Cena zależy od rodzaju i wielkości nieruchomości; za mieszkanie płaci się zwykle kilkaset złotych. Świadectwo jest ważne przez 10 lat, chyba że wcześniej przeprowadzono przebudowę lub remont zmieniający charakterystykę energetyczną — np. wymianę źródła ciepła czy docieplenie budynku. Wtedy trzeba sporządzić nowe.

## Co grozi za brak świadectwa

Niedopełnienie obowiązku przekazania świadectwa jest wykroczeniem zagrożonym karą grzywny. Brak świadectwa nie unieważnia jednak umowy sprzedaży ani najmu.

## Jak przygotować się do wizyty audytora

Przygotuj dokumentację budynku (jeśli ją masz), informacje o rodzaju ogrzewania i źródle ciepłej wody, rok budowy, informację o dociepleniu i wymianie okien oraz powierzchnię użytkową. Im pełniejsze dane, tym dokładniejsze świadectwo.`,
  },
  {
    slug: 'jak-nie-dac-sie-oszukac-przy-wynajmie-i-zakupie',
    title: 'Jak nie dać się oszukać przy wynajmie i zakupie nieruchomości',
    lead: 'Fałszywe ogłoszenia, prośby o zaliczkę „na rezerwację” i linki do podrobionych płatności. Poznaj najczęstsze schematy oszustw i proste sposoby, by się przed nimi uchronić.',
    coverAlt: 'Kamienica z balkonami w centrum miasta',
    scene: 'townhouse', daysAgo: 21,
    body: `Oszuści wiedzą, że mieszkania w dobrych lokalizacjach znikają z rynku w kilka dni, i wykorzystują pośpiech szukających. Większość prób oszustwa da się jednak rozpoznać po kilku powtarzających się sygnałach.

## Najczęstsze schematy

- Zaliczka za „rezerwację” — atrakcyjne mieszkanie, wielu chętnych i prośba o szybki przelew, zanim ktokolwiek pokaże lokal.
- Właściciel za granicą — sprzedający lub wynajmujący nie może się spotkać, więc proponuje wysłanie kluczy kurierem po wpłacie kaucji.
- Fałszywa płatność — link do strony „bezpiecznej transakcji” albo „potwierdzenia rezerwacji”, który wyłudza dane karty lub logowania do banku.
- Kopia cudzego ogłoszenia — zdjęcia i opis skopiowane z prawdziwej oferty, ale z innym numerem telefonu i niższą ceną.

## Zasady, które chronią

- Nie wpłacaj żadnych pieniędzy przed obejrzeniem nieruchomości i podpisaniem umowy.
- Nie podawaj kodów BLIK, danych karty ani haseł; nie instaluj aplikacji, o które prosi druga strona.
- Sprawdź w księdze wieczystej, kto jest właścicielem, i porównaj te dane z dokumentem tożsamości osoby, z którą się spotykasz.
- Przy sprzedaży transakcję zawsze zawiera się u notariusza; przy najmie — na piśmie, z protokołem przekazania.
- Porównaj cenę z podobnymi ofertami w okolicy. Cena o kilkadziesiąt procent niższa niż średnia to sygnał ostrzegawczy.

## Jak pomagamy

Na każdym ogłoszeniu jest przycisk „Zgłoś to ogłoszenie”. Zgłoszenia sprawdzamy, a ogłoszenia wprowadzające w błąd usuwamy. Adresów email użytkowników nie pokazujemy publicznie, a numer telefonu odsłaniamy dopiero po weryfikacji antyspamowej, co utrudnia masowe zbieranie kontaktów.

## Gdy już doszło do oszustwa

Natychmiast skontaktuj się ze swoim bankiem i zastrzeż kartę lub dostęp do konta, zgłoś sprawę na policję i zachowaj całą korespondencję. Napisz też do nas przez formularz kontaktowy, podając adres ogłoszenia — zablokujemy je, by nie skrzywdziło kolejnych osób.`,
  },
  {
    slug: 'zakup-dzialki-budowlanej-co-sprawdzic',
    title: 'Zakup działki budowlanej — co sprawdzić przed podpisaniem umowy',
    lead: 'Plan miejscowy, warunki zabudowy, dostęp do drogi i mediów, granice i badanie gruntu. Lista kontrolna, dzięki której działka marzeń nie okaże się kłopotem.',
    coverAlt: 'Pole i łąka na skraju wsi',
    scene: 'field', category: 'dzialka', daysAgo: 30,
    body: `Działka, która na zdjęciach wygląda idealnie, może okazać się niemożliwa do zabudowy albo bardzo droga w uzbrojeniu. Zanim wpłacisz zadatek, sprawdź kilka rzeczy — większość informacji zdobędziesz w urzędzie gminy i w internecie.

## Przeznaczenie działki

Zacznij od miejscowego planu zagospodarowania przestrzennego. Plan określa, czy na działce wolno postawić dom, jakiej wysokości, z jakim dachem i jaką część działki może zająć zabudowa. Jeśli planu nie ma, budowa jest możliwa na podstawie decyzji o warunkach zabudowy — warto wystąpić o nią jeszcze przed zakupem albo uzależnić od niej zawarcie umowy przyrzeczonej.

## Dostęp do drogi publicznej

Działka musi mieć dostęp do drogi publicznej — bezpośrednio albo przez drogę wewnętrzną lub ustanowioną służebność przejazdu. Brak dostępu to jeden z najczęstszych i najdroższych problemów.

## Media

Sprawdź, czy w pobliżu są sieci wodociągowa, kanalizacyjna, elektroenergetyczna i gazowa, i zapytaj gestorów sieci o warunki przyłączenia. Jeśli kanalizacji nie ma, potrzebne będzie szambo lub przydomowa oczyszczalnia.

## Stan prawny i granice

W księdze wieczystej sprawdź właściciela, służebności i hipoteki. W ewidencji gruntów zobaczysz klasę gruntu — grunty rolne o wysokich klasach bywa trudno przeznaczyć pod zabudowę. Jeśli granice budzą wątpliwości, zamów u geodety wznowienie znaków granicznych.

## Grunt i otoczenie

Badanie geotechniczne pokaże, czy grunt jest nośny i jak wysoko jest woda gruntowa. Sprawdź mapy zagrożenia powodziowego i zapytaj sąsiadów o podtopienia. Zobacz też, co może powstać w okolicy — plan miejscowy sąsiednich terenów powie, czy za płotem nie stanie hala magazynowa.

## Działka rolna

Zakup nieruchomości rolnej o powierzchni co najmniej 0,3 ha podlega ograniczeniom ustawy o kształtowaniu ustroju rolnego. Zanim zdecydujesz się na taką działkę, skonsultuj transakcję z notariuszem.`,
  },
  {
    slug: 'wynajem-mieszkania-w-krakowie-poradnik',
    title: 'Wynajem mieszkania w Krakowie — dzielnice i praktyczne wskazówki',
    lead: 'Studenci, młode rodziny, osoby pracujące w centrum biznesowym — każdy szuka w Krakowie czegoś innego. Podpowiadamy, jak wybrać dzielnicę i kiedy najłatwiej znaleźć mieszkanie.',
    coverAlt: 'Blok mieszkalny w Krakowie',
    scene: 'block', city: 'krakow', daysAgo: 40,
    body: `Kraków to jeden z najbardziej konkurencyjnych rynków najmu w Polsce: dziesiątki tysięcy studentów, rosnąca liczba pracowników centrów usług biznesowych i turyści, którzy zajmują część mieszkań w centrum. Dobre oferty znikają szybko, dlatego warto wiedzieć, czego szukać.

## Kiedy szukać

Największy ruch jest od lipca do końca września, gdy mieszkań szukają studenci. Jeśli możesz, szukaj poza tym okresem — wybór bywa mniejszy, ale konkurencja słabsza, a właściciele chętniej negocjują. Ustaw zapisane wyszukiwanie z powiadomieniem, aby dowiadywać się o nowych ofertach od razu.

## Dzielnice w skrócie

- Stare Miasto i Kazimierz — klimat, restauracje i bliskość wszystkiego, ale też hałas, turyści i wyższe ceny.
- Krowodrza i Bronowice — dobre połączenia z uczelniami i centrum, sporo mieszkań w blokach i kamienicach.
- Podgórze i Zabłocie — nowe inwestycje, blisko Kazimierza i biurowców, dobre dla osób pracujących w centrum.
- Czyżyny, Prokocim, Bieżanów — spokojniej, więcej zieleni i rozsądniejsze czynsze, dobre dla rodzin.
- Nowa Huta — przestronne mieszkania i parki, za to dłuższy dojazd do centrum.

## Na co zwrócić uwagę

- Dojazd — sprawdź na mapie ogłoszenia czas dojazdu tramwajem do pracy lub uczelni w godzinach szczytu.
- Ogrzewanie — w starszych kamienicach wciąż zdarza się ogrzewanie elektryczne, które podnosi rachunki zimą. Zapytaj o średnie opłaty.
- Opłaty — upewnij się, czy podana cena obejmuje czynsz administracyjny i media. W ogłoszeniach szukaj oznaczenia „Rachunki wliczone”.
- Najem krótkoterminowy w budynku — jeśli wiele mieszkań w budynku wynajmowanych jest turystom, może być głośno.

## Umowa i bezpieczeństwo

Umowę zawieraj na piśmie, z protokołem przekazania i stanem liczników. Nie płać kaucji przed obejrzeniem mieszkania — w popularnych miastach oszuści szczególnie często publikują fałszywe oferty. Więcej na ten temat przeczytasz w naszym poradniku o bezpiecznym najmie.`,
  },
  {
    slug: 'jak-przygotowac-mieszkanie-do-sprzedazy',
    title: 'Jak przygotować mieszkanie do sprzedaży i zrobić dobre zdjęcia',
    lead: 'Pierwsze wrażenie kupujący wyrabiają sobie na podstawie zdjęć w ogłoszeniu. Kilka prostych zmian i dobrze napisany opis potrafią skrócić czas sprzedaży o tygodnie.',
    coverAlt: 'Nowoczesna kuchnia z jasnymi frontami',
    scene: 'kitchen', category: 'mieszkanie', daysAgo: 55,
    body: `Kupujący przeglądają dziesiątki ogłoszeń dziennie i decydują w kilka sekund, czy kliknąć w Twoje. O tym decydują zdjęcia, cena i pierwsze zdanie opisu.

## Porządek i drobne naprawy

Zanim zrobisz zdjęcia, usuń z pomieszczeń nadmiar mebli i drobiazgów, schowaj rzeczy osobiste i zdjęcia rodzinne. Napraw cieknący kran, wymień przepalone żarówki i odśwież ściany, jeśli są mocno zabrudzone. Pomieszczenia mają wyglądać na przestronne i zadbane — kupujący powinien móc wyobrazić sobie w nich siebie.

## Zdjęcia

- Fotografuj w dzień, przy odsłoniętych oknach i włączonym świetle.
- Rób zdjęcia w poziomie, z wysokości klatki piersiowej, z rogu pomieszczenia.
- Pokaż każde pomieszczenie, a także balkon, widok z okna, klatkę schodową i otoczenie budynku.
- Pierwsze zdjęcie to okładka ogłoszenia — wybierz najjaśniejsze ujęcie salonu albo budynku.
- Dodaj rzut mieszkania. Kupujący chętnie sprawdzają układ pomieszczeń, zanim umówią się na oglądanie.

## Opis

W pierwszym zdaniu podaj to, co najważniejsze: metraż, liczbę pokoi, piętro i dzielnicę. Potem opisz stan mieszkania, wysokość czynszu administracyjnego, ogrzewanie, miejsce parkingowe lub komórkę lokatorską i okolicę — szkoły, sklepy, komunikację. Pisz konkretnie i prawdziwie; przesadzony opis rozczarowuje na oglądaniu.

## Cena

Sprawdź ceny podobnych mieszkań w tej samej okolicy — w wynikach wyszukiwania widzisz cenę za metr kwadratowy każdej oferty. Zbyt wysoka cena na starcie sprawia, że ogłoszenie „starzeje się”, a późniejsze obniżki kupujący widzą w historii zmian ceny.

## Dokumenty

Przygotuj z wyprzedzeniem numer księgi wieczystej, zaświadczenie o braku zaległości w opłatach, świadectwo charakterystyki energetycznej (od 2023 roku obowiązkowe przy sprzedaży) i — przy mieszkaniu spółdzielczym — zaświadczenie ze spółdzielni. Dzięki temu transakcja nie utknie na ostatniej prostej.`,
  },
]
