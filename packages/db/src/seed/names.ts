/** Polish name banks for demo users (first names with their surname gender). */
export const FEMALE_FIRST = ['Anna', 'Maria', 'Katarzyna', 'Małgorzata', 'Agnieszka', 'Barbara', 'Ewa', 'Magdalena', 'Joanna', 'Aleksandra', 'Monika', 'Zofia', 'Natalia', 'Julia', 'Karolina', 'Marta', 'Beata', 'Dorota', 'Paulina', 'Weronika', 'Justyna', 'Iwona', 'Alicja', 'Hanna']
export const MALE_FIRST = ['Piotr', 'Krzysztof', 'Andrzej', 'Tomasz', 'Paweł', 'Jan', 'Michał', 'Marcin', 'Jakub', 'Adam', 'Łukasz', 'Mateusz', 'Grzegorz', 'Wojciech', 'Mariusz', 'Dariusz', 'Marek', 'Kamil', 'Rafał', 'Bartosz', 'Szymon', 'Maciej', 'Sebastian', 'Robert']
/** Surnames as [masculine, feminine]. */
export const SURNAMES: [string, string][] = [
  ['Nowak', 'Nowak'], ['Kowalski', 'Kowalska'], ['Wiśniewski', 'Wiśniewska'], ['Wójcik', 'Wójcik'],
  ['Kowalczyk', 'Kowalczyk'], ['Kamiński', 'Kamińska'], ['Lewandowski', 'Lewandowska'], ['Zieliński', 'Zielińska'],
  ['Szymański', 'Szymańska'], ['Woźniak', 'Woźniak'], ['Dąbrowski', 'Dąbrowska'], ['Kozłowski', 'Kozłowska'],
  ['Jankowski', 'Jankowska'], ['Mazur', 'Mazur'], ['Kwiatkowski', 'Kwiatkowska'], ['Krawczyk', 'Krawczyk'],
  ['Piotrowski', 'Piotrowska'], ['Grabowski', 'Grabowska'], ['Nowakowski', 'Nowakowska'], ['Pawłowski', 'Pawłowska'],
  ['Michalski', 'Michalska'], ['Adamczyk', 'Adamczyk'], ['Dudek', 'Dudek'], ['Zając', 'Zając'], ['Wieczorek', 'Wieczorek'],
  ['Jabłoński', 'Jabłońska'], ['Król', 'Król'], ['Majewski', 'Majewska'], ['Olszewski', 'Olszewska'], ['Jaworski', 'Jaworska'],
  ['Wróbel', 'Wróbel'], ['Malinowski', 'Malinowska'], ['Pawlak', 'Pawlak'], ['Witkowski', 'Witkowska'], ['Walczak', 'Walczak'],
  ['Stępień', 'Stępień'], ['Górski', 'Górska'], ['Rutkowski', 'Rutkowska'], ['Michalak', 'Michalak'], ['Sikora', 'Sikora'],
]

export const STREETS = ['Marszałkowska', 'Puławska', 'Grójecka', 'Mickiewicza', 'Słowackiego', 'Kościuszki', 'Piłsudskiego',
  'Jana Pawła II', 'Długa', 'Polna', 'Leśna', 'Ogrodowa', 'Lipowa', 'Kwiatowa', 'Szkolna', 'Sienkiewicza', 'Żeromskiego',
  'Reymonta', 'Chopina', 'Krótka', 'Wiejska', 'Słoneczna', 'Brzozowa', 'Akacjowa', '3 Maja', 'Grunwaldzka', 'Wolności',
  'Kopernika', 'Batorego', 'Konopnickiej']

export const AGENCIES = [
  { name: 'Nieruchomości Kowalski i Wspólnicy', city: 'warszawa' },
  { name: 'Dom & Styl Biuro Nieruchomości', city: 'krakow' },
  { name: 'Atrium Nieruchomości', city: 'wroclaw' },
  { name: 'Bałtyk Invest Nieruchomości', city: 'gdansk' },
  { name: 'Wielkopolskie Centrum Nieruchomości', city: 'poznan' },
  { name: 'Klucz Agencja Nieruchomości', city: 'lodz' },
  { name: 'Śląskie Domy Biuro Obrotu Nieruchomościami', city: 'katowice' },
  { name: 'Metropolia Nieruchomości Wiśniewska', city: 'warszawa' },
]

export const DEVELOPERS = [
  { name: 'Wiślane Tarasy Development', city: 'warszawa' },
  { name: 'Zielone Osiedla Deweloper sp. z o.o.', city: 'krakow' },
  { name: 'Odra Park Inwestycje', city: 'wroclaw' },
  { name: 'Nadmorskie Apartamenty S.A.', city: 'gdansk' },
  { name: 'Budomex Deweloper', city: 'poznan' },
]

export const HOTEL = { name: 'Pensjonat Pod Lipami', city: 'gdynia' }

export const AGENCY_SERVICES = ['Sprzedaż nieruchomości', 'Wynajem i zarządzanie najmem', 'Pośrednictwo kredytowe',
  'Wycena nieruchomości', 'Home staging', 'Sesje zdjęciowe i wirtualne spacery', 'Obsługa prawna transakcji']
export const DEVELOPER_SERVICES = ['Sprzedaż mieszkań z rynku pierwotnego', 'Lokale usługowe', 'Miejsca postojowe',
  'Wykończenia pod klucz', 'Pomoc w uzyskaniu kredytu']
export const HOTEL_SERVICES = ['Noclegi', 'Śniadania', 'Sala konferencyjna', 'Parking dla gości', 'Wypożyczalnia rowerów']
export const LANGUAGES = ['polski', 'angielski', 'niemiecki', 'ukraiński', 'rosyjski', 'francuski', 'hiszpański', 'włoski']
