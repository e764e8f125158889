/**
 * The 30 popular cities of spec §9 in its order, with the locative the search understands ('w Krakowie'),
 * their districts (with coordinates of the district centre) and a price level relative to Warsaw for demo data.
 */
export interface District { name: string; lat: number; lon: number }
/** 'z Krakowa', 'w Krakowie'; derived by rule in inflection.ts. */
export interface PlaceForms { genitive: string; locative: string }
export interface City {
  name: string
  slug: string
  /** Locative after 'w'/'we': 'w Krakowie', 'we Wrocławiu'. */
  locative: string
  voivodeship: string
  lat: number
  lon: number
  priceLevel: number
  districts: District[]
}

const d = (name: string, lat: number, lon: number): District => ({ name, lat, lon })

export const CITIES: City[] = [
  { name: 'Warszawa', slug: 'warszawa', locative: 'Warszawie', voivodeship: 'mazowieckie', lat: 52.2297, lon: 21.0122, priceLevel: 1, districts: [
    d('Śródmieście', 52.2319, 21.0067), d('Mokotów', 52.1935, 21.0346), d('Wola', 52.2362, 20.9598), d('Żoliborz', 52.2687, 20.9829),
    d('Praga-Północ', 52.2556, 21.0355), d('Praga-Południe', 52.2392, 21.0829), d('Ochota', 52.2125, 20.9734), d('Ursynów', 52.1408, 21.0327),
    d('Bemowo', 52.2546, 20.9102), d('Bielany', 52.2853, 20.9447), d('Targówek', 52.2906, 21.0489), d('Białołęka', 52.3194, 20.9869),
    d('Wilanów', 52.1626, 21.0889), d('Wawer', 52.1968, 21.1795), d('Ursus', 52.1955, 20.8826), d('Włochy', 52.1948, 20.9326),
  ] },
  { name: 'Kraków', slug: 'krakow', locative: 'Krakowie', voivodeship: 'małopolskie', lat: 50.0647, lon: 19.945, priceLevel: 0.92, districts: [
    d('Stare Miasto', 50.0614, 19.9366), d('Kazimierz', 50.0515, 19.9445), d('Podgórze', 50.0433, 19.9568), d('Krowodrza', 50.0775, 19.9132),
    d('Bronowice', 50.0806, 19.8848), d('Nowa Huta', 50.0716, 20.0376), d('Dębniki', 50.0395, 19.9153), d('Prądnik Biały', 50.0935, 19.9269),
    d('Prądnik Czerwony', 50.0917, 19.9671), d('Czyżyny', 50.0712, 20.0014), d('Bieżanów-Prokocim', 50.0186, 20.0108), d('Łagiewniki', 50.0269, 19.9325),
  ] },
  { name: 'Łódź', slug: 'lodz', locative: 'Łodzi', voivodeship: 'łódzkie', lat: 51.7592, lon: 19.456, priceLevel: 0.55, districts: [
    d('Śródmieście', 51.7686, 19.4573), d('Bałuty', 51.7969, 19.4357), d('Górna', 51.7349, 19.4695), d('Polesie', 51.7613, 19.4153), d('Widzew', 51.7607, 19.5285),
  ] },
  { name: 'Wrocław', slug: 'wroclaw', locative: 'Wrocławiu', voivodeship: 'dolnośląskie', lat: 51.1079, lon: 17.0385, priceLevel: 0.8, districts: [
    d('Stare Miasto', 51.1098, 17.0326), d('Krzyki', 51.0783, 17.0139), d('Fabryczna', 51.1207, 16.9619), d('Psie Pole', 51.1533, 17.0829),
    d('Śródmieście', 51.1185, 17.0561), d('Nadodrze', 51.1216, 17.0283), d('Biskupin', 51.1047, 17.0966), d('Jagodno', 51.0509, 17.0612),
  ] },
  { name: 'Poznań', slug: 'poznan', locative: 'Poznaniu', voivodeship: 'wielkopolskie', lat: 52.4064, lon: 16.9252, priceLevel: 0.7, districts: [
    d('Stare Miasto', 52.4084, 16.9342), d('Jeżyce', 52.4143, 16.8996), d('Grunwald', 52.3935, 16.8809), d('Wilda', 52.3894, 16.9224),
    d('Łazarz', 52.3955, 16.8996), d('Rataje', 52.3928, 16.9663), d('Winogrady', 52.4268, 16.9400), d('Piątkowo', 52.4557, 16.9153),
  ] },
  { name: 'Gdańsk', slug: 'gdansk', locative: 'Gdańsku', voivodeship: 'pomorskie', lat: 54.352, lon: 18.6466, priceLevel: 0.88, districts: [
    d('Śródmieście', 54.3481, 18.6532), d('Wrzeszcz', 54.3806, 18.6059), d('Oliwa', 54.4103, 18.5605), d('Przymorze', 54.4083, 18.5927),
    d('Zaspa', 54.3964, 18.6055), d('Jasień', 54.3364, 18.5580), d('Orunia', 54.3253, 18.6373), d('Letnica', 54.3921, 18.6419),
  ] },
  { name: 'Szczecin', slug: 'szczecin', locative: 'Szczecinie', voivodeship: 'zachodniopomorskie', lat: 53.4285, lon: 14.5528, priceLevel: 0.55, districts: [
    d('Centrum', 53.4289, 14.5530), d('Pogodno', 53.4386, 14.5107), d('Niebuszewo', 53.4523, 14.5444), d('Gumieńce', 53.4142, 14.4996), d('Prawobrzeże', 53.4041, 14.6394),
  ] },
  { name: 'Bydgoszcz', slug: 'bydgoszcz', locative: 'Bydgoszczy', voivodeship: 'kujawsko-pomorskie', lat: 53.1235, lon: 18.0084, priceLevel: 0.5, districts: [
    d('Śródmieście', 53.1235, 18.0024), d('Fordon', 53.1470, 18.1676), d('Szwederowo', 53.1116, 18.0138), d('Bartodzieje', 53.1318, 18.0426),
  ] },
  { name: 'Lublin', slug: 'lublin', locative: 'Lublinie', voivodeship: 'lubelskie', lat: 51.2465, lon: 22.5684, priceLevel: 0.6, districts: [
    d('Śródmieście', 51.2481, 22.5613), d('Czuby', 51.2255, 22.5309), d('Czechów', 51.2685, 22.5497), d('Kalinowszczyzna', 51.2571, 22.5926),
  ] },
  { name: 'Białystok', slug: 'bialystok', locative: 'Białymstoku', voivodeship: 'podlaskie', lat: 53.1325, lon: 23.1688, priceLevel: 0.56, districts: [
    d('Centrum', 53.1325, 23.1591), d('Antoniuk', 53.1494, 23.1437), d('Bojary', 53.1325, 23.1775), d('Dziesięciny', 53.1547, 23.1578),
  ] },
  { name: 'Katowice', slug: 'katowice', locative: 'Katowicach', voivodeship: 'śląskie', lat: 50.2649, lon: 19.0238, priceLevel: 0.58, districts: [
    d('Śródmieście', 50.2599, 19.0216), d('Ligota', 50.2290, 18.9784), d('Brynów', 50.2388, 18.9926), d('Koszutka', 50.2749, 19.0244),
  ] },
  { name: 'Gdynia', slug: 'gdynia', locative: 'Gdyni', voivodeship: 'pomorskie', lat: 54.5189, lon: 18.5305, priceLevel: 0.85, districts: [
    d('Śródmieście', 54.5180, 18.5413), d('Orłowo', 54.4805, 18.5557), d('Redłowo', 54.4925, 18.5391), d('Chylonia', 54.5452, 18.4768),
  ] },
  { name: 'Częstochowa', slug: 'czestochowa', locative: 'Częstochowie', voivodeship: 'śląskie', lat: 50.8118, lon: 19.1203, priceLevel: 0.4, districts: [
    d('Śródmieście', 50.8106, 19.1240), d('Tysiąclecie', 50.8237, 19.0997), d('Raków', 50.7857, 19.1511),
  ] },
  { name: 'Radom', slug: 'radom', locative: 'Radomiu', voivodeship: 'mazowieckie', lat: 51.4027, lon: 21.1471, priceLevel: 0.4, districts: [
    d('Śródmieście', 51.4027, 21.1532), d('Ustronie', 51.3947, 21.1750), d('Michałów', 51.4139, 21.1706),
  ] },
  { name: 'Rzeszów', slug: 'rzeszow', locative: 'Rzeszowie', voivodeship: 'podkarpackie', lat: 50.0412, lon: 21.9991, priceLevel: 0.55, districts: [
    d('Śródmieście', 50.0378, 22.0047), d('Baranówka', 50.0526, 21.9866), d('Nowe Miasto', 50.0276, 22.0202),
  ] },
  { name: 'Toruń', slug: 'torun', locative: 'Toruniu', voivodeship: 'kujawsko-pomorskie', lat: 53.0138, lon: 18.5984, priceLevel: 0.5, districts: [
    d('Stare Miasto', 53.0103, 18.6040), d('Bielany', 53.0247, 18.5734), d('Rubinkowo', 53.0226, 18.6586),
  ] },
  { name: 'Sosnowiec', slug: 'sosnowiec', locative: 'Sosnowcu', voivodeship: 'śląskie', lat: 50.2863, lon: 19.104, priceLevel: 0.38, districts: [
    d('Centrum', 50.2863, 19.1040), d('Zagórze', 50.2812, 19.1695), d('Pogoń', 50.2811, 19.1275),
  ] },
  { name: 'Kielce', slug: 'kielce', locative: 'Kielcach', voivodeship: 'świętokrzyskie', lat: 50.8661, lon: 20.6286, priceLevel: 0.45, districts: [
    d('Centrum', 50.8703, 20.6275), d('Ślichowice', 50.8752, 20.6006), d('Bocianek', 50.8891, 20.6309),
  ] },
  { name: 'Gliwice', slug: 'gliwice', locative: 'Gliwicach', voivodeship: 'śląskie', lat: 50.2945, lon: 18.6714, priceLevel: 0.45, districts: [
    d('Śródmieście', 50.2945, 18.6667), d('Sośnica', 50.2795, 18.6236), d('Sikornik', 50.2787, 18.6551),
  ] },
  { name: 'Olsztyn', slug: 'olsztyn', locative: 'Olsztynie', voivodeship: 'warmińsko-mazurskie', lat: 53.7784, lon: 20.4801, priceLevel: 0.5, districts: [
    d('Śródmieście', 53.7779, 20.4791), d('Jaroty', 53.7384, 20.4904), d('Kortowo', 53.7578, 20.4583),
  ] },
  { name: 'Zabrze', slug: 'zabrze', locative: 'Zabrzu', voivodeship: 'śląskie', lat: 50.3249, lon: 18.7857, priceLevel: 0.33, districts: [
    d('Centrum', 50.3095, 18.7856), d('Rokitnica', 50.3497, 18.7344),
  ] },
  { name: 'Bielsko-Biała', slug: 'bielsko-biala', locative: 'Bielsku-Białej', voivodeship: 'śląskie', lat: 49.8224, lon: 19.0584, priceLevel: 0.52, districts: [
    d('Śródmieście', 49.8224, 19.0445), d('Złote Łany', 49.8387, 19.0221), d('Mikuszowice', 49.7839, 19.0691),
  ] },
  { name: 'Bytom', slug: 'bytom', locative: 'Bytomiu', voivodeship: 'śląskie', lat: 50.3484, lon: 18.9156, priceLevel: 0.28, districts: [
    d('Śródmieście', 50.3484, 18.9156), d('Szombierki', 50.3402, 18.8813),
  ] },
  { name: 'Zielona Góra', slug: 'zielona-gora', locative: 'Zielonej Górze', voivodeship: 'lubuskie', lat: 51.9356, lon: 15.5062, priceLevel: 0.45, districts: [
    d('Centrum', 51.9356, 15.5062), d('Os. Piastowskie', 51.9453, 15.5254),
  ] },
  { name: 'Rybnik', slug: 'rybnik', locative: 'Rybniku', voivodeship: 'śląskie', lat: 50.0971, lon: 18.5418, priceLevel: 0.38, districts: [
    d('Śródmieście', 50.0971, 18.5418), d('Maroko-Nowiny', 50.0893, 18.5578),
  ] },
  { name: 'Ruda Śląska', slug: 'ruda-slaska', locative: 'Rudzie Śląskiej', voivodeship: 'śląskie', lat: 50.2558, lon: 18.8556, priceLevel: 0.32, districts: [
    d('Nowy Bytom', 50.2949, 18.8718), d('Wirek', 50.2616, 18.8621),
  ] },
  { name: 'Opole', slug: 'opole', locative: 'Opolu', voivodeship: 'opolskie', lat: 50.6751, lon: 17.9213, priceLevel: 0.47, districts: [
    d('Śródmieście', 50.6684, 17.9236), d('Zaodrze', 50.6737, 17.9034), d('Nowa Wieś Królewska', 50.6817, 17.9500),
  ] },
  { name: 'Tychy', slug: 'tychy', locative: 'Tychach', voivodeship: 'śląskie', lat: 50.1218, lon: 18.9887, priceLevel: 0.45, districts: [
    d('Centrum', 50.1218, 18.9887), d('Żwaków', 50.1140, 18.9694),
  ] },
  { name: 'Gorzów Wielkopolski', slug: 'gorzow-wielkopolski', locative: 'Gorzowie Wielkopolskim', voivodeship: 'lubuskie', lat: 52.7368, lon: 15.2288, priceLevel: 0.4, districts: [
    d('Śródmieście', 52.7368, 15.2288), d('Górczyn', 52.7223, 15.2136),
  ] },
  { name: 'Elbląg', slug: 'elblag', locative: 'Elblągu', voivodeship: 'warmińsko-mazurskie', lat: 54.1561, lon: 19.4045, priceLevel: 0.35, districts: [
    d('Stare Miasto', 54.1561, 19.3985), d('Zawada', 54.1762, 19.4249),
  ] },
]

/**
 * Place names (or single words of them) whose genitive/locative the rules of inflection.ts get wrong: feminine and
 * soft-stem nouns that look hard ('Łódź', 'Radom'), fleeting vowels ('Wawer'), plurals and adjectives used alone.
 * Every other form of the cities and districts above is derived (docs/catalogue.md lists them all).
 */
export const IRREGULAR_PLACE_FORMS: Record<string, Partial<PlaceForms>> = {
  'Łódź': { genitive: 'Łodzi', locative: 'Łodzi' },
  'Wrocław': { genitive: 'Wrocławia', locative: 'Wrocławiu' },
  'Bydgoszcz': { genitive: 'Bydgoszczy', locative: 'Bydgoszczy' },
  'Białystok': { genitive: 'Białegostoku', locative: 'Białymstoku' },
  'Radom': { genitive: 'Radomia', locative: 'Radomiu' },
  'Bytom': { genitive: 'Bytomia', locative: 'Bytomiu' },
  'Tychy': { genitive: 'Tychów' },
  'Wawer': { genitive: 'Wawra', locative: 'Wawrze' },
  'Prokocim': { genitive: 'Prokocimia', locative: 'Prokocimiu' },
  'Pogoń': { genitive: 'Pogoni', locative: 'Pogoni' },
  'Miasto': { locative: 'Mieście' },
  'Górna': { genitive: 'Górnej', locative: 'Górnej' },
  'Fabryczna': { genitive: 'Fabrycznej', locative: 'Fabrycznej' },
  'Rataje': { genitive: 'Ratajów', locative: 'Ratajach' },
  'Bartodzieje': { genitive: 'Bartodziejów', locative: 'Bartodziejach' },
  'Gumieńce': { genitive: 'Gumieniec' },
  'Złote Łany': { genitive: 'Złotych Łanów', locative: 'Złotych Łanach' },
  'Os. Piastowskie': { genitive: 'Osiedla Piastowskiego', locative: 'Osiedlu Piastowskim' },
  'Nowa Wieś Królewska': { genitive: 'Nowej Wsi Królewskiej', locative: 'Nowej Wsi Królewskiej' },
}

/** 'we' before some consonant clusters, 'w' otherwise. */
export function locativePhrase(city: City): string {
  return /^(W[rł]|Wł)/.test(city.locative) ? `we ${city.locative}` : `w ${city.locative}`
}

export const CITY_BY_SLUG = new Map(CITIES.map((c) => [c.slug, c]))

/** 'na Mokotowie', 'we Wrzeszczu': district locatives where they are well known; otherwise the city's. */
export const DISTRICT_LOCATIVE: Record<string, string> = {
  'Śródmieście': 'w Śródmieściu', 'Mokotów': 'na Mokotowie', 'Wola': 'na Woli', 'Żoliborz': 'na Żoliborzu',
  'Praga-Północ': 'na Pradze-Północ', 'Praga-Południe': 'na Pradze-Południe', 'Ochota': 'na Ochocie',
  'Ursynów': 'na Ursynowie', 'Bemowo': 'na Bemowie', 'Bielany': 'na Bielanach', 'Targówek': 'na Targówku',
  'Białołęka': 'na Białołęce', 'Wilanów': 'w Wilanowie', 'Wawer': 'w Wawrze', 'Ursus': 'w Ursusie', 'Włochy': 'we Włochach',
  'Stare Miasto': 'na Starym Mieście', 'Kazimierz': 'na Kazimierzu', 'Podgórze': 'w Podgórzu', 'Krowodrza': 'na Krowodrzy',
  'Bronowice': 'w Bronowicach', 'Nowa Huta': 'w Nowej Hucie', 'Dębniki': 'na Dębnikach', 'Prądnik Biały': 'na Prądniku Białym',
  'Prądnik Czerwony': 'na Prądniku Czerwonym', 'Czyżyny': 'w Czyżynach', 'Łagiewniki': 'w Łagiewnikach',
  'Bałuty': 'na Bałutach', 'Górna': 'na Górnej', 'Polesie': 'na Polesiu', 'Widzew': 'na Widzewie', 'Krzyki': 'na Krzykach',
  'Fabryczna': 'na Fabrycznej', 'Psie Pole': 'na Psim Polu', 'Nadodrze': 'na Nadodrzu', 'Biskupin': 'na Biskupinie',
  'Jagodno': 'na Jagodnie', 'Jeżyce': 'na Jeżycach', 'Grunwald': 'na Grunwaldzie', 'Wilda': 'na Wildzie', 'Łazarz': 'na Łazarzu',
  'Rataje': 'na Ratajach', 'Winogrady': 'na Winogradach', 'Piątkowo': 'na Piątkowie', 'Wrzeszcz': 'we Wrzeszczu',
  'Oliwa': 'w Oliwie', 'Przymorze': 'na Przymorzu', 'Zaspa': 'na Zaspie', 'Jasień': 'na Jasieniu', 'Orunia': 'na Oruni',
  'Centrum': 'w centrum', 'Pogodno': 'na Pogodnie', 'Fordon': 'w Fordonie', 'Czuby': 'na Czubach', 'Czechów': 'na Czechowie',
  'Orłowo': 'w Orłowie', 'Redłowo': 'w Redłowie', 'Chylonia': 'na Chyloni', 'Ligota': 'na Ligocie', 'Brynów': 'na Brynowie',
  'Koszutka': 'na Koszutce', 'Zagórze': 'w Zagórzu', 'Jaroty': 'na Jarotach', 'Kortowo': 'w Kortowie', 'Zaodrze': 'na Zaodrzu',
}
